import { describe, expect, it } from 'vitest';
import { corpusText } from '../corpus/corpus.js';
import { hubTokensIn } from '../../src/language/parse.js';
import { read } from './reading-fixtures.js';

/**
 * An owner/name with a tag glued on is a container image (b13, InternLM/lmdeploy#519, c542:
 * "I use the `openmmlab/lmdeploy:latest` docker image"), never a Hub repo to fetch; the Hub id
 * beside it still is one.
 */
describe('container images are no Hub ids', () => {
  it.each([
    ['I use the openmmlab/lmdeploy:latest docker image on one A40', []],
    ['the vllm/vllm-openai:v0.6.3 image serving acme-lab/tiny-chat-3b', ['acme-lab/tiny-chat-3b']],
    ['image ghcr.io/huggingface/text-generation-inference:2.2.0 with acme-lab/tiny-chat-3b', ['acme-lab/tiny-chat-3b']],
  ])('%s', (text, ids) => {
    expect(hubTokensIn(text).map((t) => t.value)).toEqual(ids);
  });

  it('a Hub id followed by a colon and a space is still the Hub id', () => {
    expect(hubTokensIn('serve acme-lab/tiny-chat-3b: it runs out of memory').map((t) => t.value)).toEqual(['acme-lab/tiny-chat-3b']);
  });
});

/**
 * vLLM's image tag names its release (command.vllm-image): `vllm/vllm-openai:v0.2.7` (vllm-project/vllm,
 * c084) is vLLM 0.2.7, whose start-up differs by release (memory/vllm-release.ts); a tag that is no
 * release the language names (latest, nightly) names none.
 */
describe("an engine's image tag is its release (vLLM, TGI)", () => {
  it('real: c084, docker run vllm/vllm-openai:v0.2.7', () => {
    expect(read(corpusText('c084')).scenario.inference.vllmVersion).toBe('0.2.7');
  });

  it.each([
    ['docker run --gpus all vllm/vllm-openai:v0.6.3 --model meta-llama/Llama-2-7b-hf on 1x a10g', '0.6.3'],
    ['image: vllm/vllm-openai:0.8.5 serving llama-3-8b on an l4', '0.8.5'],
    ['docker run --gpus all vllm/vllm-openai:latest --model meta-llama/Llama-2-7b-hf on 1x a10g', undefined],
    ['docker run --gpus all vllm/vllm-openai --model meta-llama/Llama-2-7b-hf on 1x a10g', undefined],
  ])('%s', (text, release) => {
    const s = read(text).scenario;
    expect(s.inference.vllmVersion ?? undefined).toBe(release);
  });

  it.each([
    ['docker run --gpus all ghcr.io/huggingface/text-generation-inference:1.0.1 --model-id meta-llama/Llama-2-7b-hf on 1x t4', '1.0.1'],
    ['image ghcr.io/huggingface/text-generation-inference:2.2.0 --model-id meta-llama/Llama-2-7b-hf on 1x l4', '2.2.0'],
    ['docker run ghcr.io/huggingface/text-generation-inference:latest --model-id meta-llama/Llama-2-7b-hf on 1x l4', undefined],
  ])('%s', (text, release) => {
    const s = read(text).scenario;
    expect(s.framework).toBe('tgi');
    expect(s.mode).toBe('inference');
    expect(s.inference.tgiVersion ?? undefined).toBe(release);
  });
});
