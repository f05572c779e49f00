import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Batch b27 (test/corpus/first-sight.md), c972: LocalAI's dump of its llama.cpp options ("… NGPULayers:20
 * MainGPU: TensorSplit: Threads:8", also in mudler/LocalAI#969) had "MainGPU" read as the typo "min gpu",
 * a question the user never asked. A word written in CamelCase is a program's identifier, never a typo
 * of a keyword (language/parse.ts); a lower-case typo in prose is still corrected ("meagatron").
 */
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
};

describe('a CamelCase identifier is no typo', () => {
  it('c972: no "which GPU" question from MainGPU', () => {
    const r = read(lineText('c972'));
    expect(r.s.question.kind).not.toBe('whichGpu');
    expect(r.said).not.toContain('"MainGPU" read as');
    expect(r.said).not.toMatch(/"MainGPU" \(did you mean/);
  });

  it.each([
    'llama-2-13b inference on 1x rtx 3090\n10:02PM DBG GRPC: Loading model with options: {ContextSize:512 NGPULayers:0 MainGPU: TensorSplit: Threads:8}',
    'llama-2-7b inference on 1x a10, options MainGPU: TensorSplit: set by LocalAI',
  ])('%j', (text) => {
    expect(read(text).s.question.kind).not.toBe('whichGpu');
  });

  it('a lower-case typo in prose is still read', () => {
    expect(read('One H100 will oom when using meagatron to train llama2-70b. How to use two H100 to train llama2-70b?').said).toContain('"meagatron" read as');
  });
});
