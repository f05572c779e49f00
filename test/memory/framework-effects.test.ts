import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { Estimate } from '../../src/memory/types.js';

function estimateOf(text: string): Estimate {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return reply.estimate;
}

const part = (e: Estimate, key: string) => e.components.find((c) => c.key === key)?.bytes ?? 0;

describe('framework effects the peers miss', () => {
  it("litgpt's multi-GPU LoRA accumulates the frozen blocks' gradient too: one more 16-bit copy of the blocks (GT063)", () => {
    const e = estimateOf('llama-2-7b lora r8 q,v bs 1 ga 128 seq 1304 litgpt on 2xa100-40g');
    expect(['forward', 'backward']).toContain(e.peakPhase);
    expect(part(e, 'state-dict')).toBe(0);
    expect(part(e, 'no-sync-grads')).toBeGreaterThan(e.params.perLayer * 32 * 2);
  });

  it('bitsandbytes 4-bit linears keep their inputs, so QLoRA keeps more activations than LoRA', () => {
    const lora = estimateOf('llama-2-7b lora r8 q,v bs 1 seq 1304 bf16-true litgpt on a100-40g');
    const qlora = estimateOf('llama-2-7b qlora r8 q,v bs 1 seq 1304 bf16-true litgpt on a100-40g');
    expect(part(qlora, 'activations')).toBeGreaterThan(part(lora, 'activations'));
    expect(part(qlora, 'dequant')).toBeGreaterThan(0);
  });

  it('parameter offload moves the frozen base off the GPU', () => {
    const on = estimateOf('llama-2-7b lora fp32 deepspeed zero3 bs 8 seq 64 on a100-80g');
    const off = estimateOf('llama-2-7b lora fp32 deepspeed zero3 offload optimizer offload params bs 8 seq 64 on a100-80g');
    expect(part(off, 'weights')).toBe(0);
    expect(off.deviceBytes).toBeLessThan(on.deviceBytes / 2);
  });

  it('DeepSpeed ZeRO-3 keeps up to 1e9 live parameters; FSDP two layers and its root unit (embedding, final norm, LM head)', () => {
    const ds = estimateOf('llama-2-13b lora bf16 deepspeed zero3 bs 1 seq 2048 gc on 8xh100');
    const fsdp = estimateOf('llama-2-13b lora bf16 fsdp bs 1 seq 2048 gc on 8xh100');
    expect(part(ds, 'gathered')).toBeCloseTo(1e9 * 2, -6);
    const root = 2 * 32000 * 5120 + 5120;
    expect(part(fsdp, 'gathered')).toBeCloseTo((2 * fsdp.params.perLayer + root) * 2, -6);
  });

  it('chunked cross-entropy keeps 4 B per logit instead of 12', () => {
    const full = estimateOf('train llama-3-8b seq 8192 on h100');
    const chunked = estimateOf('train llama-3-8b seq 8192 chunked ce on h100');
    expect(part(full, 'logits') / part(chunked, 'logits')).toBeCloseTo(3, 5);
  });

  it('a bare size is pinned to the asked total', () => {
    expect(estimateOf('7.5b').params.total).toBeCloseTo(7.5e9, -3);
    expect(estimateOf('20b').params.total).toBeCloseTo(20e9, -3);
  });
});

describe('expert parallelism', () => {
  it('ep divides the routed experts, not attention or embeddings', () => {
    const one = estimateOf('mixtral-8x7b on 8xh100');
    const ep8 = estimateOf('mixtral-8x7b ep 8 on 8xh100');
    const w1 = part(one, 'weights');
    const w8 = part(ep8, 'weights');
    expect(w8).toBeLessThan(w1 / 4);
    expect(w8).toBeGreaterThan(w1 / 8);
  });
});

describe('vLLM serving', () => {
  it('fills gpu_memory_utilization of the card and answers the KV capacity', () => {
    const e = estimateOf('llama-3-8b serve ctx 8192 on h100');
    expect(e.serving).not.toBeNull();
    // The budget is filled; the CUDA graphs, captured after the pool, sit beyond it.
    expect(part(e, 'cuda-graphs')).toBeGreaterThan(0);
    expect(e.deviceBytes).toBeCloseTo(0.9 * e.capacityBytes! + part(e, 'cuda-graphs'), -6);
    const pool = part(e, 'kv');
    expect(e.serving!.kvCapacityTokens).toBe(Math.floor(pool / e.serving!.kvBytesPerToken));
    expect(e.serving!.concurrentSequences).toBe(Math.floor(e.serving!.kvCapacityTokens / 8192));
    expect(e.fits).toBe(true);
  });

  it('does not fit when the weights leave no room for one sequence', () => {
    expect(estimateOf('llama-2-70b serve ctx 4096 on h100').fits).toBe(false);
  });
});
