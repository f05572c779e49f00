import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * An engine the estimate counts with vLLM's layout is named in the reply as the user wrote it: a
 * reply that said only "vLLM serving" for `mistralrs-server` (the mistral.rs thread of
 * vb6's v182, EricLBuehler/mistral.rs) named another program without a word.
 */
const said = (text: string) => {
  const outcome = resolveRequest(text, null);
  if (!outcome.ok || !outcome.scenario) throw new Error(outcome.ok ? 'no scenario' : outcome.error.message);
  return { scenario: outcome.scenario, said: outcome.assumptions.join(' | ') };
};

describe('engines counted with vLLM\'s memory layout', () => {
  it('the real command: "$ mistralrs-server --port 1234 --log output.log mistral" on a 3090 names mistral.rs', () => {
    const { scenario, said: words } = said('$ mistralrs-server --port 1234 --log output.log mistral on a 3090');
    expect(scenario.inference?.engine).toBe('vllm');
    expect(words).toMatch(/mistral\.rs \("mistralrs-server"\) counted with vLLM's memory layout/);
  });

  it.each([
    ['serve mistral-7b with mistral.rs on 1x rtx-3090', 'mistral.rs'],
    ['aphrodite mistral-7b on 1x a100-80g', 'Aphrodite'],
    ['tensorrt-llm llama-2-7b on 1x a100-80g', 'TensorRT-LLM'],
    ['trt-llm llama-2-7b on 1x a100-80g', 'TensorRT-LLM'],
  ])('"%s" says %s is counted with vLLM\'s layout', (text, name) => {
    expect(said(text).said).toContain(`${name} (`);
  });

  it.each(['vllm mistral-7b on 1x rtx-3090', 'sglang mistral-7b on 1x rtx-3090', 'serve mistral-7b on 1x rtx-3090', 'lmdeploy mistral-7b on 1x rtx-3090'])(
    '"%s" (vLLM itself, an engine with its own budget, or no engine named) carries no such note',
    (text) => {
      expect(said(text).said).not.toMatch(/counted with vLLM's memory layout/);
    },
  );
});

describe('a plain serve verb and the engine named later in its clause', () => {
  const models = ['llama-2-7b', 'mistral-7b', 'qwen2.5-7b', 'Qwen/Qwen2.5-7B-Instruct'];
  const links = ['with', 'using', 'via', 'through', 'on top of'];
  const engines: [string, string][] = [['sglang', 'sglang'], ['lmdeploy', 'lmdeploy'], ['SGLang', 'sglang']];

  it('property: "serve <model> <with|using|…> <engine> on 1x a100-80g" is served by that engine', () => {
    fc.assert(
      fc.property(fc.constantFrom(...models), fc.constantFrom(...links), fc.constantFrom(...engines), fc.constantFrom('serve', 'serving', 'deploy', 'deploying'), (model, link, [engine, server], verb) => {
        expect(said(`${verb} ${model} ${link} ${engine} on 1x a100-80g`).scenario.inference?.server).toBe(server);
      }),
      { numRuns: 60 },
    );
  });
});
