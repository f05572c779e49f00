import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';

/** A size the catalog lacks is estimated on a stand-in shape: its invented head counts never refuse the user's split. */
const kind = (text: string) => respond(text, null).reply.kind;

describe('tp against the heads of a stand-in shape', () => {
  it.each(['serve a 300b model with vllm tp 8 on 8x h100', 'serve 300b fp8 with sglang tp 8 on 8x h200', 'finetune 300b lora zero3 tp 8 on 16x h100'])('%s is estimated', (text) => {
    expect(kind(text)).toBe('estimate');
  });

  it('a catalog model whose heads tp does not divide is still refused, and so are heads the user stated', () => {
    expect(kind('serve llama-2-70b vllm tp 3 on 3x a100-80g')).toBe('error');
    expect(kind('serve 300b heads 114 vllm tp 8 on 8x h100')).toBe('error');
  });
});
