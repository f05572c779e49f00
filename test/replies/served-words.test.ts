import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { gib } from '../../src/memory/format.js';
import { renderJson } from '../../src/render/json.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * A server's first screen says what its figures are (issue 23, leftover): the budget the engine
 * plans in, what is in use, the KV pool and the sequences it holds, and the pool beyond one
 * sequence as the margin, never "Headroom" beside a card that reads nearly full.
 */

function reply(text: string): EstimateReply {
  const r = respond(text, null).reply;
  if (r.kind !== 'estimate') throw new Error(`${text}: ${r.kind}`);
  return r;
}

const MODELS = ['llama-3-8b', 'qwen2.5-7b', 'mistral-7b', 'qwen2.5-1.5b', 'llama-3-70b int4'];
const ENGINES = ['serve', 'serve vllm 0.6.4', 'serve sglang', 'serve tgi', 'serve tgi 2.2.0', 'serve lmdeploy'];
const SHAPES = ['seq 4096 for 2 users', 'seq 8192 for 1 user', 'seq 2048 for 4 users'];
const CARDS = ['on 1x 4090', 'on 1x l40s', 'on 1x h100', 'on 2x a100-80g tp 2'];

describe('a server that fits says what its figures are', () => {
  it('the vLLM worked example: budget 0.9 × card, in use, KV pool = tokens = sequences, and the pool beyond one sequence', () => {
    const r = reply('serve llama-3-8b seq 8192 for 2 users on 1x 4090');
    const e = r.estimate;
    const sv = e.serving!;
    expect(r.verdict.status).toBe('yes');
    // vLLM plans in gpu_memory_utilization × card (0.9 by default).
    expect(sv.plannedBytes).toBeCloseTo(0.9 * e.capacityBytes!, 0);
    expect(r.verdict.headline).toBe(`✓ Fits: vLLM plans in ${gib(sv.plannedBytes!)} of the ${gib(e.capacityBytes!)} GiB the RTX 4090 24GB offers (gpu_memory_utilization 0.9); ${gib(e.deviceBytes)} GiB per GPU in use, its KV cache included.`);
    // The margin is the pool less one sequence of max-model-len.
    expect(e.headroomBytes!).toBeCloseTo(sv.kvPoolBytes - sv.sequenceBytes, 0);
    expect(sv.sequenceBytes).toBe(8192 * sv.kvBytesPerToken);
    expect(r.verdict.detail).toContain(`Its KV cache is ${gib(sv.kvPoolBytes)} GiB = ${sv.kvCapacityTokens.toLocaleString('en-US')} tokens = ${sv.concurrentSequences} sequences of 8,192 at once`);
    expect(r.verdict.detail).toContain(`${gib(e.headroomBytes!)} GiB of it (${Math.round((e.headroomBytes! / e.capacityBytes!) * 100)}% of the card) is room beyond the first sequence`);
    expect(r.verdict.detail).not.toMatch(/Headroom/);
    expect(r.summary.why).toContain(`KV cache beyond one sequence ${gib(e.headroomBytes!)} GiB`);
  });

  it('SGLang shortens requests to its pool: the margin is the whole pool, said so', () => {
    const r = reply('serve sglang llama-3-8b seq 8192 for 2 users on 1x 4090');
    const sv = r.estimate.serving!;
    expect(sv.clipsToPool).toBe(true);
    expect(r.estimate.headroomBytes).toBeCloseTo(sv.kvPoolBytes, 0);
    expect(r.verdict.headline).toContain('SGLang plans in');
    // SGLang's own fraction for a 4090 at tp 1 (memory/sglang-defaults.ts): 3,760 MiB of its 24,217 kept outside.
    expect(r.verdict.headline).toContain('(mem_fraction_static 0.845)');
    expect(r.verdict.detail).toContain('it shortens a longer request to the pool rather than refuse to start');
  });

  it('TGI before 3.0 takes a share of the free memory, not of the card: no planned budget is claimed', () => {
    const r = reply('serve tgi 2.2.0 llama-3-8b seq 4096 for 2 users on 1x l40s');
    expect(r.estimate.serving!.plannedBytes).toBeNull();
    // Tight: 0.95 of the free memory after the warm-up leaves under 5% of the card outside the plan (reply/fits.ts servedCardMargin).
    expect(r.verdict.headline).toMatch(/^⚠ Tight fit: [\d.]+ GiB per GPU in use, its KV cache included; the L40S 48GB offers [\d.]+ GiB\.$/);
  });

  it('every served fit (property): the pool, the sequences and the margin in the words are the estimate\'s, and the margin never exceeds the pool', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MODELS), fc.constantFrom(...ENGINES), fc.constantFrom(...SHAPES), fc.constantFrom(...CARDS), (model, engine, shape, card) => {
        const r = reply(`${engine} ${model} ${shape} ${card}`);
        const e = r.estimate;
        const sv = e.serving;
        if (!sv || r.verdict.status === 'no' || e.headroomBytes === null || e.headroomBytes < 0) return;
        if (sv.concurrentSequences < e.scenario.microBatch) return;
        // The pool holds its tokens, and the sequences are what those tokens make at max-model-len.
        expect(sv.kvCapacityTokens * sv.kvBytesPerToken).toBeLessThanOrEqual(sv.kvPoolBytes + 1);
        expect(e.headroomBytes).toBeLessThanOrEqual(sv.kvPoolBytes + 1);
        expect(r.verdict.detail).toContain(`Its KV cache is ${gib(sv.kvPoolBytes)} GiB = ${sv.kvCapacityTokens.toLocaleString('en-US')} tokens`);
        if (!sv.clipsToPool) expect(r.verdict.detail).toContain(`${gib(e.headroomBytes)} GiB of it`);
        expect(`${r.verdict.headline} ${r.verdict.detail} ${r.summary.why}`).not.toMatch(/Headroom|to spare/);
        if (sv.plannedBytes !== null) expect(r.verdict.headline).toContain(`plans in ${gib(sv.plannedBytes)} of the ${gib(e.capacityBytes!)} GiB`);
      }),
      { numRuns: 40 },
    );
  });

  it('vLLM V0 under pipeline parallelism: the margin is per share of the pool, said so', () => {
    const r = reply('serve qwen2.5-32b nf4 pp 2 max-model-len 16384 for 2 users vllm 0.8.5 on 2x a100-80g');
    const sv = r.estimate.serving!;
    expect(sv.poolShares).toBe(2);
    expect(r.estimate.headroomBytes!).toBeCloseTo(sv.kvPoolBytes - 2 * sv.sequenceBytes, 0);
    expect(r.verdict.detail).toContain('in 2 shares (one per pipeline virtual engine) that must each hold one');
    expect(r.summary.why).toContain('KV cache beyond one sequence a share (2 shares)');
  });

  it('a training fit keeps its card margin', () => {
    const r = reply('llama-3-8b qlora gc seq 2048 bs 1 on 1x h100');
    expect(r.verdict.detail).toMatch(/^Headroom [\d.]+ GiB \(\d+%\)\.$/);
  });
});

