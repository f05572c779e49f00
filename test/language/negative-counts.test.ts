import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 26: "seq -1" was read as seq 1 and "on -2x h100" as 2 GPUs, without a word: the lexer
 * reads "-" as a separator and the sign was dropped. A minus that starts a number which counts
 * something is now kept, and the range check refuses the value, naming it and the valid range.
 */

const refusal = (text: string): string => {
  const outcome = resolveRequest(text, null);
  if (outcome.ok) throw new Error(`"${text}" was read as ${JSON.stringify(outcome.scenario).slice(0, 200)}`);
  return outcome.error.message;
};

describe('a negative count, length or batch is a clear error', () => {
  it.each([
    ['7b seq -1', '"seq -1"', 'from 1 to 10,000,000'],
    // A card's number with a minus (fast-check's counterexample ["seq", 4070, "-"]): a number, refused.
    ['7b seq -4070 on 8x h100', '"seq -4070"', 'from 1 to 10,000,000'],
    ['7b on -2x h100', '"on -2x h100"', 'GPU count must be a whole number from 1 to 100,000'],
    ['7b on -2 h100', '"on -2 h100"', 'GPU count'],
    ['7b bs -4', '"bs -4"', 'micro-batch must be a whole number from 1 to 65,536'],
    ['7b bs=-4', '"bs=-4"', 'micro-batch'],
    ['7b ga -2', '"ga -2"', 'gradient accumulation'],
    ['7b tp -2 on 8xh100', '"tp -2"', 'tp must be a whole number from 1 to 1,024'],
    ['7b seq -4k', '"seq -4k"', 'seq (tokens per sample)'],
    ['7b -4k context', '"-4k context"', 'seq (tokens per sample)'],
    ['7b on -2 nodes of 8x h100', '"on -2 nodes of 8x h100"', 'node count'],
    ['7b layers -3', '"layers -3"', 'layers must be a whole number from 1 to 1,000'],
    ['7b lora r16 dropout -0.1', '"lora r16 dropout -0.1"', 'LoRA dropout must be a number from 0 to 1'],
    ['7b ngl -1 on a 4090', '"ngl -1"', '-ngl (layers on the GPU) must be a whole number from 0 to 2,147,483,647'],
  ])('%s', (text, quoted, range) => {
    const message = refusal(text);
    expect(message).toContain(quoted);
    expect(message).toContain(range);
  });

  it('with the Unicode minus sign too, quoting it as written', () => {
    expect(refusal('7b seq \u22121')).toContain('"seq \u22121"');
    expect(refusal('7b on \u22122x h100')).toContain('GPU count');
  });

  it('for any count keyword and any negative value', () => {
    const KEYWORDS = ['seq', 'bs', 'batch', 'mbs', 'ga', 'gbs', 'tp', 'pp', 'layers', 'heads'];
    fc.assert(
      fc.property(fc.constantFrom(...KEYWORDS), fc.integer({ min: 1, max: 100_000 }), fc.constantFrom('-', '\u2212', '=-'), (keyword, n, sign) => {
        const written = sign === '=-' ? `${keyword}=-${n}` : `${keyword} ${sign}${n}`;
        const message = refusal(`7b ${written} on 8x h100`);
        expect(message).toContain(`"${written}"`);
        expect(message).toMatch(/must be a whole number from 1 to [\d,]+/);
      }),
      { numRuns: 120 },
    );
  });
});

describe('hyphens that are not minus signs keep their meaning', () => {
  const read = (text: string) => {
    const outcome = resolveRequest(text, null);
    if (!outcome.ok) throw new Error(`"${text}" was refused: ${outcome.error.message}`);
    if (!outcome.scenario) throw new Error(`"${text}" has no scenario`);
    return outcome.scenario;
  };

  it('in model and card names', () => {
    const s = read('llama-2-7b on 2x A100-80G');
    expect(s.model.id).toBe('llama-2-7b');
    expect(s.hardware).toMatchObject({ gpuId: 'a100-80g', count: 2 });
  });

  it('in keywords and flags', () => {
    expect(read('7b zero-3 on 8x h100').sharding).toMatchObject({ stage: 3 });
    expect(read('7b --max-model-len 8192 on h100').seq).toBe(8192);
    expect(read('7b -ngl 35 gguf on a 4090').inference.gpuLayers).toBe(35);
  });

  it('as a list bullet before a count', () => {
    expect(read('7b on 8 h100\n- bs 8').microBatch).toBe(8);
  });

  it('between two numbers (a range, not a sign)', () => {
    expect(resolveRequest('7b bs 2-3', null)).toMatchObject({ ok: false, error: { message: expect.stringContaining('"3" is a number with no unit') } });
  });
});

describe('an -ngl past the model\'s layers (llama.cpp offloads min(ngl, layers))', () => {
  const peakOf = (text: string) => {
    const outcome = resolveRequest(text, null);
    if (!outcome.ok || !outcome.scenario) throw new Error(`"${text}" was refused`);
    return outcome.scenario;
  };

  it('reads 15000 as the user wrote it (c3171\'s form), not as out of range', () => {
    expect(peakOf('llama-3.1-8b q4_k_m llama.cpp --n-gpu-layers 15000 on a 4090').inference.gpuLayers).toBe(15000);
  });

  it('places every layer on the GPU, as 999 does', async () => {
    const { estimate } = await import('../../src/memory/estimate.js');
    const big = estimate(peakOf('llama-3.1-8b q4_k_m llama.cpp -ngl 15000 on a 4090'));
    const all = estimate(peakOf('llama-3.1-8b q4_k_m llama.cpp -ngl 999 on a 4090'));
    const some = estimate(peakOf('llama-3.1-8b q4_k_m llama.cpp -ngl 10 on a 4090'));
    expect(big.deviceBytes).toBe(all.deviceBytes);
    expect(big.deviceBytes).toBeGreaterThan(some.deviceBytes);
  });
});
