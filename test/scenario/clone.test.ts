import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneScenario } from '../../src/scenario/clone.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

const REQUESTS = ['13b bf16 zero3 seq 4096 on 4xA100-80G', 'deepseek-v2-lite qlora r16 all-linear on h100', 'llama-2-70b serve ctx 4096 on 2xh100', '7b vs 13b lora'];

describe('cloneScenario', () => {
  it('copies every level: equal to structuredClone, sharing no object with the original', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REQUESTS), (text) => {
        const outcome = resolveRequest(text, null);
        if (!outcome.ok || !outcome.scenario) throw new Error(text);
        const s = outcome.scenario;
        const copy = cloneScenario(s);
        expect(copy).toEqual(structuredClone(s));
        const shared = (a: unknown, b: unknown): boolean =>
          typeof a === 'object' && a !== null && (a === b || Object.keys(a).some((k) => shared((a as never)[k], (b as never)[k])));
        expect(shared(copy, s)).toBe(false);
      }),
    );
  });
});