describe('a server that cannot hold one sequence says it cannot start, with the two numbers', () => {
  it('vLLM: pool and one sequence of max-model-len, both from the estimate', () => {
    const r = reply('serve llama-3-8b seq 60000 on 1x 4090');
    const sv = r.estimate.serving!;
    expect(r.verdict.status).toBe('no');
    expect(sv.kvPoolBytes).toBeLessThan(sv.sequenceBytes);
    expect(r.verdict.headline.startsWith(`✗ Cannot start: its KV cache of ${gib(sv.kvPoolBytes)} GiB holds ${sv.kvCapacityTokens.toLocaleString('en-US')} tokens, less than one sequence of 60,000 (${gib(sv.sequenceBytes)} GiB;`)).toBe(true);
  });
});

describe('a budget with nothing left for KV', () => {
  it('says it cannot start for want of any KV cache, with what one sequence needs', () => {
    const r = reply('serve llama-3-8b gpu-memory-utilization 0.5 seq 8192 on 1x 4090');
    const sv = r.estimate.serving!;
    expect(sv.kvPoolBytes).toBe(0);
    expect(r.verdict.status).toBe('no');
    expect(r.verdict.headline.startsWith(`✗ Cannot start: its budget leaves nothing for the KV cache, and one sequence of 8,192 needs ${gib(sv.sequenceBytes)} GiB`)).toBe(true);
  });
});

describe('the JSON contract gains, and keeps, its fields', () => {
  it('serving adds kvPoolBytes, sequenceBytes, plannedBytes, clipsToPool and what headroomBytes measures', () => {
    const out = renderJson(reply('serve llama-3-8b seq 8192 for 2 users on 1x 4090')) as { result: Record<string, unknown> };
    const result = out.result;
    for (const field of ['perGpu', 'fits', 'headroomBytes', 'hostBytes', 'serving']) expect(result).toHaveProperty(field);
    expect(result.headroomOf).toBe('kvPoolBeyondOneSequence');
    const serving = result.serving as Record<string, unknown>;
    for (const field of ['kvBytesPerToken', 'kvCapacityTokens', 'concurrentSequences', 'gpuMemoryUtilization', 'kvPoolBytes', 'sequenceBytes', 'plannedBytes', 'clipsToPool', 'poolShares']) expect(serving).toHaveProperty(field);
    const training = renderJson(reply('llama-3-8b qlora gc seq 2048 bs 1 on 1x h100')) as { result: Record<string, unknown> };
    expect(training.result.headroomOf).toBe('card');
  });
});

describe('a server that starts on a pool shorter than max-model-len says how long a request it serves', () => {
  it('vLLM 0.2.1, AWQ CodeLlama-13B on an L4 (vllm#1472): at most the pool\'s tokens, not the 16,384 it was started with', () => {
    const r = reply('codellama-13b awq serve vllm 0.2.1 on 1x l4');
    expect(r.verdict.headline).toMatch(/^Serves up to 1 sequence at once of at most [\d,]+ tokens, its whole KV cache \(not 16,384\)/);
    expect(r.verdict.headline).not.toMatch(/at once of 16,384/);
  });

  it('invented: the same server on an A40 holds a whole 16,384-token sequence and says so plainly', () => {
    expect(reply('codellama-13b awq serve vllm 0.2.1 on 1x a40').verdict.headline).toMatch(/at once of 16,384/);
  });
});
