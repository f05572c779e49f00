import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Branch rmeth: "full offload" said of a GGUF runner's layer offload is no training method
 * (prose.full-needs-cue). "with full offload slider all the way" in LM Studio
 * (lmstudio-ai/lmstudio-bug-tracker#943, c1264) had made a Llama-3.1-8B GGUF loaded on a 6 GB
 * laptop card a full fine-tune; "not enough for full GPU offload" (lmstudio-bug-tracker#297).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const mode = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return r.scenario.mode;
};

describe('"full offload" of a runner is running the model', () => {
  it('c1264 loads a GGUF in LM Studio', () => {
    expect(mode(line('c1264').text)).toBe('inference');
  });

  it.each([
    'LM Studio will not load llama-3.1-8b with full offload slider all the way, RTX 3050 6gb',
    'llama-3-8b Q4_K_M gguf, full offload, on a 3060 12GB it fails to load',
    'ollama: mistral-7b on my 8GB card, FULL   OFFLOAD to the gpu crashes',
    'qwen2.5-7b in koboldcpp with full offload on one 4090 runs out of memory',
    'llama.cpp 13b, full offload (-ngl 99) on a 3090: cudaMalloc failed',
  ])('%s', (text) => {
    expect(mode(text)).toBe('inference');
  });
});

describe('"full" with a training cue stays the method', () => {
  it.each([
    'full fine-tune llama-3-8b on 2x a100 80gb with zero3 offload',
    'llama-2-13b full on 4x 3090, offload optimizer',
  ])('%s', (text) => {
    expect(mode(text)).toBe('full');
  });
});

/**
 * LongLoRA's SFT script named without the project (JIA-Lab-research/LongLoRA#77, c1273): its
 * low_rank_training defaults to True, so the run is LoRA, said as the preset's default.
 */
describe("LongLoRA's supervised-fine-tune.py trains LoRA", () => {
  it('c1273 fine-tunes a 70B model with the script', () => {
    expect(mode(line('c1273').text)).toBe('lora');
  });

  it.each([
    'fine-tuning llama-2-7b with supervised-fine-tune.py on 8x a100 80gb runs out of memory',
    'torchrun --nproc_per_node=8 supervised-fine-tune.py --model_name_or_path meta-llama/Llama-2-13b-hf --bf16 True',
    '用 supervised-fine-tune.py 微调 llama-2-13b，4张A100 40G 爆显存',
  ])('%s', (text) => {
    expect(mode(text)).toBe('lora');
  });
});

describe('the underscored supervised_fine_tune.py is no LongLoRA script', () => {
  it('stays a bare training script', () => {
    expect(mode('python supervised_fine_tune.py with llama-2-7b on one a100 80gb')).not.toBe('lora');
  });
});
