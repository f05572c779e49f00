import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { MINIMUM_ON_CARD_RULE } from '../../src/language/reconcile/minimum-on-card.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Branch rmode4 (issue 22): the least setup asked ("minimum requirements", 最低部署要求, 최소 사양,
 * configuration minimale) of a card named with no count and not as the user's own is the count of that
 * card. A card with a count, one the user has or uses, or one said with its memory stays the user's.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const read = (text: string): { s: Scenario; said: string } => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
};

describe('the least setup asked of a card with no count is how many of that card', () => {
  it('names its source', () => {
    expect(MINIMUM_ON_CARD_RULE.source).toBe('InternLM/lmdeploy#585');
  });

  it('c1087: llama 系列的最低部署要求是什么啊？llama70b在V100上能部署吗？', () => {
    const { s, said } = read(line('c1087').text);
    expect(s.question).toEqual({ kind: 'howMany', gpuId: 'v100-16g' });
    // Said, with how to ask about one card instead.
    expect(said).toMatch(/say "on 1x v100-16g" if you have one/);
  });

  it.each([
    ['What are the minimum requirements to serve llama-2-70b? Can it run on A100s?', 'a100-80g'],
    ['최소 사양이 어떻게 되나요? llama-2-70b를 A100에서 돌릴 수 있나요?', 'a100-80g'],
    ['llama-2-70b 推理的最低配置是什么？H100上可以吗？', 'h100-80g'],
    ['minimum hardware requirements for llama-2-70b inference on V100?', 'v100-16g'],
    ['Quelle est la configuration minimale pour servir llama-2-70b sur A100 ?', 'a100-80g'],
  ])('%s', (text, gpuId) => {
    expect(read(text).s.question).toEqual({ kind: 'howMany', gpuId });
  });

  it.each([
    // The user's own card: the estimate of that card answers the question.
    'I have a 4090. What are the minimum requirements for llama-2-13b inference?',
    "I'm using an RTX A5000, what are the minimum requirements to run llama-3.1-8b?",
    // A count said: those cards are the setup asked about.
    'llama-2-70b minimum requirements? on 8x A100',
    // A card said with its memory is described as the user's.
    '40G A100 还剩25G左右可以用，请问微调7b硬件最低要求是多少？',
  ])('%s: no count asked', (text) => {
    expect(read(text).s.question.kind).not.toBe('howMany');
  });

  it('c738 and c1148 (the card said with its memory, the card in use) keep the one card', () => {
    expect(read(line('c738').text).s.question.kind).not.toBe('howMany');
  });
});
