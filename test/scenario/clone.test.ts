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

describe('LoRA settings', () => {
  it('a request setting them never changes the defaults the next request starts from (the resolver copies them)', () => {
    const plain = resolveRequest('llama-3-8b lora on a 4090', null);
    if (!plain.ok || !plain.scenario?.lora) throw new Error('llama-3-8b lora');
    const defaults = structuredClone(plain.scenario.lora);
    const set = resolveRequest('llama-3-8b lora r 64 dropout 0.1 on a 4090', null);
    expect(set.ok && set.scenario?.lora).toMatchObject({ rank: 64, dropout: 0.1 });
    if (set.ok && set.scenario?.lora) set.scenario.lora.targets.push('down');
    const again = resolveRequest('llama-3-8b lora on a 4090', null);
    expect(again.ok && again.scenario?.lora).toEqual(defaults);
  });

  it('a follow-up setting them never changes the previous scenario', () => {
    const first = resolveRequest('llama-3-8b lora on a 4090', null);
    if (!first.ok || !first.scenario?.lora) throw new Error('llama-3-8b lora');
    const before = structuredClone(first.scenario);
    const next = resolveRequest('lora r 64 q,k,v,o dropout 0.1', first.scenario);
    expect(next.ok && next.scenario?.lora).toMatchObject({ rank: 64, targets: ['q', 'k', 'v', 'o'], dropout: 0.1 });
    if (next.ok && next.scenario?.lora) next.scenario.lora.targets.push('down');
    expect(first.scenario).toEqual(before);
  });
});
