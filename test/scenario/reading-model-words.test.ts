import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

const readAs = (text: string) => (respond(text, null).reply as EstimateReply).reading;

describe('"Read as" names the words a model came from when the catalog reads them as another model of that shape', () => {
  it.each([
    ['llama 3.3 70b q4_k_m llama.cpp on 1x a100-80g', 'Llama-3.1-70B', 'llama 3.3 70b'], // catalog alias: Llama 3.3 reuses 3.1's config
    ['qwq-32b vllm on 2x 4090', 'Qwen2.5-32B', 'qwq-32b'],
  ])('%s', (text, name, words) => {
    expect(readAs(text)).toContain(`${name} (`);
    expect(readAs(text)).toContain(`from "${words}"`);
  });

  it('a spelling of the catalog name itself adds nothing, whatever its case, separators and suffix', () => {
    fc.assert(
      fc.property(fc.constantFrom('Llama-3-8B', 'llama3-8b', 'meta-llama/Meta-Llama-3-8B', 'llama-3-8b-instruct'), fc.constantFrom('lora on 1x 4090', 'on 1x a100-80g'), (model, rest) => {
        expect(readAs(`${model} ${rest}`)).not.toMatch(/from "/);
      }),
      { numRuns: 8 },
    );
  });
});
