import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/catalog/index.js';
import { respond } from '../../src/core/assistant.js';
import { countParams } from '../../src/memory/parameters.js';
import { renderJson } from '../../src/render/json.js';
import { architectureSchema, type Architecture } from '../../src/scenario/schema.js';

/**
 * Issue 26: the JSON field `scenario.model.arch.extraParams` was negative in most estimates. It
 * held two things: the parameters a model has beyond the fields (extra norms, biases), and the
 * difference that pins a bare size's borrowed shape to the size asked for ("8b" on the
 * Llama-3-8B shape, 8.03 B, is 8.00 B: −30 M). The pin is `sizeAdjustment` now, signed by its
 * meaning; `extraParams` is what its name says and never negative.
 */

type Json = { ok: boolean; scenario?: { model: { name: string; requestedParams: number | null; arch: Architecture } } };

const jsonOf = (text: string): Json => renderJson(respond(text, null).reply) as Json;

describe('extraParams in the --json output means extra parameters (issue 26)', () => {
  it('is never negative, and a bare size still totals the size asked for', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }).map((tenths) => tenths / 10), (billions) => {
        const json = jsonOf(`${billions}b on 8x h100`);
        expect(json.ok).toBe(true);
        const { arch, name } = json.scenario!.model;
        expect(arch.extraParams ?? 0).toBeGreaterThanOrEqual(0);
        // The shape's own extras, as the catalog lists them, are kept apart from the pin.
        const shape = MODELS.find((m) => `${m.name} shape` === name);
        if (shape) expect(arch.extraParams).toBe(shape.arch.extraParams);
        expect(Math.abs(countParams(arch).total - billions * 1e9)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 60 },
    );
  });

  it('"8b" on the Llama-3-8B shape takes 30 M parameters off through sizeAdjustment', () => {
    const { arch } = jsonOf('8b on a 4090').scenario!.model;
    expect(arch.extraParams).toBeUndefined();
    expect(arch.sizeAdjustment).toBeLessThan(0);
    expect(countParams(arch).total).toBe(8e9);
  });

  it('is never negative for any catalog model', () => {
    for (const m of MODELS) expect(m.arch.extraParams ?? 0, m.id).toBeGreaterThanOrEqual(0);
  });

  it('an overridden shape drops the pin and keeps its own extras', () => {
    const { arch } = jsonOf('7b layers 40 on 8x h100').scenario!.model;
    expect(arch.sizeAdjustment).toBeUndefined();
    expect(arch.extraParams ?? 0).toBeGreaterThanOrEqual(0);
  });

  it('a thread stored before the change reads its negative pin as sizeAdjustment, same total', () => {
    const { arch } = jsonOf('8b on a 4090').scenario!.model;
    const { sizeAdjustment, ...rest } = arch;
    const stored = { ...rest, extraParams: sizeAdjustment };
    const read = architectureSchema.parse(stored);
    expect(read.extraParams).toBeUndefined();
    expect(read.sizeAdjustment).toBe(sizeAdjustment);
    expect(countParams(read).total).toBe(countParams(arch).total);
  });

  it('a negative extraParams with a sizeAdjustment beside it is refused', () => {
    const { arch } = jsonOf('8b on a 4090').scenario!.model;
    expect(architectureSchema.safeParse({ ...arch, extraParams: -5 }).success).toBe(false);
  });
});
