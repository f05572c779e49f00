import { describe, expect, it } from 'vitest';
import { LAUNCHED_REPLICAS_RULE } from '../../src/language/reconcile/launched-replicas.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A device_map layer split under a launcher that starts several processes is one replica per process (DDP),
 * said with the other reading; one process keeps the split (reconcile/launched-replicas.ts). The variations
 * were written before the rule (first sight: 0 of 8 read as replicas, every one read PP N "in one process").
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;
const layoutOf = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) return null;
  const s = r.scenario;
  return { sharding: s.sharding.kind, pp: s.parallel.pp, gpus: s.hardware?.count ?? null, said: r.assumptions.some((a) => /one replica per process/.test(a)) };
};

const LAUNCHED: [string, number][] = [
  ['torchrun --nproc_per_node 4 finetune.py --model_name_or_path meta-llama/Llama-2-13b-hf --device_map auto --per_device_train_batch_size 1 full finetune OOM on 4x A100 40GB', 4],
  ['I launch with `accelerate launch --num_processes 2 train.py` and load the model with device_map="auto", lora on llama-2-7b, 2x 3090, OOM', 2],
  ['用torchrun --nproc_per_node=8 启动 sft，模型加载用了device_map=auto，8张A800 80G，qwen-14b lora 训练爆显存', 8],
  ['python -m torch.distributed.launch --nproc_per_node=2 train.py --model_name_or_path mistralai/Mistral-7B-v0.1 --device_map auto --do_train on 2x RTX 4090', 2],
  ['torchrun --nproc_per_node 4 로 실행했고 device_map="auto" 로 모델을 불러왔습니다. A100 80GB 4장, llama-2-70b lora 학습 중 OOM', 4],
  ['CUDA_VISIBLE_DEVICES=0,1 torchrun --nproc_per_node=2 train.py config.yaml\n```yaml\nmodel_name_or_path: Qwen/Qwen2-7B\ndevice_map: auto\nper_device_train_batch_size: 2\n```\nfull finetune on 2x A6000 48GB', 2],
  ['accelerate launch --multi_gpu --num_processes=4 sft.py --model meta-llama/Meta-Llama-3-8B --device_map auto --lora_r 16 on 4 x RTX 3090 train', 4],
  ['deepspeed --num_gpus 2 train.py --model_name_or_path meta-llama/Llama-2-7b-hf --device_map auto --lora_r 8 on 2x 4090', 2],
  ['deepspeed train.py --model_name_or_path meta-llama/Llama-2-7b-hf --device_map auto --lora_r 8 on 4x A10 24GB', 4],
];

const ONE_PROCESS: [string, number][] = [
  ['python finetune.py --base_model meta-llama/Llama-2-13b-hf --device_map auto lora on 4x A100 40GB train', 4],
  ['I load llama-2-70b with device_map="auto" over 4x A100 80GB and run lora training in one process', 4],
  ['CUDA_VISIBLE_DEVICES=0,1,2,3 python train.py --model_name_or_path meta-llama/Llama-2-13b-hf --device_map auto --use_lora on 4x 3090', 4],
];

describe(`${LAUNCHED_REPLICAS_RULE.id}: a device_map split under several launched processes is DDP`, () => {
  it.each(LAUNCHED)('%s', (text, n) => {
    expect(layoutOf(text)).toMatchObject({ pp: 1, gpus: n, said: true });
    expect(layoutOf(text)!.sharding).toBe('ddp');
  });

  it.each(ONE_PROCESS)('one process keeps the layer split: %s', (text, n) => {
    expect(layoutOf(text)).toMatchObject({ pp: n, gpus: n, said: false });
  });

  it("its example is the rule's own line", () => {
    expect(layoutOf(`${LAUNCHED_REPLICAS_RULE.example} on 2x A100 80GB full pretraining`)).toMatchObject({ pp: 1, said: true });
  });

  it('c2076: MedicalGPT pretraining under torchrun of 2 processes is DDP, not PP 2', () => {
    expect(layoutOf(line('c2076').text)).toMatchObject({ sharding: 'ddp', pp: 1, gpus: 2, said: true });
  });

  it('c965: the error\'s "naive pipeline" under torch.distributed.launch of 8 processes is DDP', () => {
    expect(layoutOf(line('c965').text)).toMatchObject({ pp: 1, gpus: 8, said: true });
  });
});
