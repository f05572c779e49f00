import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus, loadWithdrawn } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Whether a message is about running the model or training it (issue 22 §7), and the keys that say
 * so. Each rule below names its cause, with the real lines that show it and invented variations.
 */

// Withdrawn lines (a thread serves one corpus) keep their words for the rules pinned to them.
const line = (id: string) => [...loadCorpus(), ...loadWithdrawn()].find((l) => l.id === id)!;

describe('a generation length beside a training run is its evaluation or a later step, not a contradiction', () => {
  // PrimeIntellect-ai/prime-rl#1097 (c871): a LoRA RL run's `[sampling] max_tokens = 2000` was refused as
  // '"max_tokens = 2000" applies to inference; it contradicts "LoRA (rank 128"'. THUDM/GLM-4 fine-tune
  // configs (c533, c640) carry `generation_config: max_new_tokens` for their evaluation the same way.
  it('c871: the LoRA run is read, the sampler cap said as not used', () => {
    const { scenario, said } = read(line('c871').text);
    expect(scenario.mode).toBe('lora');
    expect(scenario.lora?.rank).toBe(128);
    expect(said).toMatch(/"max_tokens = 2000" is a generation length/);
  });

  it('invented: spellings, order and languages of a generation length beside a fine-tune', () => {
    for (const text of [
      'qlora llama-3-8b on 1x rtx-4090, max_new_tokens 512',
      'max_new_tokens=256 then fine-tune mistral-7b with lora on a100-80g',
      'full fine-tune qwen2.5-7b on 8x h100 --max-new-tokens 1024',
      '用 lora 微调 qwen2.5-7b，max_new_tokens: 512，4x a100-80g',
    ]) {
      const r = read(text);
      expect(r.scenario.mode, text).not.toBe('inference');
      expect(r.said, text).toMatch(/is a generation length/);
    }
  });

  it('a serving setting (utilization, KV dtype) beside a fine-tune still contradicts it', () => {
    expect(resolveRequest('llama-3-8b full util 0.9 on a100-80g', null).ok).toBe(false);
    expect(resolveRequest('llama-3-8b lora kv fp8 on a100-80g', null).ok).toBe(false);
  });

  it('with no training word a generation length still runs the model', () => {
    expect(read('llama-3-8b max_new_tokens 512 on a100-80g').scenario.mode).toBe('inference');
  });
});

describe("a trainer's short CLI keys say the run trains", () => {
  // huggingface/autotrain-advanced#446 (c908): `autotrain llm --train … --lr 2e-4 --batch-size 12 --epochs 1
  // --trainer sft` was read as running Phi-1.5: --train, --lr, --epochs and --trainer were set aside.
  // `--lr 2e-5` / `--epochs 1 --lr 1e-5` carry the same word in c245, c377, c384, c805 and c891.
  it('c908: the AutoTrain SFT command is a full fine-tune', () => {
    const { scenario } = read(line('c908').text);
    expect(scenario.mode).toBe('full');
    expect(scenario.microBatch).toBe(12);
  });

  it('c944: AutoTrain with --use-peft and --quantization int4 is QLoRA on an NF4 base', () => {
    const { scenario } = read(line('c944').text);
    expect(scenario.mode).toBe('qlora');
    expect(scenario.weights).toBe('nf4');
    expect(scenario.lora?.rank).toBe(8);
  });

  it('invented: --lr, --epochs, a bare --train and --trainer sft, in any order and spelling', () => {
    for (const text of [
      'phi-2 --lr 2e-4 --batch-size 4',
      'mistral-7b --epochs 3 on 1x a100-80g',
      'python lora.py --model mistral-7b --train --iters 100',
      'autotrain llm --model meta-llama/Llama-2-7b-hf --trainer sft --batch-size 2',
      'llama-3-8b lr=1e-5 epochs=2 on 8x h100',
    ]) {
      expect(read(text).scenario.mode, text).not.toBe('inference');
    }
    expect(read('autotrain llm --train --model meta-llama/Llama-2-7b-hf --trainer dpo').scenario.framework).toBe('dpo');
  });

  it('a disabled --train, or a train file, says nothing', () => {
    expect(read('llama-3-8b --train false on a100-80g').scenario.mode).toBe('inference');
  });
});

describe('a switch named in prose ("add --use_lora parameter") is on', () => {
  // OptimalScale/LMFlow#213 (c896): "1. add --use_lora parameter" with ZeRO-2 was read as a full
  // fine-tune; Qwen-VL's and Monkey's finetune scripts take the same switch (Yuliang-Liu/Monkey#41,
  // "添加了“--use_lora”"), c419 writes `--use_lora 'true'`.
  it('c896: LoRA on LLaMA-7B under ZeRO-2', () => {
    const { scenario } = read(line('c896').text);
    expect(scenario.mode).toBe('lora');
    expect(scenario.sharding).toEqual({ kind: 'zero', stage: 2 });
  });

  it('invented: the switch with its noun, with a value, and in Chinese', () => {
    for (const text of [
      'finetune llama-2-7b, I added the --use_lora flag, on 1x rtx-4090',
      'finetune qwen-7b with --use_lora True on 2x a100-40g',
      'finetune qwen-7b 加了 --use_lora 参数 2x a100-40g',
      'sft llama-2-7b --use_peft option on 1x a10g',
    ]) {
      expect(read(text).scenario.mode, text).toBe('lora');
    }
    expect(read('finetune qwen-7b --use_lora false on 2x a100-40g').scenario.mode).toBe('full');
  });
});

