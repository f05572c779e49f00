import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { read } from '../language/reading-fixtures.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { tgiDefaultPrefillTokens, tgiKvRule } from '../../src/memory/tgi-release.js';
import { estimateOf, part } from './fixtures.js';

/**
 * TGI by release (memory/tgi-release.ts, language/tgi-versions.ts): how the KV cache is sized after
 * the warm-up (flash_causal_lm.py warmup, v0.9.4 → v3.3), the default --max-batch-prefill-tokens
 * (launcher/src/main.rs), --cuda-memory-fraction, AWQ's split-K GEMM before Marlin (v2.2), and the
 * tied LM head TGI loads a second time.
 */
describe('TGI releases in the request language', () => {
  it.each([
    ['llama-2-7b tgi 1.3.0 on 1x a10g', '1.3.0'],
    ['llama-2-7b tgi v2.0 on 1x a10g', '2.0'],
    ['llama-2-7b text-generation-inference:2.2.0 on 1x a10g', '2.2.0'],
    ['llama-2-7b text-generation-inference 3.3.4 on 1x a10g', '3.3.4'],
  ])('%s names TGI and its release', (text, release) => {
    const { scenario } = read(text);
    expect([scenario.framework, scenario.mode, scenario.inference.tgiVersion]).toEqual(['tgi', 'inference', release]);
    expect(read(canonicalText(scenario)).scenario).toEqual(scenario);
  });

  it("--cuda-memory-fraction is TGI's memory fraction; unsaid, its default 1.0", () => {
    expect(read('llama-2-7b tgi on 1x a10g').scenario.inference.gpuMemoryUtilization).toBe(1);
    expect(read('llama-2-7b tgi --cuda-memory-fraction 0.8 on 1x a10g').scenario.inference.gpuMemoryUtilization).toBe(0.8);
  });
});

describe('the KV share by release (flash_causal_lm.py warmup)', () => {
  const rule = (release: string) => tgiKvRule(read(`llama-2-7b tgi ${release} on 1x a10g`).scenario);

  it('1.x every free byte; 2.0–2.3 95% of the free memory; 2.4 90% of it; 3.0 5%, 3.1–3.2 7%, 3.3 10% of the card held back', () => {
    expect(rule('1.3.0')).toMatchObject({ of: 'free', share: 1 });
    expect(rule('2.0')).toMatchObject({ of: 'free', share: 0.95 });
    expect(rule('2.3.1')).toMatchObject({ of: 'free', share: 0.95 });
    expect(rule('2.4.0')).toMatchObject({ of: 'free', share: 0.9 });
    expect(rule('3.0.1')).toMatchObject({ of: 'card', share: 0.95 });
    expect(rule('3.2.3')).toMatchObject({ of: 'card', share: 0.93 });
    expect(rule('3.3.6')).toMatchObject({ of: 'card', share: 0.9 });
    expect(tgiKvRule(read('llama-2-7b tgi on 1x a10g').scenario)).toMatchObject({ of: 'card', share: 0.9 });
  });

  it('worked example: Llama-2-7B on an A10G, 4,096 prefill tokens — the KV pool is what the rule leaves of the same fixed bytes', () => {
    const pools = Object.fromEntries(['1.3.0', '2.0', '2.4', '3.3'].map((r) => [r, estimateOf(`llama-2-7b tgi ${r} --max-batch-prefill-tokens 4096 on 1x a10g`)]));
    const card = pools['3.3']!.capacityBytes!;
    const used = card * 0.9 - part(pools['3.3']!, 'kv');
    expect(part(pools['1.3.0']!, 'kv')).toBeCloseTo(card - used, -3);
    expect(part(pools['2.0']!, 'kv')).toBeCloseTo(0.95 * (card - used), -3);
    expect(part(pools['2.4']!, 'kv')).toBeCloseTo(0.9 * (card - used), -3);
  });

  it('an older release never leaves less KV than the newest on the same card (1.x keeps nothing back)', () => {
    fc.assert(
      fc.property(fc.constantFrom('1.0', '1.4.5', '2.0.4', '2.3', '2.4.1', '3.0', '3.1', '3.2'), fc.constantFrom('a10g', 'a100-80g', 'l4', 'h100'), (release, card) => {
        const older = estimateOf(`llama-2-7b tgi ${release} --max-batch-prefill-tokens 4096 on 1x ${card}`);
        const newest = estimateOf(`llama-2-7b tgi --max-batch-prefill-tokens 4096 on 1x ${card}`);
        expect(part(older, 'kv')).toBeGreaterThanOrEqual(part(newest, 'kv'));
      }),
      { numRuns: 20 },
    );
  });
});

describe('the default prefill budget by release (launcher/src/main.rs)', () => {
  it('1.x 4,096; 2.x max_input_tokens + 50 with max_position_embeddings capped at 4,096; 3.x 4,096 capped by the context', () => {
    const s = (release: string) => read(`llama-2-7b tgi ${release} on 1x a10g`).scenario;
    expect(tgiDefaultPrefillTokens(s('1.3.0'), 4096)).toBe(4096);
    expect(tgiDefaultPrefillTokens(s('2.2.0'), 4096)).toBe(4145);
    expect(tgiDefaultPrefillTokens(s('2.2.0'), 131_072)).toBe(4145);
    expect(tgiDefaultPrefillTokens(s('2.2.0'), 2048)).toBe(2097);
    expect(tgiDefaultPrefillTokens(s('3.3'), 2048)).toBe(2048);
  });
});

describe('AWQ and tied heads', () => {
  it("before 2.2 AWQ runs llm-awq's split-K GEMM on every card (8 × tokens × 2·ffn × 2 B on an A6000); from 2.2 Marlin on sm_80+", () => {
    const old = estimateOf('mistral-7b serve tgi 1.3.0 awq --max-batch-prefill-tokens 4096 on 1x rtx-a6000');
    const now = estimateOf('mistral-7b serve tgi 2.2.0 awq --max-batch-prefill-tokens 4096 on 1x rtx-a6000');
    const warmup = old.components.find((c) => c.key === 'warmup')!;
    expect(warmup.formula).toMatch(/AWQ split-K 8 × 4\.1 K × 28\.7 K × 2 B/);
    expect(now.components.find((c) => c.key === 'warmup')!.formula).not.toMatch(/split-K/);
  });

  it('a tied LM head is a second V·h/tp 16-bit tensor (Command R+ at tp 8: 256,000 × 12,288 × 2 B ÷ 8); an untied one is not', () => {
    expect(part(estimateOf('command-r-plus-104b serve tgi 2.0 int8 tp 8 --max-batch-prefill-tokens 1000 on 8x h100'), 'tied-head')).toBe((256_000 * 12_288 * 2) / 8);
    expect(part(estimateOf('llama-2-7b tgi 2.0 on 1x a10g'), 'tied-head')).toBe(0);
  });

  it('TGI#1769 (TGI 2.0, --cuda-memory-fraction 0.99): no KV pool is left, so the server does not start', () => {
    const e = estimateOf('command-r-plus-104b serve tgi 2.0 int8 tp 8 --max-total-tokens 11000 --max-batch-prefill-tokens 10000 --cuda-memory-fraction 0.99 on 8x a30');
    expect(part(e, 'kv')).toBe(0);
  });
});
