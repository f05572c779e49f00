import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from './reading-fixtures.js';

/**
 * b76–b78 (rmodel13): the model wherever and however the user names it. Each group is one cause, tested on invented
 * variations (other series, separators, order, keys, tables, Chinese and Korean) beside the real line it showed in:
 * - a series the lexer has no whole name for ("Qwen2.5-VL", "Qwen3-VL") said apart from its size, or with none
 *   (read-tokens/compounds.ts isSeriesWord; c2625's family of lines);
 * - a size said in another sentence than its series is weak, said with both words (read-tokens/said-beside.ts);
 * - a GitHub repository named after a series, where the words name no family (prose.github-repo-series; c2676).
 */

/** The model `text` reads as (its shape against `reading`'s) and whether the reply says it as weak. */
function modelOf(text: string, reading: string): { weak: boolean } {
  const got = read(text).scenario;
  const want = read(`${reading} inference`).scenario;
  expect(got.model.arch).toEqual(want.model.arch);
  const r = resolveRequest(text, null);
  const fact = r.ok ? r.trace?.find((f) => f.fact === 'model') : undefined;
  return { weak: fact?.weak === true };
}

describe('a series said with its size beside it, parted by punctuation, a noun or a key, is that member', () => {
  it.each([
    ['Qwen2.5-VL，32B，8张A800全参微调', 'qwen2.5-vl-32b'],
    ['Qwen2.5-VL | 7B | A100 40G | OOM', 'qwen2.5-vl-7b'],
    ['model: Qwen2.5-VL\nsize: 7B\ngpu: A100 40G', 'qwen2.5-vl-7b'],
    ['Qwen2.5-VL 모델 7B를 4090에서 돌리면 OOM', 'qwen2.5-vl-7b'],
    ['Qwen2.5-VL (7B) on a 4090 OOM', 'qwen2.5-vl-7b'],
    ['Qwen2.5-VL / 32B / 8x A800 full finetune', 'qwen2.5-vl-32b'],
    ['the 7B Qwen2.5-VL OOMs on my 4090', 'qwen2.5-vl-7b'],
    ['Qwen3-VL, 8B, lora on a 3090', 'qwen3-vl-8b'],
    ['qwen2_vl (7B) 推理 显存不够, 4090', 'qwen2-vl-7b'],
  ])('%s', (text, reading) => {
    expect(modelOf(text, reading).weak).toBe(false);
  });
});

describe('a series named with no size is its common size, said with the others, never "Which model?"', () => {
  it.each([
    ['Qwen2.5-VL inference on a 4090 OOM', 'qwen2.5-vl-7b'],
    ['fine-tuning Qwen3-VL with lora on a 3090', 'qwen3-vl-8b'],
    ['Qwen2-VL 推理 显存不够 4090', 'qwen2-vl-7b'],
  ])('%s', (text, reading) => {
    expect(modelOf(text, reading).weak).toBe(true);
  });
});

describe('a series and a size said in different sentences are joined weak', () => {
  it.each([
    ["I'm trying Qwen2.5-VL for OCR. The 7B version OOMs on my 4090.", 'qwen2.5-vl-7b'],
    ['We use Baichuan2 for chat. Training the 13B with lora on one A100 80G OOMs in epoch 2', 'baichuan2-13b'],
  ])('%s', (text, reading) => {
    expect(modelOf(text, reading).weak).toBe(true);
  });
});

