import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { WEIGHT_FORMAT_BYTES } from '../../src/memory/precision.js';
import { DOUBLE_QUANT_BY_DEFAULT } from '../../src/scenario/presets.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * QLoRA under axolotl, LLaMA-Factory, Unsloth and torchtune loads the 4-bit base with double
 * quantisation by default (presets.ts DOUBLE_QUANT_BY_DEFAULT, each cited there): 8-bit block
 * scalers with one constant per 256 blocks, 0.127 bits a weight, where plain NF4's fp32 absmax per
 * 64 weights is 0.5 (QLoRA, Dettmers et al. 2023, §2). Read as plain NF4 before, a 34B base was
 * counted 1.5 GiB heavier than those frameworks load it (v306: axolotl's Yi-34B QLoRA example,
 * which ran at 97% of a 24 GB card, read as ✗ at 24.5 GiB).
 */
function scenario(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { s: r.scenario, assumptions: r.assumptions };
}

const weightsBytes = (text: string) => estimate(scenario(text).s).components.find((c) => c.key === 'weights')!.bytes;

describe('a framework that double-quantises its QLoRA base', () => {
  it('axolotl, LLaMA-Factory, Unsloth and torchtune read qlora as nf4-dq, said with its source', () => {
    for (const [framework, word] of [['axolotl', 'axolotl'], ['llama-factory', 'llamafactory'], ['unsloth', 'unsloth'], ['torchtune', 'torchtune']] as const) {
      const { s, assumptions } = scenario(`llama-3-8b qlora ${word} on 1x rtx-4090`);
      expect(s.framework).toBe(framework);
      expect(s.weights).toBe('nf4-dq');
      expect(assumptions.some((a) => a.startsWith('NF4 frozen base with double quantisation'))).toBe(true);
      expect(assumptions).not.toContain('NF4 frozen base (QLoRA default)');
    }
  });

  it('PEFT / transformers (BitsAndBytesConfig\'s bnb_4bit_use_double_quant defaults to False) keep plain NF4', () => {
    expect(scenario('llama-3-8b qlora on 1x rtx-4090').s.weights).toBe('nf4');
  });

  it('worked example: Llama-3-8B under axolotl, its 6.98 B quantised weights at (0.5 + 0.127/8) B, not (0.5 + 4/64) B: 0.30 GiB less', () => {
    const s = scenario('llama-3-8b qlora axolotl on 1x rtx-4090').s;
    const dq = weightsBytes('llama-3-8b qlora axolotl on 1x rtx-4090');
    const plain = estimate({ ...s, weights: 'nf4' }).components.find((c) => c.key === 'weights')!.bytes;
    expect(WEIGHT_FORMAT_BYTES['nf4'] - WEIGHT_FORMAT_BYTES['nf4-dq']).toBeCloseTo(4 / 64 - 0.127 / 8, 6);
    expect((plain - dq) / 2 ** 30).toBeCloseTo((6.98e9 * (4 / 64 - 0.127 / 8)) / 2 ** 30, 1);
  });

  it('v306: axolotl\'s Yi-34B QLoRA example (97% of an RTX 4090 used) now fits, the base 1.5 GiB lighter', () => {
    const text = 'yi-34b qlora r32 alpha 16 dropout 0.05 all-linear bs 1 ga 4 seq 1024 paged adam8bit gc flash axolotl on 1x rtx-4090';
    const e = estimate(scenario(text).s);
    expect(e.fits).toBe(true);
    const asNf4 = estimate({ ...scenario(text).s, weights: 'nf4' });
    expect((asNf4.peakAllocatedBytes - e.peakAllocatedBytes) / 2 ** 30).toBeCloseTo(33.5e9 * (4 / 64 - 0.127 / 8) / 2 ** 30, 1);
  });

  it('only the 4-bit base changes: for any double-quantising framework, rank and length, nf4-dq holds less than nf4 by the constants alone (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(DOUBLE_QUANT_BY_DEFAULT) as (keyof typeof DOUBLE_QUANT_BY_DEFAULT)[])),
        fc.constantFrom('llama-2-7b', 'llama-3-8b', 'qwen2.5-14b', 'yi-34b'),
        fc.constantFrom(8, 16, 64),
        fc.constantFrom(512, 1024, 4096),
        (framework, model, rank, seq) => {
          const word = framework === 'llama-factory' ? 'llamafactory' : framework;
          const s = scenario(`${model} qlora r${rank} ${word} seq ${seq} on 1x a100-80g`).s;
          expect(s.weights).toBe('nf4-dq');
          const dq = estimate(s);
          const plain = estimate({ ...s, weights: 'nf4' });
          const w = (e: typeof dq) => e.components.find((c) => c.key === 'weights')!.bytes;
          expect(w(plain) - w(dq)).toBeGreaterThan(0);
          expect(plain.peakAllocatedBytes - dq.peakAllocatedBytes).toBeCloseTo(w(plain) - w(dq), -6);
        },
      ),
      { numRuns: 40 },
    );
  });
});
