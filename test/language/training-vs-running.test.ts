import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Whether a message is about running the model or training it (issue 22 §7), and the keys that say
 * so. Each rule below names its cause, with the real lines that show it and invented variations.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

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
