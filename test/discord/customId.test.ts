import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUSTOM_ID_MAX, decodeCustomId, encodeCustomId, scenarioPayload, type ButtonAction } from '../../src/render/discord/customId.js';

const action: fc.Arbitrary<ButtonAction> = fc.oneof(
  fc.constant({ kind: 'math' as const }),
  fc.constant({ kind: 'chart' as const }),
  fc.constant({ kind: 'sweep' as const }),
  fc.integer({ min: 0, max: 4 }).map((index) => ({ kind: 'lever' as const, index })),
);

describe('button custom ids', () => {
  it('round-trip any canonical text within 100 characters (text, deflated, or by hash)', () => {
    fc.assert(
      fc.property(action, fc.string({ maxLength: 600 }), (a, canonical) => {
        const { payload, ref } = scenarioPayload(canonical);
        const id = encodeCustomId(a, payload);
        expect(id.length).toBeLessThanOrEqual(CUSTOM_ID_MAX);
        expect(decodeCustomId(id)).toEqual({ action: a, ref });
        if (ref.kind === 'text') expect(ref.canonical).toBe(canonical);
      }),
      { numRuns: 300 },
    );
  });

  it('carries a typical canonical request verbatim or compressed, and falls back to a hash only when it must', () => {
    const typical = 'llama-2-13b full bf16 mixed adamw zero3 mbs 1 seq 4096 flash 4x a100-80g hf ga 8 offload optimizer cpu gc';
    expect(typical.length).toBeGreaterThan(92);
    expect(scenarioPayload(typical).ref).toEqual({ kind: 'text', canonical: typical });
    expect(scenarioPayload(typical).payload.startsWith('z')).toBe(true);
    expect(scenarioPayload('13b on 4090').payload).toBe('t13b on 4090');
    const noise = Array.from({ length: 60 }, (_, i) => ((i * 2654435761) % 4294967291).toString(36)).join('');
    expect(scenarioPayload(noise).ref.kind).toBe('hash');
  });

  it('a hash names what the answer stands for, not its text: one text, two scenarios, two hashes; a text that fits is carried whatever the scenario (property)', () => {
    const long = fc.string({ minLength: 400, maxLength: 600 });
    fc.assert(
      fc.property(long, fc.string(), fc.string(), (canonical, a, b) => {
        fc.pre(a !== b);
        const [first, second] = [scenarioPayload(canonical, a), scenarioPayload(canonical, b)];
        if (first.ref.kind !== 'hash' || second.ref.kind !== 'hash') return;
        expect(first.ref.hash).not.toBe(second.ref.hash);
        expect(scenarioPayload(canonical, a)).toEqual(first);
      }),
    );
    expect(scenarioPayload('13b lora on a 4090', 'any scenario').ref).toEqual({ kind: 'text', canonical: '13b lora on a 4090' });
  });

  it('an id minted when the hash was of the canonical text still reads as the same store reference', () => {
    const old = 'hr1:l0:h07LQ1Mrs9yyLHnSLGeQgj7';
    expect(decodeCustomId(old)).toEqual({ action: { kind: 'lever', index: 0 }, ref: { kind: 'hash', hash: '07LQ1Mrs9yyLHnSLGeQgj7' } });
  });

  it('ignores ids that are not headroom\'s', () => {
    for (const id of ['', 'other:thing', 'hr1:x:tabc', 'hr1:m:', 'hr1:l9x:t1', 'hr1:m:z!!!']) expect(decodeCustomId(id)).toBeNull();
  });
});
