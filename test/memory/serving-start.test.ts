import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateOf } from './fixtures.js';

/**
 * Issue 23 item 1, "a server that cannot start says so": a KV pool that cannot hold one sequence of
 * max-model-len stops each engine its own way, and the estimate says which, with the arithmetic.
 * - vLLM raises (V0 worker.py raise_if_cache_size_invalid; V1 kv_cache_utils.py check_enough_kv_cache_memory);
 * - TGI's router refuses a max_total_tokens over the tokens its warm-up found (router/src/main.rs
 *   v1.x–2.x; backends/v3/src/lib.rs NotEnoughMemory from v3.0);
 * - SGLang shortens the longest request to its pool (scheduler max_req_input_len) and TurboMind
 *   truncates session_len: both start on any positive pool.
 */

const LENGTHS = [4096, 16384, 65536, 131072, 200000];

describe('a pool short of one sequence of max-model-len', () => {
  it('vLLM and TGI: the verdict is "does not fit" exactly when the pool holds less than one sequence (property over lengths and engines)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LENGTHS), fc.constantFrom('serve vllm', 'serve vllm 0.6.4', 'serve tgi', 'serve tgi 2.2.0'), (seq, engine) => {
        const e = estimateOf(`${engine} llama-3-8b seq ${seq} on 1x l4`);
        const sv = e.serving!;
        const short = sv.kvPoolBytes < sv.sequenceBytes;
        expect(sv.concurrentSequences === 0).toBe(short);
        if (short) {
          expect(e.fits).toBe(false);
          expect(e.notes.join(' ')).toMatch(/so the server does not start/);
        }
      }),
      { numRuns: 20 },
    );
  });

  it('TGI says its own refusal by release: the router\'s max_batch_total_tokens check before 3.0, NotEnoughMemory from 3.0', () => {
    const old = estimateOf('serve tgi 2.2.0 llama-3-8b seq 200000 on 1x l4');
    const tokens = old.serving!.kvCapacityTokens;
    // The tokens TGI's warm-up found are the pool's, within one token of rounding.
    expect(old.notes.join(' ')).toMatch(new RegExp(`"\`max_total_tokens\` must be <= \`max_batch_total_tokens\`\\. Given: 200,000 and (${[tokens - 1, tokens, tokens + 1].map((n) => n.toLocaleString('en-US')).join('|')})"`));
    const v3 = estimateOf('serve tgi llama-3-8b seq 200000 on 1x l4');
    expect(v3.notes.join(' ')).toContain('"Not enough memory to handle `max_total_tokens=200000`"');
  });

  it('vLLM says its own error by engine: V0 the token count, V1 the GiB', () => {
    expect(estimateOf('serve vllm 0.6.4 llama-3-8b seq 200000 on 1x l4').notes.join(' ')).toMatch(/"The model's max seq len \(200,000\) is larger than the maximum number of tokens that can be stored in KV cache \([\d,]+\)"/);
    expect(estimateOf('serve vllm llama-3-8b seq 200000 on 1x l4').notes.join(' ')).toMatch(/"To serve at least one request with the models's max seq len \(200,000\), \([\d.]+ GiB KV cache is needed/);
  });

  it('SGLang and lmdeploy start on any positive pool, shortening the request to it (property over lengths)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LENGTHS), fc.constantFrom('serve sglang', 'serve lmdeploy'), (seq, engine) => {
        const e = estimateOf(`${engine} llama-3-8b seq ${seq} on 1x l4`);
        const sv = e.serving!;
        expect(sv.clipsToPool).toBe(true);
        if (sv.kvPoolBytes > 0) {
          expect(sv.concurrentSequences).toBeGreaterThanOrEqual(1);
          expect(e.notes.join(' ')).not.toMatch(/so the server does not start/);
        }
      }),
      { numRuns: 10 },
    );
  });
});

/**
 * vLLM checks that one max-model-len sequence fits its pool only from vllm#2163 (merged 2023-12-18,
 * first released in v0.2.7): before it the server starts on any positive pool and a longer request
 * hangs unscheduled ("Currently, vLLM hangs when the length of a single sequence is larger than the
 * system's KV cache size"). vllm-project/vllm#1472 (2023-10, v0.2.1): AWQ CodeLlama-13B on an L4
 * with the default max-model-len 16,384 started and answered, "~10GB" pre-allocated; on an A40
 * "~31GB" — weights + the pool the 16,384-token profile run leaves.
 */
