import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';

/**
 * A lever's cost names the setting in the engine the user runs (a llama.cpp user has no --max-model-len and no fp8
 * cache; a vLLM or SGLang server's own levers are written in served-words.ts), and the host RAM a lever keeps is said only where the lever changes it (llama.cpp keeps token_embd in
 * host RAM under every lever).
 */
function leversOf(text: string) {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return new Map(reply.levers.map((l) => [l.change.replace(/\d+/g, 'N'), l]));
}

const LLAMA_CPP = 'llama.cpp qwen2.5-14b q4_k_m -c 32768 -ngl 99 on rtx 3060 12gb';

describe("levers in the engine's own words", () => {
  it.each([
    [LLAMA_CPP, /-c \/ --ctx-size/],
    ['ollama qwen2.5-14b q4_k_m num_ctx 32768 on rtx 3060 12gb', /-c \/ --ctx-size, num_ctx in Ollama/],
    ['llama-3-8b inference seq 131072 bs 4 on 1x rtx 4090', /\(max_length\)/],
    ['exllamav2 llama-3-70b exl2 4.0bpw seq 131072 on 1x rtx 4090', /\(max_seq_len\)/],
  ])('%s: the shorter context names its setting', (text, words) => {
    const seq = leversOf(text).get('seq N');
    expect(seq?.cost).toMatch(words);
  });

  it("llama.cpp's 8-bit cache is q8_0, transformers' fp8", () => {
    expect(leversOf(LLAMA_CPP).get('kv fpN')?.cost).toMatch(/--cache-type-k q8_0 --cache-type-v q8_0/);
    expect(leversOf('llama-3-8b inference seq 131072 bs 4 on 1x rtx 4090').get('kv fpN')?.cost).toMatch(/^fp8 KV cache/);
  });

  it('host RAM is said on the lever that changes it, not on every lever', () => {
    const levers = leversOf(LLAMA_CPP);
    expect(levers.get('ngl N')?.note).toMatch(/host RAM \d+(\.\d)? GiB per node/);
    expect(levers.get('seq N')?.note ?? '').not.toMatch(/host RAM/);
    expect(levers.get('kv fpN')?.note ?? '').not.toMatch(/host RAM/);
  });
});
