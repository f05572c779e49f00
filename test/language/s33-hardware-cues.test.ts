import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { read } from './reading-fixtures.js';

/**
 * A number is a GPU count or a card's memory only with a cue (s33, rhw12). Each block holds invented variations of
 * one way people write (other notation, order, language, a table or a bracket around it), scored on the code before
 * the fix; the real lines each cause came from are named. The hardware part of the reading ("on 2x rtx-pro-6000") is
 * what each pins; null where the message names no card or count of the user's.
 */
const hardwareOf = (text: string): string | null => / (?:on |\d+ nodes of )[^]*?(?= how many|$)/.exec(canonicalText(read(text).scenario))?.[0].trim() ?? null;

describe('a comma or a list is no product, and a model identifier no count', () => {
  // "只占用17,18G的样子" (c2506: 17 cards of 18 GB with a 17-stage pipeline), "Apple M4 Max (Mac16,9), 64GB unified
  // memory" (c2457: nine devices of 64 GB). First sight of these variations: 3 of 10 right (two were errors).
  it.each([
    ['qwen-7b fp16 推理显存占用约27G，官方代码只占用17,18G的样子', null],
    ['llama-2-13b inference uses 16,24GB depending on the batch', null],
    ['qwen2.5-7b 跑起来显存大概 12、14G', null],
    ['qwen2-7b-instruct 推理，两次测的显存是 15,16 GB', null],
    ['Apple M2 Ultra (Mac14,14), 192GB unified memory, running llama-3-70b with mlx', 'on 1x 192gb'],
    ['MacBookPro18,2 with 32GB, ollama run llama3 8b', 'on 1x 32gb'],
    ['- Device: Mac mini (Mac16,10), 24GB\n- Model: mistral 7b via ollama', 'on 1x 24gb'],
    ['Hardware: iMac21,1 16GB; model: phi-3-mini', 'on 1x 16gb'],
    ['llama 7b memory 14,15 GB during generation on my 4090', 'on 1x rtx-4090'],
  ])('"%s": %s', (text, hardware) => {
    const got = hardwareOf(text);
    if (hardware === null) expect(got).toBeNull();
    else expect(got).toMatch(new RegExp(`^${hardware}\\b`));
  });

  it('a decimal comma before a unit is still a decimal', () => {
    expect(hardwareOf('llama-3-8b on 1x 7,5 GB')).toMatch(/^on 1x 7\.5gb\b/);
  });
});

describe('a multiplier word before a card named in several words', () => {
  // "Same issue here with Dual RTX PRO 6000" (c2451: one card). First sight: 5 of 10 right.
  it.each([
    ['Same issue with Dual RTX PRO 6000, qwen3-32b sglang', 'on 2x rtx-pro-6000'],
    ['Running qwen2.5-72b awq on a dual NVIDIA RTX PRO 6000 Blackwell workstation', 'on 2x rtx-pro-6000'],
    ['双 RTX PRO 6000 跑 qwen3-32b fp8', 'on 2x rtx-pro-6000'],
    ['RTX PRO 6000 두 장으로 qwen3-32b 서빙', 'on 2x rtx-pro-6000'],
    ['twin RTX 6000 Ada, llama-3-70b awq inference', 'on 2x rtx-6000-ada'],
    ['dual H100 NVL, llama-3.1-70b fp8 vllm', 'on 2x h100-nvl'],
    ['triple Radeon PRO W7900 running llama-3-70b q4', 'on 3x 48gb'],
  ])('"%s": %s', (text, hardware) => {
    expect(hardwareOf(text)).toMatch(new RegExp(`^${hardware}\\b`));
  });
});

describe('a memory in use, a size or a peak is no card', () => {
  // "chatglm2-6B加载后是12.4GB左右" (c2512), "_gpu peak memory:[45GB✖️8GPUS]_" (c2481: eight 45 GB cards), llama-bench's
  // size column (c2475, c2489). First sight: 11 of 14 right (the other phrasings had been taken before).
  it.each([
    ['不设置load_in_8bit时，chatglm2-6B加载后是12.4GB左右，开启后模型加载完还是12.4GB显存', null],
    ['qwen2-7b 推理，模型加载完占用 14.8G 显存', null],
    [
      'Perf M2 Ultra:\n| model | size | backend | test | t/s |\n| --- | ---: | --- | -: | ---: |\n| qwen3moe 30B.A3B Q8_0 | 30.25 GiB | Metal | pp512 | 2045.19 |',
      null,
    ],
    ['在4090上测试 qwen2-7b 推理\n| 模型 | 显存占用 |\n|---|---|\n| qwen2-7b | 16.2G |', 'on 1x rtx-4090'],
    ['benchmarks on 2x A100 80GB, llama-2-70b awq\n| batch | peak memory |\n|---|---|\n| 1 | 41.3 GB |\n| 8 | 58.9 GB |', 'on 2x a100-80g'],
    ['llama-2-13b full finetune\n| GPU | memory used |\n|---|---|\n| A100 80GB | 61.2 GB |', 'on 1x a100-80g'],
  ])('"%s": %s', (text, hardware) => {
    const got = hardwareOf(text);
    if (hardware === null) expect(got).toBeNull();
    else expect(got).toMatch(new RegExp(`^${hardware}\\b`));
  });

  it('a bracketed peak keeps the count after its times sign', () => {
    for (const sign of ['✖️', ' × ', ' x ']) {
      const text = `qwen2.5-7b lora sft, gpu peak memory:[45GB${sign}8GPUs]`;
      expect(hardwareOf(text), text).toBe('on 8 gpus');
    }
  });
});
