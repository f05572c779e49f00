import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { LLAMACPP_DEFAULT_CONTEXT } from '../../src/scenario/llamacpp-context.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { estimateOf, part } from './fixtures.js';

/** The scenario a request resolves to (a refusal fails the test). */
function read(text: string, state: unknown = null): { s: Scenario; state: unknown; words: string[] } {
  const { reply, state: next } = respond(text, state as never);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return { s: reply.scenario, state: next, words: reply.assumptions };
}

const GiB = 2 ** 30;

describe('llama.cpp and Ollama: the context they create when none is said (scenario/llamacpp-context.ts)', () => {
  it('worked example (ollama/ollama#737, verdict v294): Llama-2-7B Q4_0 under Ollama on a GTX 1060 6GB holds a 4,096-token KV cache, 2 GiB, and no longer fits', () => {
    const { s, words } = read('llama-2-7b q4_0 ollama on 1x gtx-1060');
    expect(s.seq).toBe(LLAMACPP_DEFAULT_CONTEXT);
    // The engine sets the length: it is no unstated driver of an envelope.
    expect(s.unstated ?? []).not.toContain('seq');
    expect(words.some((w) => w.startsWith('seq 4096 (default)') && w.includes('OLLAMA_CONTEXT_LENGTH 4096 from v0.6.7'))).toBe(true);
    const e = estimateOf('llama-2-7b q4_0 ollama on 1x gtx-1060');
    // 2 (K, V) × 32 layers × 4,096 tokens × 32 KV heads × 128 × 2 B (f16 cache).
    expect(part(e, 'kv')).toBe(2 * 32 * 4096 * 32 * 128 * 2);
    expect(part(e, 'kv') / GiB).toBe(2);
    expect(e.fits).toBe(false);
  });

  it("llama.cpp's own words: n_ctx 4,096 when -c is not given", () => {
    const { s, words } = read('qwen2.5-32b q4_k_m llama.cpp on 1x rtx-3090');
    expect(s.seq).toBe(4096);
    expect(words.some((w) => w.includes("llama.cpp's n_ctx when -c is not given"))).toBe(true);
  });

  it("is capped at the model's trained context (Ollama llm/server.go, newest llama.cpp's n_ctx 0): LLaMA-1-33B's 2,048", () => {
    const { s, words } = read('llama-1-33b q8_0 llama.cpp on 1x a100-80g');
    expect(s.seq).toBe(2048);
    expect(words.some((w) => w.includes("capped at LLaMA-1-33B's own 2,048"))).toBe(true);
  });

  it('a length the user gives is theirs', () => {
    expect(read('qwen3-14b q4_k_m ollama ctx 8192 on 1x 16GB').s.seq).toBe(8192);
    expect(read('llama-2-7b q4_0 ollama seq 1024 on 1x gtx-1060').s.seq).toBe(1024);
  });

  it('a follow-up length replaces it, and a follow-up on something else keeps it', () => {
    const first = read('llama-2-7b q4_0 ollama on 1x gtx-1060');
    expect(read('ctx 16k', first.state).s.seq).toBe(16384);
    expect(read('on rtx-3090', first.state).s.seq).toBe(4096);
  });

  it('engines with defaults of their own keep the generic one: llamafile, and a llama.cpp build named from before (build 1430: n_ctx 512)', () => {
    // KoboldCpp (--contextsize 4096 from v1.69) and LM Studio (4,096) create llama.cpp's context: test/language/seq-paths.test.ts.
    const llamafile = read('llama-2-13b q2_k llamafile on 1x 8GB').s;
    expect(llamafile.seq).toBe(2048);
    expect(llamafile.unstated ?? []).toContain('seq');
    expect(read('llama-2-70b q6_k llama.cpp build 1430 -ngl 83 on 3x p40').s.seq).toBe(2048);
  });

  it('never shorter than the model allows nor longer than 4,096 (catalog models with a known context)', () => {
    for (const [model, own] of [['llama-2-7b', 4096], ['llama-1-7b', 2048], ['qwen3-8b', 40960], ['gemma-2-9b', 8192], ['phi-2', 2048]] as const) {
      expect(read(`${model} q4_k_m ollama on 1x rtx-4090`).s.seq).toBe(Math.min(4096, own));
    }
  });
});