describe('a GitHub repository named after a series names the model where the words name no family (weak)', () => {
  it.each([
    ['我运行 7B的模型 报这个错, A100 40G, 启动命令是 python [web_demo_mm.py](https://github.com/QwenLM/Qwen2.5-VL/blob/main/web_demo_mm.py)', 'qwen2.5-vl-7b'],
    ['running the 7B model from https://github.com/QwenLM/Qwen2.5-VL on a 4090 OOMs', 'qwen2.5-vl-7b'],
    ['按照 https://github.com/THUDM/ChatGLM3 的说明部署 6B，3060 12G 爆显存', 'chatglm3-6b'],
    ['following https://github.com/baichuan-inc/Baichuan2/blob/main/fine-tune/fine-tune.py, lora on the 13B, one A100 80G OOM', 'baichuan2-13b'],
    ['https://github.com/QwenLM/Qwen3-VL/issues/1220 same problem with 32B on 8x A800', 'qwen3-vl-32b'],
    ['https://github.com/meta-llama/llama3 70B on 2x A100 80GB inference', 'llama-3-70b'],
  ])('%s', (text, reading) => {
    expect(modelOf(text, reading).weak).toBe(true);
  });

  it('a model the words name wins over the repository', () => {
    modelOf('using Qwen2.5-7B-Instruct with the demo from https://github.com/QwenLM/Qwen2.5-VL on a 4090', 'qwen2.5-7b');
  });
});

describe('a script named with its model size is that size, weak, where the words name no model (never "Which model?")', () => {
  it.each([
    ['运行bash scripts/run_for_7B_in_Linux_or_WSL.sh，报错 OOM, RTX 4090 24GB', '7b'],
    ['bash run_13b_lora.sh on a single A100 40G OOM', '13b'],
    ['sh scripts/finetune_70B_qlora.sh OOM on 2x A100 80GB', '70b'],
    ['python train_7b.py 在 3090 上爆显存', '7b'],
    ['./scripts/serve-32B.sh --tp 2 OOM, 2 x 4090', '32b'],
    ['执行 sh finetune_lora_ds_34b.sh 显存不够，8张V100', '34b'],
    ['python train_llama_7b.py --lora_r 8 在 3090 上爆显存', 'llama-7b'],
  ])('%s', (text, reading) => {
    expect(modelOf(text, reading).weak).toBe(true);
  });

  it('keeps the method the file names ("finetune_70B_qlora.sh" is QLoRA)', () => {
    expect(read('sh scripts/finetune_70B_qlora.sh OOM on 2x A100 80GB').scenario.mode).toBe('qlora');
  });

  it('a model named in the words wins over the script', () => {
    modelOf('bash run_7b.sh but I load Qwen2.5-14B-Instruct, 4090 OOM', 'qwen2.5-14b');
  });
});

describe('a mounted model folder names the model a server loads by the container path; a served label yields to it', () => {
  it.each([
    ['docker run --gpus all -v /home/model/Qwen3-VL-8B-Instruct-AWQ:/model vllm/vllm-openai:latest vllm serve /model --max-model-len 32768 --served-model-name qwenvl\nOOM on a 16GB card', 'qwen3-vl-8b'],
    ['docker run --runtime nvidia -v /data/Llama-3.1-70B-Instruct:/models/llm vllm/vllm-openai --model /models/llm --served-model-name llama3 --tensor-parallel-size 4', 'llama-3.1-70b'],
    ['vllm serve /models/Qwen2.5-7B-Instruct --served-model-name gpt-4 on a 4090', 'qwen2.5-7b'],
    ['vllm serve /root/models/Qwen2-VL-7B-Instruct --served-model-name qwen2-vl on an L20', 'qwen2-vl-7b'],
  ])('%s', (text, reading) => {
    modelOf(text, reading);
  });

  it('reads a --volume mount weak (only a path), with the format its folder names', () => {
    const text = 'docker run --volume /mnt/Qwen2.5-32B-Instruct-AWQ:/model vllm/vllm-openai --model /model --served-model-name qwen --max-model-len 8192 on 2x 4090';
    expect(modelOf(text, 'qwen2.5-32b').weak).toBe(true);
    expect(read(text).scenario.weights).toBe('awq');
  });

  it('sets aside a mount that names no model (a cache)', () => {
    expect(() => read('docker run -v ~/.cache/huggingface:/root/.cache/huggingface vllm/vllm-openai --model Qwen/Qwen2.5-7B-Instruct on a 4090')).not.toThrow();
    modelOf('docker run --volume ~/.cache/huggingface:/root/.cache/huggingface vllm/vllm-openai --model Qwen/Qwen2.5-7B-Instruct on a 4090', 'qwen2.5-7b');
  });
});
