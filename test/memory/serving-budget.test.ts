import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { MODELS } from '../../src/catalog/index.js';
import { CONTEXT_LENGTH_IDS, contextLengthOf, servedContextLengthOf } from '../../src/catalog/context-lengths.js';
import { estimate } from '../../src/memory/estimate.js';
import { GiB } from '../../src/memory/format.js';
import { fusedMoeOutputCache } from '../../src/memory/serving.js';
import { estimateOf, part, scenario } from './fixtures.js';

/** Issue 23 item 1: each serving engine plans inside its own budget before the KV pool. */

function assumptionsOf(text: string): string[] {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return reply.assumptions;
}

const onH100 = { hardware: { gpuId: 'h100-80g', capacityBytes: 80 * GiB, count: 1, perNode: 1 } };
const vllm = (batchedTokens: number | undefined, util = 0.9, model = 'llama-3-8b') => {
  const base = scenario(model, { mode: 'inference', seq: 8192, ...onH100 });
  return { ...base, weights: 'bf16' as const, inference: { ...base.inference, engine: 'vllm' as const, gpuMemoryUtilization: util, ...(batchedTokens ? { batchedTokens } : {}) } };
};

describe('vLLM plans inside gpu_memory_utilization × card', () => {
  it('a larger --max-num-batched-tokens never grows the KV pool (the profile run is its length)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 256, max: 65536 }), fc.integer({ min: 1, max: 65536 }), (a, extra) => {
        expect(part(estimate(vllm(a + extra)), 'kv')).toBeLessThanOrEqual(part(estimate(vllm(a)), 'kv'));
      }),
      { numRuns: 40 },
    );
  });

  it('the pool never exceeds utilisation × card less the weights, for any utilisation', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.3, max: 0.98, noNaN: true }), (util) => {
        const e = estimate(vllm(undefined, util));
        expect(part(e, 'kv')).toBeLessThanOrEqual(util * e.capacityBytes! - part(e, 'weights') + 1);
      }),
      { numRuns: 30 },
    );
  });

  it('worked example: Llama-3.1-8B on a 3090 at max-model-len 29,000 with 32,768 batched tokens cannot start, and says why', () => {
    const e = estimateOf('serve llama-3.1-8b max-model-len 29000 --max-num-batched-tokens 32768 on 1x 3090');
    expect(e.scenario.inference.batchedTokens).toBe(32768);
    // 0.9 × card − weights − profile run (32,768 tokens) − sampler − non-torch < one sequence; the
    // CUDA graphs are captured after the pool, outside the budget.
    const inside = part(e, 'weights') + part(e, 'profile') + part(e, 'logits') + part(e, 'context');
    expect(part(e, 'kv')).toBeCloseTo(Math.max(0, 0.9 * e.capacityBytes! - inside), -3);
    expect(part(e, 'kv')).toBeLessThan(e.serving!.kvBytesPerToken * 29000);
    expect(e.fits).toBe(false);
    expect(e.notes.join(' ')).toMatch(/vLLM's budget: 0\.9 × .* GiB of KV cache; one sequence of 29,000 tokens needs .* so the server does not start/);
    // The default scheduler budget (2,048 tokens on a 24 GB card) leaves room: the flag is what decides.
    expect(estimateOf('serve llama-3.1-8b max-model-len 29000 on 1x 3090').fits).toBe(true);
  });

  it('V1 captures its CUDA graphs after the KV pool (gpu_worker compile_or_warm_up_model): the pool is not smaller for them, and they sit beyond the budget', () => {
    // Before 0.21; from it the budget also loses a graph estimate where graphs are captured (vllm-v1-baseline.test.ts).
    fc.assert(
      fc.property(fc.constantFrom('vllm 0.20.1', 'vllm 0.8.5', 'vllm 0.10.1', 'vllm 0.6.4'), fc.integer({ min: 2048, max: 32768 }), (release, len) => {
        const graphs = estimateOf(`serve llama-3-8b max-model-len ${len} ${release} on 1x h100`);
        const eager = estimateOf(`serve llama-3-8b max-model-len ${len} ${release} --enforce-eager on 1x h100`);
        expect(part(graphs, 'cuda-graphs')).toBeGreaterThan(0);
        expect(part(eager, 'cuda-graphs')).toBe(0);
        // The same pool with or without graphs: only the card outside the budget holds them.
        expect(part(graphs, 'kv')).toBeCloseTo(part(eager, 'kv'), -3);
      }),
      { numRuns: 12 },
    );
  });

  it('--max-num-seqs is the rows of the sampler\'s dummy run, a cap on the server and no batch it must hold: fewer rows, a larger pool', () => {
    const e = estimateOf('vllm serve llama-3-8b --max-num-seqs 64 --max-model-len 8192 on 1x h100');
    expect(e.scenario.microBatch).toBe(1);
    expect(e.scenario.inference.maxSeqs).toBe(64);
    // The sampler's rows; it counts only beyond the forward's peak (vllm-profile-peak.ts), so 64 rows hide under it.
    const sampler = (x: typeof e) => x.components.find((c) => c.key === 'logits')!;
    expect(sampler(e).formula).toMatch(/64 seqs × 128256 × 10 B/);
    expect(part(e, 'logits')).toBe(0);
    const byDefault = estimateOf('vllm serve llama-3-8b bs 64 --max-model-len 8192 on 1x h100');
    expect(sampler(byDefault).formula).toMatch(/1024 seqs × 128256 × 10 B/);
    expect(part(byDefault, 'logits')).toBeGreaterThan(0);
    expect(part(e, 'kv')).toBeGreaterThan(part(byDefault, 'kv'));
  });

  it("a MoE's profile run adds fused_moe's [tokens, top-k, hidden] output cache, unsplit by tp", () => {
    const dense = estimateOf('serve qwen3-32b tp 8 seq 8192 batched tokens 4096 on 8x h100');
    const moe = estimateOf('serve qwen3-30b-a3b tp 8 seq 8192 batched tokens 4096 on 8x h100');
    expect(fusedMoeOutputCache(dense.scenario, 4096)).toBe(0);
    expect(fusedMoeOutputCache(moe.scenario, 4096)).toBe(4096 * 8 * 2048 * 2);
    expect(part(moe, 'profile')).toBeGreaterThan(fusedMoeOutputCache(moe.scenario, 4096));
  });

  it('the card outside the budget is not headroom: the margin is the KV pool beyond one sequence', () => {
    const e = estimateOf('serve llama-3-8b seq 8192 on 1x h100');
    expect(e.headroomBytes).toBeCloseTo(part(e, 'kv') - e.serving!.kvBytesPerToken * 8192, -3);
  });

  it('without --max-model-len, vLLM serves the model’s own context length, and the reply says so', () => {
    const e = estimateOf('serve llama-3.1-8b on 1x l4');
    expect(e.scenario.seq).toBe(131072);
    expect(assumptionsOf('serve llama-3.1-8b on 1x l4').join(' ')).toMatch(/seq 131072 \(default\): max-model-len 131,072, Llama-3\.1-8B's own context length/);
    expect(estimateOf('serve llama-3.1-8b seq 4096 on 1x l4').scenario.seq).toBe(4096);
    // Plain generate keeps the generic default.
    expect(estimateOf('llama-3.1-8b inference on 1x l4').scenario.seq).toBe(2048);
  });

  it("a linear RoPE factor in config.json multiplies the length vLLM serves (_get_and_verify_max_len): DeepSeek-Coder's 16,384 × 4 = 65,536, which vllm#4429's two L40s cannot hold", () => {
    const e = estimateOf('serve deepseek-coder-33b fp16 tp 2 vllm 0.4.1 on 2x l40');
    expect(e.scenario.seq).toBe(16384 * 4);
    expect(assumptionsOf('serve deepseek-coder-33b on 2x l40').join(' ')).toMatch(/max-model-len 65,536, DeepSeek-Coder-33B's max_position_embeddings × its linear RoPE factor 4/);
    // V0 without chunked prefill profiles the whole length: the pool left holds less than one sequence.
    expect(part(e, 'kv')).toBeLessThan(e.serving!.kvBytesPerToken * 65536);
    expect(e.fits).toBe(false);
    // A stated length is the user's; a model without a factor serves its own length.
    expect(estimateOf('serve deepseek-coder-33b seq 16384 on 2x l40').scenario.seq).toBe(16384);
    expect(estimateOf('serve codellama-34b on 2x l40').scenario.seq).toBe(16384);
  });

  it('with no card named, a card is listed only when the budget (utilisation × card) holds the server', () => {
    const e = estimateOf('serve llama-3-8b seq 8192 util 0.5');
    expect(e.fitsOn.length).toBeGreaterThan(0);
    for (const id of e.fitsOn) {
      const card = estimateOf(`serve llama-3-8b seq 8192 util 0.5 on 1x ${id}`);
      expect(card.serving!.concurrentSequences, id).toBeGreaterThanOrEqual(1);
    }
  });

  it('every catalog model has its own context length (learned positions or config.json)', () => {
    for (const m of MODELS) expect(contextLengthOf(m.id, m.arch.maxPositions), m.id).toBeGreaterThanOrEqual(512);
    // What a server serves is the model's own length times a whole RoPE factor, never less.
    for (const m of MODELS) {
      const own = contextLengthOf(m.id, m.arch.maxPositions)!;
      const served = servedContextLengthOf(m.id, m.arch.maxPositions)!;
      expect(served % own, m.id).toBe(0);
      expect(served, m.id).toBeGreaterThanOrEqual(own);
    }
    const ids = new Set(MODELS.map((m) => m.id));
    for (const id of CONTEXT_LENGTH_IDS) expect(ids.has(id), id).toBe(true);
  });
});

describe('SGLang plans inside mem_fraction_static', () => {
  it('its default fraction falls with tensor-parallel size (server_args.py)', () => {
    expect(estimateOf('sglang llama-3-8b on 1x h100').scenario.inference.gpuMemoryUtilization).toBeLessThan(0.88);
    expect(estimateOf('sglang llama-3-8b --mem-fraction-static 0.7 on 1x h100').scenario.inference.gpuMemoryUtilization).toBe(0.7);
  });

  it('its pool is the fraction of the card less weights and non-torch memory; prefill activations sit outside', () => {
    const e = estimateOf('sglang llama-3-8b --mem-fraction-static 0.8 on 1x h100');
    expect(e.scenario.inference.server).toBe('sglang');
    expect(part(e, 'kv')).toBeCloseTo(0.8 * e.capacityBytes! - part(e, 'weights') - part(e, 'context'), -3);
    expect(part(e, 'prefill')).toBeGreaterThan(0);
    expect(part(e, 'profile')).toBe(0);
  });

  it("its request-to-token table is int32 [max_num_reqs + 1, context_len + 4], outside the fraction: sglang#5755's 80.04 GiB", () => {
    // Llama 4 Scout at its own 10,485,760-token context (past the language's 10M bound, so set on the
    // scenario): 2,049 slots (the 2,048 floor) × 10,485,764 × 4 B.
    const read = estimateOf('sglang llama-4-scout tp 8 --context-length 1000000 on 8x h100').scenario;
    const e = estimate({ ...read, seq: 10_485_760 });
    expect(part(e, 'reqtable')).toBe(2049 * 10_485_764 * 4);
    expect((part(e, 'reqtable') / GiB).toFixed(2)).toBe('80.04');
    expect(e.fits).toBe(false);
  });

  it("without --context-length, SGLang takes the model's own context length (model_config.py), sizes its table by it, and says so", () => {
    const e = estimateOf('sglang llama-3.1-8b on 1x h100');
    expect(e.scenario.seq).toBe(131072);
    expect(part(e, 'reqtable') % ((131072 + 4) * 4)).toBe(0);
    expect(assumptionsOf('sglang llama-3.1-8b on 1x h100').join(' ')).toMatch(/seq 131072 \(default\): context length 131,072, Llama-3\.1-8B's own, which SGLang takes/);
    expect(estimateOf('sglang llama-3.1-8b --context-length 8192 on 1x h100').scenario.seq).toBe(8192);
    // SGLang cuts requests to the pool it finds instead of refusing: a context the pool cannot hold still starts.
    const small = estimateOf('sglang llama-3.1-8b on 1x l4');
    expect(small.serving!.kvBytesPerToken * 131072).toBeGreaterThan(part(small, 'kv'));
    expect(small.fits).toBe(true);
  });

  it('its CUDA graphs, captured after the pool, sit outside the fraction: cuda_graph_max_bs by card and tp, KV indices over the whole context per slot', () => {
    const h100 = estimateOf('sglang llama-3-8b --context-length 32768 on 1x h100');
    expect(part(h100, 'graph-indices')).toBe(256 * 32768 * 4);
    expect(part(h100, 'cuda-graphs')).toBeGreaterThan(0);
    // The pool is the fraction less what sits inside it: the graphs do not shrink it.
    expect(part(h100, 'kv')).toBeCloseTo(h100.scenario.inference.gpuMemoryUtilization * h100.capacityBytes! - part(h100, 'weights') - part(h100, 'context'), -3);
    expect(part(estimateOf('sglang llama-3-8b --context-length 8192 on 1x l4'), 'graph-indices')).toBe(24 * 8192 * 4);
    expect(part(estimateOf('sglang llama-3-70b tp 8 --context-length 8192 on 8x l4'), 'graph-indices')).toBe(80 * 8192 * 4);
    expect(part(estimateOf('sglang llama-3-8b --context-length 32768 disable cuda graph on 1x h100'), 'graph-indices')).toBe(0);
    // A longer context never shrinks what the graphs hold.
    fc.assert(
      fc.property(fc.integer({ min: 1024, max: 65536 }), fc.integer({ min: 1, max: 65536 }), (ctx, extra) => {
        const at = (c: number) => part(estimateOf(`sglang llama-3-8b --context-length ${c} on 1x h100`), 'graph-indices');
        expect(at(ctx + extra)).toBeGreaterThan(at(ctx));
      }),
      { numRuns: 15 },
    );
  });

  it('the table holds between 2,048 and 4,096 request slots (or --max-running-requests) of the whole context each', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1024, max: 131072 }), (ctx) => {
        const e = estimateOf(`sglang llama-3-8b --context-length ${ctx} on 1x h100`);
        const slots = part(e, 'reqtable') / ((ctx + 4) * 4);
        expect(Number.isInteger(slots)).toBe(true);
        expect(slots).toBeGreaterThanOrEqual(2049);
        expect(slots).toBeLessThanOrEqual(4097);
      }),
      { numRuns: 25 },
    );
    const capped = estimateOf('sglang llama-3-8b --context-length 32768 --max-running-requests 64 on 1x h100');
    expect(part(capped, 'reqtable')).toBe(65 * (32768 + 4) * 4);
  });
});

describe("TGI's warm-up and KV sizing", () => {
  it('the warm-up asks for prefill log-probs: logits over every prefill token when they outgrow a layer', () => {
    const e = estimateOf('tgi llama-3-8b --max-batch-prefill-tokens 8192 on 1x h100');
    expect(part(e, 'warmup')).toBe(8192 * 128256 * 4);
  });

  it('--max-batch-prefill-tokens sets the warm-up, and a longer warm-up leaves a smaller pool', () => {
    const short = estimateOf('tgi llama-2-7b --max-batch-prefill-tokens 2048 on 1x a10g');
    const long = estimateOf('tgi llama-2-7b --max-batch-prefill-tokens 16384 on 1x a10g');
    expect(part(long, 'warmup')).toBeGreaterThan(part(short, 'warmup'));
    expect(part(short, 'kv') - part(long, 'kv')).toBeCloseTo(part(long, 'warmup') - part(short, 'warmup'), -3);
  });
});