describe('vLLM before 0.2.7 starts on a pool shorter than one sequence', () => {
  it('CodeLlama-13B AWQ on an L4 at vLLM 0.2.1: a pool of fewer than 16,384 tokens, and the server starts (vllm#1472)', () => {
    const e = estimateOf('codellama-13b awq serve vllm 0.2.1 on 1x l4');
    const sv = e.serving!;
    expect(sv.kvPoolBytes).toBeGreaterThan(0);
    expect(sv.kvPoolBytes).toBeLessThan(sv.sequenceBytes);
    expect(e.fits).toBe(true);
    expect(e.notes.join(' ')).toMatch(/vLLM before 0\.2\.7 does not check that one sequence of 16,384 tokens fits \(vllm#2163\)/);
    // What stays after the profile run frees its activations: weights + pool + context, the thread's "~10GB" (and "~31GB" on the A40).
    const resident = (x: typeof e) => x.components.filter((c) => c.key !== 'profile' && c.key !== 'logits').reduce((t, c) => t + c.bytes, 0) / 2 ** 30;
    expect(resident(e)).toBeGreaterThan(9);
    expect(resident(e)).toBeLessThan(12.5);
    const a40 = estimateOf('codellama-13b awq serve vllm 0.2.1 on 1x a40');
    expect(resident(a40)).toBeGreaterThan(29);
    expect(resident(a40)).toBeLessThan(33);
  });

  it('the same pool from 0.2.7 on refuses to start; either way a pool of nothing does not start (property over releases)', () => {
    fc.assert(
      fc.property(fc.constantFrom('0.2.1', '0.2.6', '0.2.7', '0.3.0', '0.4.2'), (release) => {
        const e = estimateOf(`codellama-13b awq serve vllm ${release} on 1x l4`);
        const sv = e.serving!;
        const checks = release !== '0.2.1' && release !== '0.2.6';
        if (sv.kvPoolBytes < sv.sequenceBytes) expect(e.fits).toBe(!checks && sv.kvPoolBytes > 0);
        const none = estimateOf(`codellama-34b fp16 serve vllm ${release} on 1x l4`);
        expect(none.fits).toBe(false);
      }),
      { numRuns: 10 },
    );
  });
});

/**
 * FP8 quantised at load (`--quantization fp8` on a 16-bit checkpoint, "quantised at load"): vLLM and
 * SGLang build each FP8 layer in the checkpoint's 16 bits (fp8.py create_weights: float8_e4m3fn only
 * when is_checkpoint_fp8_serialized) and quantise after the whole model is loaded, so the card holds
 * the 16-bit model before the pool is planned (memory/online-quant.ts). vLLM streams it from
 * vllm#31914 (0.15 on here; the newest when nothing is named).
 */
describe('FP8 quantised at load needs the 16-bit model on the card first', () => {
  it('Gemma-3-12B on a 16 GB card under SGLang (verdict v582): 22.7 GiB of 16-bit weights, so it does not start; the same FP8 checkpoint would', () => {
    const online = estimateOf('gemma-3-12b fp8 quantised at load serve sglang kv fp8 --context-length 7000 on 1x rtx-4070-ti-super');
    expect(online.fits).toBe(false);
    const note = online.notes.join(' ');
    expect(note).toMatch(/Quantised at load: SGLang .* the load needs 22\.7 GiB of 16-bit weights \+ 0\.4 GiB of CUDA context and NCCL = 23\.1 GiB of the 15\.8 GiB card/);
    // 11.8 B text + 0.42 B vision parameters at 2 B each.
    // At a fraction that leaves room (SGLang's own default on a 16 GB card is 0.77, memory/sglang-defaults.ts: 12.2 GiB, under the 12.7 GiB of weights).
    const checkpoint = estimateOf('gemma-3-12b fp8 serve sglang kv fp8 --mem-fraction-static 0.88 --context-length 7000 on 1x rtx-4070-ti-super');
    expect(checkpoint.fits).toBe(true);
    expect(checkpoint.notes.join(' ')).not.toMatch(/Quantised at load/);
    expect(estimateOf('gemma-3-12b fp8 serve sglang kv fp8 --context-length 7000 on 1x rtx-4070-ti-super').fits).toBe(false);
  });

  it('vLLM loads 16 bits first in every release before 0.15 and in V0; not from 0.15 (vllm#31914) nor in the newest (property over releases)', () => {
    fc.assert(
      fc.property(fc.constantFrom('0.5.4', '0.6.4', '0.8.5', '0.10.2', '0.11.0', '0.14.1', '0.15.0', '0.21.0', 'v0', 'v1', ''), (release) => {
        const named = release ? ` ${release}` : '';
        // Qwen2.5-14B: 29.5 GB in 16 bits, more than a 4090; about 15 GB in FP8, which fits.
        const online = estimateOf(`serve qwen2.5-14b fp8 quantised at load vllm${named} seq 8192 on 1x rtx-4090`);
        const stored = estimateOf(`serve qwen2.5-14b fp8 vllm${named} seq 8192 on 1x rtx-4090`);
        const loadsWhole = release !== '' && release !== 'v1' && !['0.15.0', '0.21.0'].includes(release);
        expect(stored.notes.join(' ')).not.toMatch(/Quantised at load/);
        expect(online.notes.join(' ').includes('Quantised at load')).toBe(loadsWhole);
        if (loadsWhole) expect(online.fits).toBe(false);
        else expect(online.fits).toBe(stored.fits);
      }),
      { numRuns: 24 },
    );
  });

  it('the load counts 2 B a parameter whatever the checkpoint format said, and only for FP8 (property over models)', () => {
    fc.assert(
      fc.property(fc.constantFrom('llama-3.1-8b', 'qwen2.5-7b', 'mistral-7b'), fc.constantFrom('sglang', 'vllm 0.8.5'), (model, engine) => {
        const e = estimateOf(`serve ${model} fp8 quantised at load ${engine} seq 4096 on 1x rtx-4060-ti-16g`);
        const m = /the load needs ([\d.]+) GiB of 16-bit weights/.exec(e.notes.join(' '));
        if (m) expect(Number(m[1])).toBeCloseTo((e.params.total * 2) / 2 ** 30, 0);
        const awq = estimateOf(`serve ${model} awq quantised at load ${engine} seq 4096 on 1x rtx-4060-ti-16g`);
        expect(awq.notes.join(' ')).not.toMatch(/Quantised at load/);
      }),
      { numRuns: 6 },
    );
  });
});
