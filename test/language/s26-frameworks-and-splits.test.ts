import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Which program runs and how it lays the model over the GPUs (branch rframe4, issue 22): ms-swift's one
 * process over several visible devices.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const canon = (text: string) => canonicalText(read(text).scenario);

describe('one ms-swift process over several visible devices splits the model by device_map (swift/utils/torch_utils.py is_mp)', () => {
  it.each([
    ['CUDA_VISIBLE_DEVICES=0,1,2,3 swift sft --model Qwen/Qwen2.5-7B-Instruct --train_type lora', 4],
    ['CUDA_VISIBLE_DEVICES=0,1 \\\nswift sft \\\n  --model Qwen/Qwen2.5-7B-Instruct \\\n  --train_type full', 2],
    ['NPROC_PER_NODE=1 CUDA_VISIBLE_DEVICES=0,1,2 swift sft --model Qwen/Qwen2.5-7B-Instruct --train_type lora', 3],
    ['用这个命令训练爆显存：CUDA_VISIBLE_DEVICES=0,1 swift rlhf --rlhf_type dpo --model Qwen/Qwen2.5-7B-Instruct --train_type lora', 2],
    ['export CUDA_VISIBLE_DEVICES=4,5,6,7\nswift pt --model Qwen/Qwen2.5-1.5B --train_type full', 4],
  ])('a layer split over the devices: %s', (text, n) => {
    const c = canon(text);
    expect(c).toContain(`pp ${n} device map auto`);
    expect(c).not.toMatch(/\bddp\b/);
  });

  it.each([
    // Several processes: data parallel, as read before.
    'CUDA_VISIBLE_DEVICES=0,1,2,3 NPROC_PER_NODE=4 swift sft --model Qwen/Qwen2.5-7B-Instruct --train_type lora',
    // DeepSpeed shards the run instead.
    'CUDA_VISIBLE_DEVICES=0,1 NPROC_PER_NODE=2 swift sft --model Qwen/Qwen2.5-7B-Instruct --train_type lora --deepspeed zero3',
    // Not ms-swift: a plain script sees the devices and may run one GPU.
    'CUDA_VISIBLE_DEVICES=0,1 torchrun --nproc_per_node 2 train.py --model_name_or_path Qwen/Qwen2.5-7B-Instruct',
  ])('no layer split: %s', (text) => {
    expect(canon(text)).not.toContain('device map');
  });

  it.each([
    ['c1983', 'pp 4 device map auto'],
    ['c1951', 'pp 2 device map auto'],
  ])('the real line %s', (id, want) => {
    expect(canon(lineText(id))).toContain(want);
  });
});

describe('a process count written but not 1 keeps the run data parallel', () => {
  it.each([
    'export CUDA_VISIBLE_DEVICES=0,1,2,3\nGPUS_PER_NODE=4\nDISTRIBUTED_ARGS="--nproc_per_node $GPUS_PER_NODE"\nswift sft --model_type qwen2-7b-instruct --sft_type lora',
    'NPROC_PER_NODE=$nproc CUDA_VISIBLE_DEVICES=0,1 swift sft --model Qwen/Qwen2.5-7B-Instruct --train_type lora',
  ])('%s', (text) => {
    expect(canon(text)).not.toContain('device map');
  });
  it('the real line c1773 (modelscope/ms-swift#1460)', () => {
    expect(canon(lineText('c1773'))).not.toContain('device map');
  });
});
