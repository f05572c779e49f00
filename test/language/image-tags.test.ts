import { describe, expect, it } from 'vitest';
import { hubTokensIn } from '../../src/language/parse.js';

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
