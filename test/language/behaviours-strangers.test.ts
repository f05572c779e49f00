import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { STRANGERS, type Expected } from './behaviours-strangers.cases.js';
import { readNoticed } from './reading-fixtures.js';

/**
 * Issue 22 §7's behaviours, in phrasings written new for them (behaviours-strangers.cases.ts), and
 * the causes the first reading of them showed, each with a property over its grammar:
 * - question.model-window-described: a window the model is described as having ("has a 128K context
 *   window", "(8k context model)", "its 32k context window") is not the user's length;
 * - negation after a setting through a verb ("turned off", "was set to false", "is NOT enabled");
 * - not-hw.weights-arithmetic: "8B*2 bytes = 16GB" is the user's reckoning, not a card;
 * - "total batch size" and "batch size 512 (global)" are the global batch (training.batch-global-after);
 * - a kernel named beside "not using flash attention" is the one used.
 */

const GB = 1e9;

function mismatches(text: string, want: Expected): string[] {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) return [`refused: ${r.ok ? 'help only' : r.error.message}`];
  const s = r.scenario;
  const got = {
    seq: s.seq,
    gpu: s.hardware?.gpuId ?? null,
    count: s.hardware?.count ?? s.unnamedGpus ?? 1,
    mode: s.mode === 'inference' ? 'inference' : 'train',
    recompute: s.recompute,
    attention: s.attention,
    sharding: `${s.sharding.kind}${s.sharding.stage}`,
    offload: s.offload.optimizer,
    mb: s.microBatch,
    ga: s.gradAccum,
  } as Record<string, unknown>;
  const out: string[] = [];
  for (const [key, value] of Object.entries(want)) {
    if (key === 'notice') {
      if (!r.notices.some((n) => (value as RegExp).test(n))) out.push(`no notice ${value}: ${r.notices.join(' | ')}`);
    } else if (key === 'hostGB') {
      // "64GB RAM" is 64 GiB of host memory (68.7 GB): within 8%.
      const host = (s.hostMemoryBytes ?? 0) / GB;
      if (Math.abs(host - (value as number)) > 0.08 * (value as number)) out.push(`host ${host} GB, want ${value}`);
    } else if (key === 'unstatedBatch') {
      if (!(s.unstated ?? []).includes('batch')) out.push('the micro-batch is not said to be unstated');
    } else if (got[key] !== value) out.push(`${key} ${JSON.stringify(got[key])}, want ${JSON.stringify(value)}`);
  }
  return out;
}

describe("issue 22 §7's behaviours in strangers' words", () => {
  it.each(STRANGERS)('%s: %s', (_behaviour, text, want) => {
    expect(mismatches(text, want)).toEqual([]);
  });
});

