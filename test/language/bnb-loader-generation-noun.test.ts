import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * Two phrasings of a local transformers run (invented, after the lead's stranger message of the
 * twenty-fourth session: "tried mixtral 8x7b instruct in 4 bit with transformers + bitsandbytes on 2 x
 * 4090, device_map=auto. loads fine but generation of 2k tokens runs out of memory", which had been
 * 16-bit weights and a 2k sequence, ✗ by 21 GiB):
 * - bitsandbytes named as the loader beside a bare width is that width's bitsandbytes format, not a
 *   named format that blanks the width (prose.width-only);
 * - the generated tokens said as a noun ("generation of 2k tokens") are `gen`, as the verbs are.
 */

const reply = (text: string) => respond(text, null).reply as EstimateReply;
const fact = (r: EstimateReply, name: string) => r.trace?.find((f) => f.fact === name && f.at !== null);

describe('bitsandbytes named beside a bare width', () => {
  it.each([
    ['tried mixtral 8x7b instruct in 4 bit with transformers + bitsandbytes on 2 x 4090, device_map=auto', 'nf4'],
    ['mixtral 8x7b loaded in 4 bit with bitsandbytes on 2x 4090', 'nf4'],
    ['mixtral 8x7b in 4-bit, loaded by bitsandbytes, on 2x 4090', 'nf4'],
    ['mixtral 8x7b 8-bit via bnb on 2x 4090', 'int8'],
    ['用 bitsandbytes 4bit 加载 mixtral 8x7b，两张4090', 'nf4'],
  ])('%j reads %s weights', (text, weights) => {
    expect(reply(text).scenario.weights).toBe(weights);
  });

  it('a format the message names keeps the width its own (GPTQ beside an installed bitsandbytes)', () => {
    expect(reply('llama-2-70b gptq 4 bit with bitsandbytes installed on 2x 4090').scenario.weights).toBe('gptq');
  });
});

describe('the generated tokens said as a noun', () => {
  it.each([
    ['mixtral 8x7b 4bit on 2x 4090, generation of 2k tokens runs out of memory', 2048],
    ['llama-3-8b on a 4090, generation length of 512', 512],
    ['llama-3-8b on a 4090, generations of up to 1,000 tokens', 1000],
    ['llama-3-8b on a 4090 with a generation length: 256', 256],
  ])('%j generates %d tokens', (text, tokens) => {
    const r = reply(text);
    expect(r.scenario.inference.newTokens).toBe(tokens);
    expect(fact(r, 'gen')?.rules).toContain('prose.generation-noun');
  });

  it.each(['qwen2.5-7b grpo on 8x h100, generation of 1024 tokens', 'llama-3-8b on a 4090, 2nd generation of the model', 'text generation inference with llama-3-8b on a 4090'])(
    '%j sets no generated tokens by the noun',
    (text) => {
      const r = reply(text);
      expect(fact(r, 'gen')?.rules ?? []).not.toContain('prose.generation-noun');
    },
  );
});
