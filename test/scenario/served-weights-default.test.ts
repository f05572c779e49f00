import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { DEFAULT_WORDS } from '../../src/scenario/defaults.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A served model whose message names no weight format and no dtype is estimated in 16 bits, and the
 * reply says so among its defaults (issue 22: a default is said). c606 (abetlen/llama-cpp-python:
 * "I want to run 13B model on my 3060") and c588 (a Mixtral split over two RTX A6000 with llama.cpp)
 * were estimated in bf16 with the weights' precision said nowhere, where the user runs a GGUF.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const assumptionsOf = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(r.ok ? 'help' : r.error.message);
  return r.assumptions;
};

describe("a served model's 16-bit weights are said when no format is named", () => {
  // c588 now reads Ollama's own server log (its gin lines) as llama.cpp, a GGUF run (rserve3), which says nothing of it.
  it.each(['c606'])('%s: the default is said', (id) => {
    const outcome = readInThread(line(id).text, null).outcome;
    expect(outcome.ok && outcome.assumptions).toContain(DEFAULT_WORDS.servedWeights);
  });

  it('invented: a named format, a named dtype, a GGUF run or a training run say nothing of it', () => {
    for (const text of ['llama-2-13b inference int4 on 1x rtx 3060', 'llama-2-13b inference fp16 on 1x rtx 3060', 'llama-2-13b q4_k_m on 1x rtx 3060', 'llama-2-13b lora on 1x rtx 3090', 'deepseek-v3 serve on 8x h200'])
      expect(assumptionsOf(text)).not.toContain(DEFAULT_WORDS.servedWeights);
  });

  it('property: any served catalog model with no format or dtype said gets the note, once', () => {
    fc.assert(
      fc.property(fc.constantFrom('llama-2-7b', 'mistral-7b', 'qwen2.5-14b', 'llama-3.1-70b'), fc.constantFrom('inference', 'serve', 'run'), fc.constantFrom('1x rtx 4090', '2x a100 80gb', '1x l4'), (model, verb, cards) => {
        const said = assumptionsOf(`${model} ${verb} on ${cards}`).filter((a) => a === DEFAULT_WORDS.servedWeights);
        expect(said).toHaveLength(1);
      }),
      { numRuns: 20 },
    );
  });
});
