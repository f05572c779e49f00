import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { read } from '../language/reading-fixtures.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { cacheOfTotalIn, TURBOMIND_CACHE_SHARE_OF_TOTAL } from '../../src/memory/lmdeploy.js';
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
