import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Every GPU count, node count, length and batch a reply states records the cue it was read on
 * (issue 22, item 2): its key, its unit, a neighbouring noun, its place in a hardware phrase, a
 * keyword, derived from elsewhere (a split, a launcher), or not read here at all.
 */

function cueOf(text: string, fact: string): string | undefined {
  const r = resolveRequest(text, null);
  if (!r.ok) throw new Error(`not read: ${text}: ${r.error.message}`);
  const facts = (r.trace ?? []).filter((f) => f.fact === fact);
  expect(facts.length, `${fact} in ${text}`).toBeGreaterThan(0);
  return facts[0]!.cue;
}

describe('the cue behind each count and length', () => {
  it.each([
    ['vllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len 4096 on 1x A100', 'seq', 'key'],
    ['serve qwen2.5-7b on an A100 with prompts of about 3000 tokens', 'seq', 'unit'],
    ['Qwen1.5-14B on 2x4090, 最高支持10000token左右', 'seq', 'unit'],
    ['llama-3-8b lora seq 4096 on a 4090', 'seq', 'keyword'],
    ['llama-3-8b lora on a 4090', 'seq', 'default'],
    ['full finetune llama-2-7b with zero3 on 4x A100', 'gpus', 'hardware'],
    ['full finetune llama-2-7b with zero3 on two 3090s', 'gpus', 'hardware'],
    ['full finetune llama-2-7b with zero3, I have 8 GPUs', 'gpus', 'noun'],
    ['accelerate launch --num_processes 8 train.py --model_name_or_path meta-llama/Llama-2-7b-hf', 'gpus', 'key'],
    ['llama-3-8b lora bs 8 on a 4090', 'batch', 'keyword'],
    ['llama-3-8b lora on a 4090 --per_device_train_batch_size 4', 'batch', 'key'],
  ])('%s: %s on a %s cue', (text, fact, cue) => {
    expect(cueOf(text, fact)).toBe(cue);
  });

  it('a count taken from the tp split is derived, and said so', () => {
    const r = resolveRequest('fp8 serving llama 3.3 70b tp 2 h100s', null);
    expect(r.ok && r.trace?.find((f) => f.fact === 'card')?.cue).toBe('derived');
    expect(r.ok ? r.assumptions.join(' | ') : '').toMatch(/2 GPUs in all — from the tp 2 split/);
  });

  it('facts that are no count or length carry no cue', () => {
    const r = resolveRequest('llama-3-8b lora seq 4096 on a 4090', null);
    expect(r.ok && r.trace?.filter((f) => f.cue !== undefined).every((f) => ['card', 'gpus', 'nodes', 'seq', 'batch', 'grad accum', 'global batch', 'eval'].includes(f.fact))).toBe(true);
    expect(r.ok && r.trace?.find((f) => f.fact === 'model')?.cue).toBeUndefined();
  });
});
