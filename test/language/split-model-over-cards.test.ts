import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * One model split over several cards, its name between the verb and "model" ("Is it possible to split LLAMA
 * 7b-chat-hf model on two gpus", corpus c1857): the layer split (HF device_map, llama.cpp, Ollama: `pp N`), even
 * where text-generation-webui, named later, would put a 16-bit model on the first card. Beside a serving engine the
 * split is that engine's own (tp), so the rule keeps out.
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;
const parallelOf = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) return null;
  return { tp: r.scenario.parallel.tp, pp: r.scenario.parallel.pp, gpus: r.scenario.hardware?.count };
};

const NAMES = ['LLAMA 7b-chat-hf', 'llama-2-13b', 'the qwen2.5-14b', 'my mistral 7b', 'this llama 2 13b chat'];
const SPLITS = ['split', 'splitting'];
const HOW = ['on', 'across', 'over', 'between', 'equally on', 'evenly across'];

describe('"split <model> model across N gpus" is a layer split over those cards', () => {
  it('in any wording, at 2 to 4 cards', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.constantFrom(...SPLITS), fc.constantFrom(...HOW), fc.constantFrom(2, 3, 4), fc.boolean(), (name, split, how, n, words) => {
        const count = words ? ['', '', 'two', 'three', 'four'][n] : String(n);
        // text-generation-webui named after it, whose 16-bit loader alone would put the model on the first card.
        const text = `Is it possible ${split === 'split' ? 'to split' : 'splitting'} ${name} model ${how} ${count} gpus? I'm using ${n}x RTX 3090 with text-generation-webui.`;
        expect(parallelOf(text), text).toEqual({ tp: 1, pp: n, gpus: n });
      }),
      { numRuns: 80 },
    );
  });

  it('c1857: the split wins over text-generation-webui\'s first card', () => {
    const l = line('c1857');
    expect(parallelOf(l.text)).toEqual({ tp: 1, pp: 2, gpus: 2 });
  });

  it('beside a serving engine the split is its tensor parallel', () => {
    expect(parallelOf('how do I split the llama-2-70b model across 4 gpus with vllm? 4x A100 40GB')).toMatchObject({ tp: 4, pp: 1 });
  });
});
