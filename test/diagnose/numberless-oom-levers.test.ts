import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { DiagnosisReply } from '../../src/reply/types.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A memory failure whose log carries no numbers to re-estimate against (llama.cpp's "cudaMalloc
 * failed", a bare "CUDA error: out of memory") beside a setup the estimate also calls "does not
 * fit": the reply offers the setup's own levers, each re-estimated, and names the first that fits
 * (src/diagnose/index.ts setupLevers), where it had only the log's generic advice.
 */
const diagnosisOf = (text: string): DiagnosisReply => {
  const { reply } = respond(text, null);
  if (reply.kind !== 'diagnosis') throw new Error(`not a diagnosis: ${reply.kind}`);
  return reply;
};

const BARE = 'CUDA error: out of memory';
const LLAMA_ALLOC = 'ggml_backend_cuda_buffer_type_alloc_buffer: allocating 38000.00 MiB on device 0: cudaMalloc failed: out of memory\nllama_model_load: error loading model: unable to allocate CUDA0 buffer';

describe("a numberless memory failure beside a setup the estimate says does not fit", () => {
  const noFit: [string, string][] = [
    ['a bare CUDA error after the setup', `llama-3-70b q4_k_m llama.cpp -ngl 80 -c 8192 on 1x rtx-3090. I get ${BARE}`],
    ['the error first, then the setup in prose', `${BARE}\nthat is llama.cpp with Llama-3-70B Q4_K_M, all 80 layers offloaded (-ngl 80), context 8192, one RTX 3090`],
    ["llama.cpp's own allocation failure", `${LLAMA_ALLOC}\nllama.cpp, llama-3-70b q4_k_m, -ngl 80 -c 8192, on my 3090 (24GB)`],
  ];
  for (const [name, text] of noFit) {
    it(`${name}: the setup's levers come with the diagnosis, the first that fits named first`, () => {
      const reply = diagnosisOf(text);
      expect(reply.setup?.verdict).toMatch(/^✗/);
      expect(reply.levers.length).toBeGreaterThan(0);
      const fitting = reply.levers.find((l) => l.fits);
      expect(fitting?.change).toMatch(/^ngl \d+/);
      expect(reply.actions[0]).toContain(`"${fitting!.change}"`);
    });
  }

  it("a setup the estimate says fits gets no levers (each would read ✓ against a run that failed)", () => {
    // abetlen/llama-cpp-python#1944: DeepSeek-V3 Q2_K_L on 4x A100 80GB, its KV cache (the model's own context) failing.
    const text = 'I am experiencing issues while trying to launch the deepseek-v3 model with a 671B Q2_K_L quantized version on 4 x A100 (80GB) GPUs.\n```\nggml_backend_cuda_buffer_type_alloc_buffer: allocating 204800.00 MiB on device 0: cudaMalloc failed: out of memory\nllama_kv_cache_init: failed to allocate buffer for kv cache\n```';
    const reply = diagnosisOf(text);
    expect(reply.setup?.verdict).toMatch(/^[✓⚠]/);
    expect(reply.levers).toEqual([]);
    expect(reply.actions[0]).not.toMatch(/My estimate says/);
  });

  it('every corpus line diagnosed as a memory failure beside a ✗ setup offers levers or says none helps', () => {
    let held = 0;
    for (const line of loadCorpus().filter((l) => /out of memory|cudaMalloc|ALLOC_FAILED/i.test(l.text))) {
      const { reply } = respond(line.text, null);
      if (reply.kind !== 'diagnosis' || !reply.setup || !/^✗/.test(reply.setup.verdict)) continue;
      if (!['llamacpp-buffer', 'library-oom', 'shortage'].includes(reply.cause)) continue;
      held++;
      const saysNone = reply.actions.some((a) => /No lever|none fits alone|larger card/.test(a));
      expect(reply.levers.length > 0 || saysNone, line.id).toBe(true);
    }
    expect(held).toBeGreaterThan(0);
  }, 120_000);
});
