import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { read } from '../language/reading-fixtures.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { cacheOfTotalIn, turbomindSplitsVocabIn, TURBOMIND_CACHE_SHARE_OF_TOTAL } from '../../src/memory/lmdeploy.js';
import { estimateOf, part } from './fixtures.js';

/**
 * lmdeploy by release (memory/lmdeploy.ts, language/lmdeploy-versions.ts): until v0.2.1
 * cache_max_entry_count (0.5) is a share of the card's total memory; from v0.2.2 (0.8) a share of
 * what the weights leave free. Real line: InternLM/lmdeploy#1019 (verdicts vb9 v247), InternLM2-7B-chat
 * with TurboMind on one RTX 3090 in the week before v0.2.2, out of memory creating the engine.
 */
describe('lmdeploy releases in the request language', () => {
  it.each([
    ['internlm2-7b serve lmdeploy 0.2.1 on 1x rtx-3090', '0.2.1'],
    ['internlm2-7b lmdeploy v0.2.0 on 1x rtx-3090', '0.2.0'],
    ['InternLM2-7B with lmdeploy==0.4.0 on one RTX 3090', '0.4.0'],
  ])('%s names lmdeploy and its release', (text, release) => {
    const { scenario } = read(text);
    expect([scenario.mode, scenario.inference.server, scenario.inference.lmdeployVersion]).toEqual(['inference', 'lmdeploy', release]);
    expect(read(canonicalText(scenario)).scenario).toEqual(scenario);
  });

  it('which releases take a share of the total: 0.1.x to 0.2.1; "0.2" is its first release; unnamed is the newest', () => {
    expect(['0.1', '0.1.0', '0.2', '0.2.0', '0.2.1'].map(cacheOfTotalIn)).toEqual([true, true, true, true, true]);
    expect(['0.2.2', '0.2.6', '0.3.0', '0.4.0', '0.10.1', undefined].map(cacheOfTotalIn)).toEqual([false, false, false, false, false, false]);
  });
});

describe('the KV blocks by release (BlockManager::GetBlockCount)', () => {
  it('v247: InternLM2-7B on a 3090 with lmdeploy 0.2.1 does not fit (0.5 × 23.7 GiB of KV beside 14.4 GiB of weights); the same from 0.2.2 does', () => {
    const old = estimateOf('internlm2-7b serve lmdeploy 0.2.1 on 1x rtx-3090');
    expect(old.fits).toBe(false);
    expect(part(old, 'kv')).toBeCloseTo(TURBOMIND_CACHE_SHARE_OF_TOTAL * old.capacityBytes!, -3);
    const now = estimateOf('internlm2-7b serve lmdeploy 0.2.2 on 1x rtx-3090');
    expect(now.fits).toBe(true);
    // Unnamed is the newest rule: the same estimate as 0.2.2.
    expect(estimateOf('internlm2-7b serve lmdeploy on 1x rtx-3090').deviceBytes).toBe(now.deviceBytes);
    expect(old.notes.join(' ')).toMatch(/0\.5 of the card's total memory.*runs out of memory/);
  });

  it('before 0.2.2 the pool is half the card whatever the model; from 0.2.2 it shrinks as the weights grow (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('qwen2-0.5b', 'llama-2-7b', 'qwen2.5-14b'), fc.constantFrom('rtx-3090', 'a100-80g', 'l40s'), (model, card) => {
        const old = estimateOf(`${model} serve lmdeploy 0.2.0 on 1x ${card}`);
        expect(part(old, 'kv')).toBeCloseTo(0.5 * old.capacityBytes!, -3);
        const now = estimateOf(`${model} serve lmdeploy 0.3.0 on 1x ${card}`);
        expect(part(now, 'kv')).toBeLessThan(0.8 * now.capacityBytes!);
      }),
      { numRuns: 9 },
    );
  });
});

/**
 * TurboMind's vocabulary tables by release (memory/lmdeploy.ts turbomindVocabTables): before
 * v0.6.0 LlamaWeight.cc mallocWeights allocates the whole [vocab × hidden] embedding and LM head
 * on every rank; InternLM/lmdeploy#2252 (first in v0.6.0) divides both by tensor_para_size.
 * Real line: InternLM/lmdeploy#1536 (verdicts vb9 v248), Qwen1.5-110B on eight V100 32 GB with
 * v0.4.0, "Tried to allocate 2.32 GiB" (152,064 × 8,192 × 2 B, one whole table).
 */
describe('the vocabulary tables by release (LlamaWeight.cc mallocWeights)', () => {
  it('which releases split them: 0.6.0 on; unnamed is the newest', () => {
    expect(['0.2.5', '0.4.0', '0.5.3'].map(turbomindSplitsVocabIn)).toEqual([false, false, false]);
    expect(['0.6', '0.6.0', '0.7.3', '0.10.1', undefined].map(turbomindSplitsVocabIn)).toEqual([true, true, true, true, true]);
  });

  it('worked example, v248: Qwen1.5-110B at tp 8 holds 2 × 152,064 × 8,192 × 2 B × 7/8 = 4.06 GiB more a card under 0.4.0, and cannot start on a V100 32 GB', () => {
    const old = estimateOf('qwen1.5-110b serve lmdeploy 0.4.0 tp 8 on 8x v100-32g');
    const table = 152_064 * 8_192 * 2;
    expect(table / 2 ** 30).toBeCloseTo(2.32, 2);
    expect(part(old, 'weights-vocab')).toBeCloseTo(2 * table * (7 / 8), -3);
    expect(old.fits).toBe(false);
    expect(old.notes.join(' ')).toMatch(/token embedding and LM head whole on every rank.*= -0\.\d\d GiB of KV cache: nothing left.*does not start.*v0\.6\.0 on splits/);
    const now = estimateOf('qwen1.5-110b serve lmdeploy 0.6.0 tp 8 on 8x v100-32g');
    expect(now.components.some((c) => c.key === 'weights-vocab')).toBe(false);
    expect(now.fits).toBe(true);
  });

  it('one card holds the whole tables in every release: no term at tp 1; at tp > 1 the term is (1 − 1/tp) of the tables (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('qwen2.5-14b', 'llama-2-70b', 'internlm2-7b'), fc.constantFrom(1, 2, 4), (model, tp) => {
        const e = estimateOf(`${model} serve lmdeploy 0.5.3 tp ${tp} on ${tp}x a100-80g`);
        const p = e.params;
        const extra = e.components.find((c) => c.key === 'weights-vocab')?.bytes ?? 0;
        expect(extra).toBeCloseTo(tp === 1 ? 0 : (p.embedding + p.lmHead) * 2 * (1 - 1 / tp), -3);
      }),
      { numRuns: 9 },
    );
  });

  it('a tied model holds a second table: V × h × 2 B ÷ tp from v0.6.0, whole before it (Qwen2.5-3B, 151,936 × 2,048)', () => {
    const e = estimateOf('qwen2.5-3b serve lmdeploy tp 2 on 2x rtx-4090');
    expect(e.params.lmHead).toBe(0);
    const table = 151_936 * 2_048 * 2;
    expect(part(e, 'weights-vocab')).toBeCloseTo(table / 2, -3);
    const old = estimateOf('qwen2.5-3b serve lmdeploy 0.5.3 tp 2 on 2x rtx-4090');
    expect(part(old, 'weights-vocab')).toBeCloseTo(2 * table - table / 2, -3);
  });
});