describe("a model's described window is not the user's length", () => {
  const windows = fc.constantFrom('8k', '32k', '128K', '8192', '131072');
  const lengths = fc.constantFrom<[string, number]>(['1k', 1024], ['2048', 2048], ['4k', 4096], ['16k', 16384]);
  const forms = fc.constantFrom(
    (w: string) => `llama-3.1-8b has a ${w} context window`,
    (w: string) => `qwen2-7b supports up to ${w} context`,
    (w: string) => `llama-3-8b (${w} context model)`,
    (w: string) => `qwen2.5-7b, its ${w} context window is plenty`,
  );
  it('property: any described window beside "I only need N tokens" reads N, and says the window was not read', () => {
    fc.assert(
      fc.property(windows, lengths, forms, (w, [said, seq], form) => {
        const text = `${form(w)}; I only need ${said} tokens. lora on a single A100 80GB`;
        const { s, said: notices } = readNoticed(text);
        expect(s.seq).toBe(seq);
        expect(notices).toMatch(/the model's own context window, not a length you run/);
      }),
      { numRuns: 60 },
    );
  });

  it('"with 8k context" and "16k context window" alone stay the user\'s length', () => {
    expect(readNoticed('llama-3-8b with 8k context on a 4090, lora').s.seq).toBe(8192);
    expect(readNoticed('qwen2-7b lora, 16k context window, 2x A100').s.seq).toBe(16384);
  });
});

describe('a negation after the setting, through its verb', () => {
  const settings = fc.constantFrom('gradient checkpointing', 'activation checkpointing');
  const verbs = fc.constantFrom('', 'is ', 'was ', 'turned ', 'is turned ', 'was set to ', 'set to ', 'is switched ');
  const negations = fc.constantFrom('off', 'disabled', 'false');
  it('property: "<setting> <verb> off/disabled/false" turns it off; without the negation it stays on', () => {
    fc.assert(
      fc.property(settings, verbs, negations, (setting, verb, negation) => {
        expect(readNoticed(`full finetune llama-2-7b on 4x A100 80GB zero3, ${setting} ${verb}${negation}`).s.recompute).toBe('none');
        expect(readNoticed(`full finetune llama-2-7b on 4x A100 80GB zero3, ${setting} on`).s.recompute).toBe('full');
      }),
      { numRuns: 40 },
    );
  });

  it('property: any negation word before the setting, English or Chinese, turns it off', () => {
    const before = fc.constantFrom('without ', 'no ', 'not using ', 'disable ', '不用', '不用 ', '关闭', '没开');
    const joins = fc.constantFrom(', ', '，', ' and ');
    fc.assert(
      fc.property(settings, before, joins, (setting, negation, join) => {
        expect(readNoticed(`lora llama-3-8b on one 4090${join}${negation}${setting}${join}seq 2048`).s.recompute).toBe('none');
      }),
      { numRuns: 40 },
    );
  });

  it.each(['is NOT enabled', 'was not used', 'is not turned on', 'not enabled'])('"gradient checkpointing %s" before the rest of the request is off, and the "not" negates nothing after', (words) => {
    const { s } = readNoticed(`gradient checkpointing ${words}. lora llama-3-8b on an L4`);
    expect(s.recompute).toBe('none');
    expect(s.mode).toBe('lora');
  });

  it('a kernel named beside "not using flash attention" is the one used; the negation alone is eager', () => {
    expect(readNoticed('llama-2-7b lora on a 4090, not using flash attention (sdpa instead)').s.attention).toBe('sdpa');
    expect(readNoticed('lora mistral-7b on a 4090 without flash attention, with sdpa').s.attention).toBe('sdpa');
    expect(readNoticed('lora mistral-7b on a 4090 without flash attention').s.attention).toBe('eager');
  });
});

describe("the user's weights reckoned from the parameters are no card", () => {
  const cards = fc.constantFrom<[string, string]>(['H100s', 'h100-80g'], ['A100 80GB', 'a100-80g'], ['3090s', 'rtx-3090'], ['L40S', 'l40s']);
  const widths = fc.constantFrom<[string, number]>(['2 bytes', 2], ['0.5 bytes', 0.5], ['1 byte', 1], ['2', 2]);
  const ops = fc.constantFrom('*', 'x', '×', ' * ', ' x ');
  const equals = fc.constantFrom('=', '≈', ' = ', ' ~ ');
  it('property: "<N>B <op> <b> bytes = <total>GB" beside the card leaves the card and the model', () => {
    fc.assert(
      fc.property(cards, widths, ops, equals, fc.integer({ min: 1, max: 8 }), ([words, gpu], [width, bytes], op, eq, n) => {
        const text = `So 70B${op}${width}${eq}${70 * bytes}GB. Do ${n} ${words} suffice for llama-2-70b inference?`;
        const { s } = readNoticed(text);
        expect(s.model.id).toBe('llama-2-70b');
        expect({ gpu: s.hardware?.gpuId, count: s.hardware?.count }).toEqual({ gpu, count: n });
      }),
      { numRuns: 60 },
    );
  });

  it('"7b params * 16 bytes = 112GB" keeps 7b as the model\'s size', () => {
    const { s } = readNoticed('7b params * 16 bytes = 112GB for full finetune with adam, I have 2*A100 80G, is zero3 enough?');
    expect(s.model.arch.layers).toBeGreaterThan(0);
    expect(s.hardware?.count).toBe(2);
  });
});

describe("a count said only in the user's arithmetic is said on the first screen, never taken in silence", () => {
  it('"Each 4090 is 24GB so 4 x 24 = 96GB total" names the 4 cards it may count', () => {
    const { said } = readNoticed('Each 4090 is 24GB so 4 x 24 = 96GB total; can I serve llama-3-70b awq?');
    expect(said).toMatch(/"4 x 24 = 96GB" read as your own sum \(4 cards of 24 GB\?\)/);
  });

  it('property: any "<n> x <M> = <n·M>GB" beside a card with no count is said, never refused', () => {
    const cards = fc.constantFrom<[string, number]>(['4090', 24], ['3090', 24], ['A6000', 48], ['L40S', 48], ['V100', 32]);
    fc.assert(
      fc.property(cards, fc.integer({ min: 2, max: 8 }), fc.constantFrom(' x ', 'x', '*', ' * '), ([card, memory], n, op) => {
        const sum = `${n}${op}${memory} = ${n * memory}GB`;
        const { said } = readNoticed(`Each ${card} is ${memory}GB so ${sum} total; can I serve llama-3-8b?`);
        expect(said).toContain(`"${sum}"`);
      }),
      { numRuns: 40 },
    );
  });
});

describe('a global batch with no micro-batch is said so, never refused', () => {
  const words = fc.constantFrom(
    (g: number) => `global batch size ${g}`,
    (g: number) => `total batch size ${g}`,
    (g: number) => `a batch size of ${g} in total`,
    (g: number) => `batch size ${g} (global)`,
    (g: number) => `gbs ${g}`,
  );
  it('property: G samples a step over n GPUs is micro-batch 1 × n × accumulation, the micro-batch said as unstated', () => {
    fc.assert(
      fc.property(words, fc.constantFrom(8, 16, 32, 64), fc.constantFrom(2, 4, 8), (form, n, perGpu) => {
        const g = n * perGpu;
        const { s } = readNoticed(`full finetune llama-2-13b, ${form(g)} on ${n}x A100-80G, zero3`);
        expect(s.microBatch * s.gradAccum * n).toBe(g);
        expect(s.unstated ?? []).toContain('batch');
      }),
      { numRuns: 40 },
    );
  });
});
