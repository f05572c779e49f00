import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * b19, c722 (QwenLM/Qwen3-VL#938): "在一张24G的A100或四张16G的V100上lora微调Qwen2.5Vl7B，均OOM" (on one 24G
 * A100 or four 16G V100s, both OOM) was refused: the two phrases "contradict each other". They are
 * options the user weighs (hardware/alternative-phrases.ts): the one that exists is read (no A100
 * has 24 GB), the other said, never a refusal.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

function readAll(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { h: r.scenario.hardware, notices: r.notices.join(' | ') };
}

describe('two hardware phrases joined by "or" are options, not a contradiction', () => {
  it('c722: four V100 16GB, the option that exists, and the reply names the other', () => {
    const { h, notices } = readAll(line('c722').text);
    expect([h?.gpuId, h?.count]).toEqual(['v100-16g', 4]);
    expect(notices).toMatch(/"四张16G的V100" or "24G的A100": options — read as "四张16G的V100".*Which did you mean\?/);
  });

  it('two options that both exist: the first is read and the reply asks', () => {
    const { h, notices } = readAll('llama-2-13b lora on 2x 3090 or 1x a100 80g');
    expect([h?.gpuId, h?.count]).toEqual(['rtx-3090', 2]);
    expect(notices).toMatch(/"2x 3090" or "1x a100 80g": options .*Which did you mean\?/);
  });

  it('any two cards, in any order, with any "or" word: never refused, one of them read (property)', () => {
    const cards = [
      ['4x v100 16g', 'v100-16g', 4],
      ['2x rtx 3090', 'rtx-3090', 2],
      ['8x a100 80g', 'a100-80g', 8],
      ['1x h100', 'h100-80g', 1],
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...cards), fc.constantFrom(...cards), fc.constantFrom(' or ', '或', ' 或者 ', '还是'), (a, b, or) => {
        fc.pre(a[1] !== b[1]);
        const { h, notices } = readAll(`llama-2-13b lora on ${a[0]}${or}${b[0]}, both OOM`);
        expect([h?.gpuId, h?.count]).toEqual([a[1], a[2]]);
        expect(notices).toMatch(/options/);
      }),
      { numRuns: 40 },
    );
  });

  it('a card with a memory it never had yields to the option that exists, whichever comes first', () => {
    for (const text of ['qwen2.5-7b lora on 1x a100 24g or 2x rtx 4090', 'qwen2.5-7b lora on 2x rtx 4090 or 1x a100 24g']) {
      expect(readAll(text).h?.gpuId, text).toBe('rtx-4090');
    }
  });
});
