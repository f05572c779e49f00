import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { gib } from '../../src/memory/format.js';
import { leverLabel } from '../../src/render/first-screen.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * Issue 24, item 7: a served model's KV pool is preallocated, so every serving lever left the
 * card at the same GiB ("→ 20.0 GiB" on each button). Serving levers are labelled by the asked
 * sequences their pool holds; training levers keep their GiB. Every number is the lever's own.
 */

function estimateOf(text: string): EstimateReply {
  const reply = respond(text, null).reply;
  if (reply.kind !== 'estimate') throw new Error(`${text}: ${reply.kind}`);
  return reply;
}

const SERVED = [
  'serve llama 3 8b on an L4 with vllm batch 50 seq 16k',
  'serve llama 3 8b on an a10g with vllm batch 50 seq 32k',
  'serve llama 3 70b on 2x a100 with vllm batch 8 seq 32k',
  'serve qwen2.5 32b on an L40S with vllm batch 50 seq 16k',
];
const TRAINED = ['7b lora on 4090', '13b bf16 zero3 seq 4096 on 4xA100-80G', 'qlora 70b on 2x3090'];

describe('lever labels', () => {
  it('"serve llama 3 8b on an L4 with vllm batch 50 seq 16k": the levers all leave 20.0 GiB, and their labels say the sequences each holds', () => {
    const reply = estimateOf(SERVED[0]!);
    const levers = reply.levers.filter((l) => l.sequences);
    expect(levers.length).toBeGreaterThan(1);
    // The pool fills the card whatever the lever: the GiB alone could not tell them apart.
    expect(new Set(levers.map((l) => gib(l.deviceBytes))).size).toBe(1);
    for (const lever of levers) expect(leverLabel(lever)).toBe(`${lever.change} → ${lever.sequences!.held} of 50 users ✗`);
  });

  it('a served lever holds at most the asked sequences, and its label is the held count of the asked (property over serving requests)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SERVED), (text) => {
        for (const lever of estimateOf(text).levers) {
          const { held, asked } = lever.sequences!;
          expect(asked).not.toBeNull();
          expect(held).toBeLessThanOrEqual(asked!);
          const label = leverLabel(lever);
          expect(label).not.toContain('GiB');
          expect(label).toBe(lever.fits ? `${lever.change} → ${held}/${asked} users ✓` : `${lever.change} → ${held} of ${asked} users${lever.fits === false ? ' ✗' : ''}`);
        }
      }),
    );
  });

  it('a lever that holds every asked sequence says so: "int4 → 8/8 users ✓"', () => {
    const int4 = estimateOf(SERVED[2]!).levers.find((l) => l.change === 'int4')!;
    expect(int4.fits).toBe(true);
    expect(leverLabel(int4)).toBe('int4 → 8/8 users ✓');
  });

  it('with no concurrency said, a served lever says all the sequences its pool holds', () => {
    const reply = estimateOf('serve llama 3 70b on 2x a100 with vllm seq 32k');
    const int4 = reply.levers.find((l) => l.change === 'int4')!;
    expect(int4.sequences).toMatchObject({ asked: null });
    expect(leverLabel(int4)).toBe(`int4 → ${int4.sequences!.held} sequences ✓`);
    expect(int4.sequences!.held).toBeGreaterThan(1);
  });

  it('training levers keep their GiB', () => {
    for (const text of TRAINED) {
      const reply = estimateOf(text);
      expect(reply.levers.length).toBeGreaterThan(0);
      for (const lever of reply.levers) {
        expect(lever.sequences).toBeUndefined();
        expect(leverLabel(lever)).toContain(`→ ${gib(lever.deviceBytes)} GiB`);
      }
    }
  });
});
