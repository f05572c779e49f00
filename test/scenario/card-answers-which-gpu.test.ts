import { describe, expect, it } from 'vitest';
import { readInThread, type ThreadState } from '../../src/core/opening.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A thread that asked which GPU a setup needs, then a follow-up naming the user's card ("I only have
 * A100 40G GPUs", huggingface/open-r1#100; "I have only one RTX 3090 card" under "7B Fine-tuning GPU
 * requirements", meta-llama/llama-cookbook#100): the card is theirs and answers the question. The
 * reply ranked cards and left the named one aside, said nowhere.
 */
function openedScenario(text: string): Scenario {
  const o = readInThread(text, null).outcome;
  if (!o.ok || !o.scenario) throw new Error(`thread not opened: ${text}`);
  return o.scenario;
}
const opened = (text: string): ThreadState => ({ scenario: openedScenario(text), history: [] });

function followUp(thread: string, text: string) {
  const o = readInThread(text, opened(thread)).outcome;
  if (!o.ok || !o.scenario) throw new Error(`not read: ${text}`);
  return { s: o.scenario, said: o.assumptions.join(' | ') };
}

describe("a card named after 'which GPU' is the user's", () => {
  it('huggingface/open-r1#100 (c785): the A100 40G is estimated, not ranked among cards', () => {
    const line = loadCorpus().find((l) => l.id === 'c785')!;
    expect(openedScenario(line.thread!).question.kind).toBe('whichGpu');
    const { s, said } = followUp(line.thread!, line.text);
    expect(s.question.kind).not.toBe('whichGpu');
    expect(s.hardware?.gpuId).toBe('a100-40g');
    expect(said).toMatch(/the thread asked which GPU; this message names yours/);
  });

  it.each([
    ['what gpu do I need to fine-tune llama-3-8b with lora?', 'I have only one RTX 3090 card'],
    ['7b lora which gpu', 'on 2x a100-40g'],
    ['which GPU should I buy to serve qwen2.5-7b?', 'ok, I went with an L40S'],
  ])('invented: %s → %s', (thread, text) => {
    const { s } = followUp(thread, text);
    expect(s.question.kind).toBe('none');
    expect(s.hardware?.gpuId).not.toBeNull();
  });

  it('asked again, or with no card named, the question stands', () => {
    const thread = '7b lora which gpu';
    expect(followUp(thread, 'seq 4096').s.question.kind).toBe('whichGpu');
    const state = readInThread('on 1x a100-40g', opened(thread)).outcome;
    if (!state.ok || !state.scenario) throw new Error('not read');
    const again = readInThread('which gpu', { scenario: state.scenario, history: [] }).outcome;
    expect(again.ok && again.scenario && canonicalText(again.scenario)).toMatch(/which gpu$/);
  });
});