describe("a serving engine's settings written in a training framework's config", () => {
  // hiyouga/LlamaFactory#5173 (c880): `infer_backend: vllm` with `vllm_enforce_eager: true` in the
  // YAML of `llamafactory-cli api` lost the eager mode (LLaMA-Factory's list had it as no effect);
  // #4870 (c433) passes the same switch on the command line.
  it('c880: LLaMA-Factory API on vLLM, eager', () => {
    const { scenario } = read(line('c880').text);
    expect(scenario.mode).toBe('inference');
    expect(scenario.inference?.enforceEager).toBe(true);
  });

  it('invented: the YAML and CLI spellings', () => {
    for (const text of [
      'llamafactory-cli api\n```yaml\nmodel_name_or_path: Qwen/Qwen2-7B-Instruct\ninfer_backend: vllm\nvllm_enforce_eager: true\n```',
      'llamafactory-cli chat --model_name_or_path Qwen/Qwen2-7B-Instruct --infer_backend vllm --vllm_enforce_eager true on 1x rtx-4090',
    ]) {
      expect(read(text).scenario.inference?.enforceEager, text).toBe(true);
    }
  });
});

describe('host memory named as CPU memory after a total', () => {
  // vllm-project/vllm#1395 (c877): "2*A10, with 24GB gpu memory per device, total 376 GB cpu memory" set
  // the 376 GB aside as the memory of all the cards.
  it('c877: 376 GB of host RAM beside two A10', () => {
    const { scenario } = read(line('c877').text);
    expect(scenario.hostMemoryBytes).toBe(376 * 2 ** 30);
    expect(scenario.hardware?.count).toBe(2);
  });

  it('invented: the total said as system memory or RAM; as GPU memory it stays no host memory', () => {
    expect(read('llama-2-70b on 4x a100-80g, total 512 GB system memory').scenario.hostMemoryBytes).toBe(512 * 2 ** 30);
    expect(read('llama-2-70b on 4x a100-80g, total 256gb ram').scenario.hostMemoryBytes).toBe(256 * 2 ** 30);
    expect(read('llama-2-70b on 4x a100-80g, total 320 GB gpu memory').scenario.hostMemoryBytes ?? null).toBeNull();
  });
});

describe("lmdeploy named by its modules and its Python import", () => {
  // InternLM/lmdeploy#452 (c917) `python3 -m lmdeploy.serve.gradio.app …` and #1182 (c918) `from lmdeploy
  // import pipeline, TurbomindEngineConfig` were read on transformers and on vLLM; c542, c598 and c746 run
  // `lmdeploy.serve.gradio.app`, `lmdeploy.pytorch.chat` and `lmdeploy.turbomind.chat` the same way.
  it('c917 and c918 run on lmdeploy', () => {
    for (const id of ['c917', 'c918']) expect(read(line(id).text).scenario.inference?.server, id).toBe('lmdeploy');
  });

  it('invented: the module paths and imports, in code and prose', () => {
    for (const text of [
      'internlm2-7b: python3 -m lmdeploy.serve.openai.api_server ./internlm2-7b --server-port 23333',
      'qwen-7b\n```bash\npython -m lmdeploy.turbomind.chat ./workspace\n```',
      'internlm2-7b\n```python\nfrom lmdeploy import pipeline\npipe = pipeline("internlm/internlm2-chat-7b")\n```',
      'internlm2-7b\n```python\nfrom lmdeploy import TurbomindEngineConfig, pipeline\nengine_config = TurbomindEngineConfig(session_len=4096)\n```',
    ]) {
      expect(read(text).scenario.inference?.server, text).toBe('lmdeploy');
    }
  });

  it("xinference's own --model-format names no lmdeploy", () => {
    expect(read('qwen1.5-72b xinference launch --model-format gptq --tensor_parallel_size 4 on 4x rtx-3090').scenario.inference?.server).toBeUndefined();
  });
});

describe('"Helm chart" and "CUDA graphs" ask for no chart', () => {
  // huggingface/text-generation-inference#1168 (c857): "Helm chart produces this configuration" in a TGI
  // deployment on GKE asked for the breakdown chart, unsaid; the CUDA graphs vLLM and TGI capture
  // (c552, c633, c728 name them) are the same kind of word.
  const chartOf = (text: string) => {
    const outcome = readInThread(text, null).outcome;
    if (!outcome.ok || !outcome.scenario) throw new Error(`not read: ${text}`);
    return outcome.scenario;
  };

  it('c857: no chart asked', () => {
    expect(chartOf(line('c857').text).chart).toBe('none');
  });

  it('invented: the words in prose; a chart asked for stays asked; "without cuda graphs" stays eager', () => {
    for (const text of [
      'I serve llama-2-7b with vllm and the cuda graph takes memory',
      'I deploy llama-2-7b on tgi with our Helm charts, on 1x a10g',
      'CUDA graphs use extra memory when I serve llama-2-13b with vllm',
    ]) {
      expect(chartOf(text).chart, text).toBe('none');
    }
    expect(chartOf('llama-2-7b vllm, show me a chart').chart).not.toBe('none');
    expect(chartOf('llama-2-7b vllm without cuda graphs').inference?.enforceEager).toBe(true);
  });
});
