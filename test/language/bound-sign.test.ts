import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b28 (test/corpus/first-sight.md), c1000's thread (Stability-AI/lm-evaluation-harness#83: "the need
 * memory is too large(>250GB)" read as a 250 GB card): a bound written as a sign before an amount (">",
 * "<", "≥", "≤") is what a run needs or stays under, no card — as "more than", "超过" already were
 * (hardware/rules.ts not-hw.bound). Real: c415 "the max gpu could cost > 40g", c172 "7b is > 12gb ram use".
 */
const card = (text: string) => {
  const s = read(text).scenario;
  return s.hardware ? Math.round(s.hardware.capacityBytes / 2 ** 30) : null;
};

describe('a bound written as a sign is no card', () => {
  it("c1000's thread: llama2 70B, memory too large (>250GB)", () => {
    const r = resolveRequest('llama2 70B cause OOM\n\nWhen testing with llama2 70B, the need memory is too large(>250GB).', null);
    expect(r.ok && r.scenario?.hardware?.capacityBytes !== 250 * 2 ** 30).toBe(true);
  });

  it.each([
    'llama-2-70b inference needs >250GB',
    'llama-2-70b inference, it needs ≥ 140 GB',
    'qwen2-72b serve — memory peaks at >160G',
  ])('%j reads no card of that memory', (text) => {
    const r = resolveRequest(text, null);
    if (r.ok && r.scenario) expect(r.scenario.hardware?.capacityBytes ?? 0).not.toBe(Number(/(\d+)\s*G/.exec(text)![1]) * 2 ** 30);
  });

  it('a card said plainly keeps its memory', () => {
    expect(card('llama-2-13b lora on 2x 3090 24GB')).toBe(24);
    expect(card('llama-2-70b inference on 4x a100 80GB, it needs >250GB')).toBe(card('llama-2-70b inference on 4x a100 80GB'));
  });

  it('host memory after the sign stays host memory, read with "host"', () => {
    const s = read('llama 13b int8 inference on RTX 4080 16GB. It uses > 32 GB of host memory when loading').scenario;
    expect(s.mode).toBe('inference');
    expect(canonicalText(s)).not.toContain('vllm');
  });
});
