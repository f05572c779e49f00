import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { layerTensors } from '../../src/memory/activations.js';
import { hfDefaultAttention } from '../../src/memory/attention-kernel.js';
import { chatglmOwnLoss } from '../../src/memory/chatglm-loss.js';
import { lossBytesPerLogit, trainingLogits } from '../../src/memory/logits.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { estimateOf, part, scenario } from './fixtures.js';

/**
 * Training buffers the open training outcomes were read against (issue 23, vtrain): worked examples per
 * term, each from the framework source named in its module.
 */

describe("ChatGLM's own loss (memory/chatglm-loss.ts, modeling_chatglm.py ChatGLMForConditionalGeneration.forward)", () => {
  it('worked example: ChatGLM2-6B bf16, seq 1024, batch 1: 1024 × 65,024 logits × 14 B (4 fp32 + 4 shifted fp32 + 4 log-probs + 2 trailing 16-bit copy)', () => {
    const s = scenario('chatglm2-6b', { mode: 'lora', lora: { rank: 8, targets: ['q', 'v'], dropout: 0 }, seq: 1024 });
    expect(chatglmOwnLoss(s)).toBe(true);
    expect(lossBytesPerLogit(s)).toBe(14);
    expect(trainingLogits(s)!.bytes).toBe(1024 * 65024 * 14);
    expect(trainingLogits(s)!.formula).toMatch(/own loss/);
  });

  it('ChatGLM-6B and ChatGLM3-6B run the same lines; LLaMA-Factory calls the model with labels, so it pays them too', () => {
    for (const id of ['chatglm-6b', 'chatglm3-6b']) expect(lossBytesPerLogit(scenario(id))).toBe(14);
    expect(lossBytesPerLogit(scenario('chatglm3-6b', { framework: 'llama-factory' }))).toBe(14);
  });

  it('with fp32 hidden states (amp over an fp32 model) `.to(hidden_states.dtype)` is a no-op: 12 B, as transformers', () => {
    expect(lossBytesPerLogit(scenario('chatglm2-6b', { recipe: 'amp' }))).toBe(12);
    expect(lossBytesPerLogit(scenario('chatglm2-6b', { recipe: 'fp32', compute: 'fp32' }))).toBe(12);
  });

  it("PEFT's k-bit preparation makes the residual stream fp32: 12 B for a ChatGLM QLoRA too", () => {
    const s = scenario('chatglm-6b', { mode: 'qlora', weights: 'nf4', lora: { rank: 8, targets: ['q', 'v'], dropout: 0 }, framework: 'peft' });
    expect(lossBytesPerLogit(s)).toBe(12);
  });

  it("a transformers release named changes nothing for remote code: 4.46's shifted copy is transformers' loss, not ChatGLM's", () => {
    expect(lossBytesPerLogit(scenario('chatglm2-6b', { transformersVersion: '4.46.1' }))).toBe(14);
    expect(lossBytesPerLogit(scenario('llama-2-7b', { transformersVersion: '4.46.1' }))).toBe(14);
    expect(lossBytesPerLogit(scenario('llama-2-7b'))).toBe(12);
  });

  it('only the three ChatGLM generations: GLM-4-9B (also the native -hf port) and every other model keep the transformers count', () => {
    fc.assert(
      fc.property(fc.constantFrom('glm-4-9b', 'llama-2-7b', 'qwen2-7b', 'mistral-7b'), fc.constantFrom<Scenario['recipe']>('mixed', 'pure'), (id, recipe) => {
        expect(lossBytesPerLogit(scenario(id, { recipe }))).toBe(12);
      }),
    );
  });

  it('chunked or 16-bit loss asked for keeps its own count', () => {
    expect(lossBytesPerLogit(scenario('chatglm2-6b', { loss: 'bf16' }))).toBe(6);
  });
});

describe('DeepSpeed ZeRO-2 optimizer step (runtime/zero/stage_1_and_2.py `step`, v0.9 → v0.16)', () => {
  it("worked example (v482): ChatGLM2-6B full zero2 fp16 on 4 GPUs: the partition's fp32 gradient copy + foreach AdamW's sqrt(v), 8 B per partition element", () => {
    const e = estimateOf('chatglm2-6b full zero2 fp16 seq 640 bs 1 ga 8 on 4x a100-80g');
    const params = part(e, 'weights') / 2;
    // `self.flatten(self.averaged_gradients[i]).to(fp32)` for this rank's partition, then PyTorch's
    // `_multi_tensor_adamw` `exp_avg_sq_sqrt = torch._foreach_sqrt(...)` over the same flat partition.
    expect(part(e, 'opt-temp')).toBeCloseTo((params / 4) * (4 + 4), -3);
  });

  it('the reduce buckets (reduce_bucket_size 5e8 × 2 B) are gone by the step: allgather_bucket_size only sizes views, no buffer of its own', () => {
    const e = estimateOf('chatglm2-6b full zero2 fp16 seq 640 bs 1 ga 8 on 4x a100-80g');
    const step = e.phases.find((p) => p.label === 'optimizer step')!;
    expect(step.parts.some((p) => p.key === 'buckets')).toBe(false);
    expect(e.components.some((c) => /allgather/i.test(c.name))).toBe(false);
  });
});

/** Bytes of the a·s-wide tensors of one layer, times s and b: the attention scores a layer keeps. */
const scoreBytes = (s: Scenario) => layerTensors(s).filter((t) => t.symbol === 'a·s').reduce((sum, t) => sum + t.width * t.bytes, 0) * s.seq * s.microBatch;

function resolved(text: string): Scenario {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r.scenario;
}

describe("BLOOM's eager-only attention (transformers modeling_bloom.py BloomAttention; memory/attention-kernel.ts)", () => {
  it('worked example: BLOOM-7b1 LoRA, seq 2048, batch 4: 32 heads × 2048² × 4 × (4 B fp32 softmax + 2 B 16-bit copy) = 3.2 GB of scores per layer', () => {
    const s = resolved('bloom-7b1 lora r128 fp16 no gc seq 2048 bs 4 on 4x a100-80g');
    expect(s.attention).toBe('eager');
    expect(scoreBytes(s)).toBe(32 * 2048 * 2048 * 4 * (4 + 2));
    // 30 layers without recomputation: 90 GiB of scores, which the flash default never counted.
    expect((30 * scoreBytes(s)) / 2 ** 30).toBeCloseTo(90, 0);
  });

  it('BLOOM-3B too; its attention_dropout 0.0 adds no mask (ATen dropout returns its input at p = 0)', () => {
    const s = resolved('bloom-3b full bs 1 seq 1024 on 1x a100-80g');
    expect(s.attention).toBe('eager');
    expect(scoreBytes(s)).toBe(32 * 1024 * 1024 * (4 + 2));
  });

  it('the kernel is named in the reading; an explicit kernel and serving are left alone', () => {
    const s = resolved('bloom-7b1 lora bs 1 seq 1024 on 1x a100-80g');
    expect(hfDefaultAttention(s, s.inference.engine)?.words).toMatch(/own modeling code has no SDPA or flash path/);
    expect(resolved('bloom-7b1 lora bs 1 seq 1024 sdpa on 1x a100-80g').attention).toBe('sdpa');
    expect(hfDefaultAttention(resolved('serve bloom-7b1 vllm on 1x a100-80g'), 'vllm')).toBeNull();
  });
});
