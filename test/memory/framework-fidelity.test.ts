import { describe, expect, it } from 'vitest';
import { churnOf, estimateOf, part, slackOf } from './fixtures.js';
import { respond } from '../../src/core/assistant.js';
import { estimate } from '../../src/memory/estimate.js';
import { GiB } from '../../src/memory/format.js';
import { LOSS_BYTES_PER_LOGIT, prefillLogits, trainingLogits } from '../../src/memory/logits.js';
import { SLACK, slackFraction } from '../../src/memory/overhead.js';
import { countParams } from '../../src/memory/parameters.js';
import { vllmBatchDefaults } from '../../src/memory/serving.js';
import type { Estimate } from '../../src/memory/types.js';
import { scenario } from './fixtures.js';

function readingOf(text: string): { reading: string; assumptions: string[] } {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return { reading: reply.reading, assumptions: reply.assumptions };
}

describe('terms that were wrong (issue 14, item 3)', () => {
  it('vocab-parallel cross-entropy holds s·b·V/t logits at 6 B each (Megatron cross_entropy.py)', () => {
    const s = scenario('llama-3-8b', { framework: 'megatron', recipe: 'megatron', seq: 4096, parallel: { tp: 4, pp: 1, sp: false, cp: 1, ep: 1 } });
    expect(trainingLogits(s)!.bytes).toBe((4096 * 1 * 128256 * LOSS_BYTES_PER_LOGIT.vocabParallel) / 4);
    const hf = scenario('llama-3-8b', { seq: 4096, parallel: { tp: 2, pp: 1, sp: false, cp: 1, ep: 1 } });
    expect(trainingLogits(hf)!.bytes).toBe((4096 * 128256 * 12) / 2);
  });

  it('HF generate (transformers ≥ 4.45) and vLLM compute prefill logits for the last position only', () => {
    const s = scenario('llama-3-8b', { mode: 'inference', seq: 8192, microBatch: 2 });
    const V = 128256;
    expect(prefillLogits(s, 8000).bytes).toBe(2 * V * 2 + 2 * V * 4);
    expect(prefillLogits(s, 100).bytes).toBe(prefillLogits(s, 8000).bytes);
    // litgpt's 2023 generate ran the head over every prompt position.
    expect(prefillLogits({ ...s, framework: 'litgpt' }, 8000).bytes).toBe(2 * 8000 * V * 2 + 2 * V * 4);
  });

  it('vLLM leaves tens of thousands of KV tokens where weights fit, whatever the asked batch', () => {
    const e = estimateOf('llama-3-8b vllm seq 8192 bs 64 on h100');
    expect(e.serving!.kvCapacityTokens).toBeGreaterThan(100_000);
    expect(part(e, 'profile')).toBeGreaterThan(0);
    expect(part(e, 'cuda-graphs')).toBeGreaterThan(0);
  });

  it('TGI sizes its KV pool after a warm-up prefill: what is free, less 10% of the card (flash_causal_lm.warmup, get_free_memory)', () => {
    const e = estimateOf('llama-3-8b tgi on a100-80g');
    expect(e.scenario.mode).toBe('inference');
    const fixed = part(e, 'weights') + part(e, 'warmup') + part(e, 'context');
    expect(part(e, 'kv')).toBeCloseTo(e.capacityBytes! * 0.9 - fixed, -3);
    expect(e.serving!.kvCapacityTokens).toBe(Math.floor(part(e, 'kv') / e.serving!.kvBytesPerToken));
  });

  it("vLLM's scheduler budget follows arg_utils.get_batch_defaults (70 GiB and not an A100 → 8192 / 1024)", () => {
    const h100 = scenario('llama-3-8b', { hardware: { gpuId: 'h100', capacityBytes: 80 * GiB, count: 1, perNode: 1 } });
    const a100 = scenario('llama-3-8b', { hardware: { gpuId: 'a100-80g', capacityBytes: 80 * GiB, count: 1, perNode: 1 } });
    expect(vllmBatchDefaults(h100)).toEqual({ maxBatchedTokens: 8192, maxSeqs: 1024 });
    expect(vllmBatchDefaults(a100)).toEqual({ maxBatchedTokens: 2048, maxSeqs: 256 });
  });

  it('allocator slack comes from its drivers: fixed shapes, + variable lengths, + sharded gathers, of the churned bytes', () => {
    expect(slackFraction({ variableLengths: false, shardedGathers: false })).toBeCloseTo(SLACK.fixedShapes, 10);
    expect(slackFraction({ variableLengths: true, shardedGathers: false })).toBeCloseTo(SLACK.fixedShapes + SLACK.variableLengths, 10);
    const packed = estimateOf('llama-3-8b fsdp packed on 8xh100');
    const padded = estimateOf('llama-3-8b fsdp on 8xh100');
    // torchtitan packs and shards with FSDP2, which frees gathers without record_stream (fsdp2.ts): block rounding only.
    const titan = estimateOf('llama-3-8b torchtitan on 8xh100');
    const ratio = (e: Estimate) => slackOf(e) / churnOf(e);
    expect(ratio(packed)).toBeCloseTo(SLACK.fixedShapes + SLACK.shardedGathers, 6);
    expect(ratio(padded)).toBeCloseTo(SLACK.fixedShapes + SLACK.variableLengths + SLACK.shardedGathers, 6);
    expect(ratio(titan)).toBeCloseTo(SLACK.fixedShapes, 6);
  });

  it('FSDP CPUOffload moves parameters, gradients and the optimizer step together', () => {
    const e = estimateOf('llama-2-13b fsdp offload params on 4xa100-80g');
    for (const key of ['weights', 'gradients', 'master', 'optimizer']) expect(part(e, key)).toBe(0);
    expect(e.hostBytes).toBeGreaterThan(0);
  });

  it('Megatron adds no DDP gradient copy: 7B TP 2 needs no more per GPU on 4 GPUs than on 2', () => {
    const two = estimateOf('llama-2-7b megatron tp 2 on 2xh100');
    const four = estimateOf('llama-2-7b megatron tp 2 on 4xh100');
    expect(part(four, 'buckets')).toBe(0);
    expect(four.peakAllocatedBytes).toBeLessThan(two.peakAllocatedBytes);
  });

  it('"29b qlora" prints no negative term and keeps the embeddings 16-bit', () => {
    const e = estimateOf('29b qlora');
    const weights = e.components.find((c) => c.key === 'weights')!;
    expect(weights.formula).not.toMatch(/-\d/);
    expect(e.params.total).toBeCloseTo(29e9, -3);
  });

  it('a size with a full shape override counts the shape, not the size', () => {
    const e = estimateOf('14b layers 48 hidden 5120 heads 40 kv 8 ffn 13824 vocab 152064');
    const arch = e.scenario.model.arch;
    expect(e.params.total).toBe(countParams({ ...arch, extraParams: undefined }).total);
    expect(e.params.total).not.toBeCloseTo(14e9, -8);
  });

  it('head_dim can be overridden apart from hidden ÷ heads (Gemma 3 uses 256)', () => {
    const e = estimateOf('llama-3-8b head dim 256');
    expect(e.scenario.model.arch.headDim).toBe(256);
    expect(e.params.total).toBeGreaterThan(estimateOf('llama-3-8b').params.total);
  });

  it('serving with TP over all GPUs never reads as a full replica per GPU', () => {
    const { reading, assumptions } = readingOf('llama-3-70b inference tp 4 on 4xh100');
    expect(`${reading} ${assumptions.join(' ')}`).not.toMatch(/full replica/);
    // Several GPUs with nothing said about parallelism split the model (issue 11's serving
    // default: a serving engine splits tensors, Hugging Face generate splits layers); copies
    // are what "tp 1" asks for, and then the reading says so.
    expect(readingOf('llama-3-8b serve on 4xh100').reading).toMatch(/TP 4/);
    expect(readingOf('llama-3-8b inference on 4xh100').reading).toMatch(/PP 4/);
    expect(readingOf('llama-3-8b inference tp 1 on 4xh100').reading).toMatch(/full replica on each of 4 GPUs/);
  });

  it("Megatron's selective recompute saves nothing under flash attention; per-op SAC does", () => {
    const none = estimateOf('llama-3-8b no gc on h100');
    const selective = estimateOf('llama-3-8b selective recompute on h100');
    const perOp = estimateOf('llama-3-8b per-op sac on h100');
    const acts = (e: Estimate) => e.phases.find((p) => p.label === 'end of forward')!.parts.find((p) => p.key === 'activations')!.bytes;
    expect(acts(selective)).toBe(acts(none));
    expect(acts(perOp)).toBeLessThan(acts(none) / 2);
  });
});

describe('framework presets (issue 14, item 1)', () => {
  it('HF Trainer keeps gradient checkpointing off; PEFT k-bit turns it on and upcasts the rest to fp32', () => {
    expect(estimateOf('llama-3-8b hf lora').scenario.recompute).toBe('none');
    // 'peft' alone is LoRA; the PEFT k-bit preset is 'peft kbit' (prepare_model_for_kbit_training).
    const peft = estimateOf('llama-3-8b peft kbit qlora');
    expect(peft.scenario.recompute).toBe('full');
    expect(peft.components.find((c) => c.key === 'weights')!.formula).toMatch(/× 4 B$/);
  });

  it('LLaMA-Factory: gc on, LoRA on all linear layers (lora_target all)', () => {
    const e = estimateOf('llama-3-8b llama-factory lora');
    expect(e.scenario.recompute).toBe('full');
    expect(e.scenario.lora!.targets).toHaveLength(7);
    // An explicit target list wins over the preset.
    expect(estimateOf('llama-3-8b llama-factory lora q,v').scenario.lora!.targets).toEqual(['q', 'v']);
    // Full fine-tuning on several GPUs is its DeepSpeed ZeRO-3 example; on one GPU an fp32 model under autocast.
    expect(estimateOf('llama-3-8b llama-factory full on 8xh100').scenario).toMatchObject({ sharding: { kind: 'zero', stage: 3 }, recipe: 'mixed' });
    expect(estimateOf('llama-3-8b llama-factory full on h100').scenario.recipe).toBe('amp');
    // No method named: its default finetuning_type, LoRA (issue 22; test/scenario/framework-default-method.test.ts).
    expect(estimateOf('llama-3-8b llama-factory on h100').scenario.mode).toBe('lora');
  });

  it('Unsloth: 4-bit QLoRA with offloaded gradient checkpointing and fused CE when only "unsloth" is said', () => {
    const e = estimateOf('llama-3-8b unsloth');
    expect(e.scenario.mode).toBe('qlora');
    expect(e.scenario.recompute).toBe('offloaded');
    expect(e.scenario.loss).toBe('fused');
    expect(e.hostBytes).toBeGreaterThan(0);
    expect(estimateOf('llama-3-8b unsloth lora').scenario.mode).toBe('lora');
  });

  it('torchtune single-device full: paged 8-bit AdamW stepped in backward keeps one gradient at a time', () => {
    const e = estimateOf('llama-3.2-3b torchtune on a100-80g');
    expect(e.scenario.optimizer).toBe('paged-adamw-8bit');
    expect(e.modelStates.find((c) => c.key === 'gradients')!.bytes).toBe(128256 * 3072 * 2);
  });

  it('llama-recipes on several GPUs: FSDP over fp32 parameters with bf16 compute and activation checkpointing, no autocast weight cache', () => {
    const e = estimateOf('llama-2-7b llama-recipes on 8xa100-80g');
    expect(e.scenario).toMatchObject({ recipe: 'amp', recompute: 'full', sharding: { kind: 'fsdp', stage: 3 } });
    expect(e.scenario.lora).toBeNull();
    expect(part(e, 'autocast')).toBe(0);
    // FSDP mixed precision all-gathers each layer in bf16; the root unit (llama-recipes wraps only
    // LlamaDecoderLayer: embedding, norm and LM head stay in the root) stays gathered beside them
    // through forward and backward (resharded before the optimizer step: estimate.ts fsdpReshardedBeforeStep).
    const gathered = e.phases.find((p) => p.phase === 'forward')!.parts.find((p) => p.key === 'gathered')!.bytes;
    expect(gathered).toBeCloseTo((2 * e.params.perLayer + 2 * 32000 * 4096 + 4096) * 2, -3);
  });

  it('alpaca-lora: LoRA r8 q,v over an LLM.int8 base with the rest upcast to fp32 (prepare_model_for_int8_training)', () => {
    const e = estimateOf('llama-2-7b alpaca-lora bs 4 seq 256 on 4090');
    expect(e.scenario.mode).toBe('qlora');
    expect(e.scenario.weights).toBe('int8');
    expect(e.scenario.lora).toMatchObject({ rank: 8, targets: ['q', 'v'], dropout: 0.05 });
    const rest = e.params.embedding + e.params.lmHead;
    expect(part(e, 'weights')).toBeGreaterThan(rest * 4);
  });

  it('DPO keeps a frozen reference copy and runs chosen + rejected (2 × micro-batch); not under LoRA', () => {
    const sft = estimateOf('llama-3-8b hf on 8xh100 zero3');
    const dpo = estimateOf('llama-3-8b dpo on 8xh100 zero3');
    expect(part(dpo, 'reference')).toBeCloseTo((dpo.params.total * 2) / 8, -3);
    const acts = (e: Estimate) => e.phases.find((p) => p.label === 'end of forward')!.parts.find((p) => p.key === 'activations')!.bytes;
    expect(acts(dpo)).toBeCloseTo(2 * acts(sft), -3);
    expect(part(estimateOf('llama-3-8b dpo lora on h100'), 'reference')).toBe(0);
  });

  it('Megatron shards master weights and Adam states over data parallelism (distributed optimizer)', () => {
    const e = estimateOf('llama-2-7b megatron tp 2 on 8xh100');
    expect(e.scenario.sharding).toEqual({ kind: 'zero', stage: 1 });
    const params = e.params.total / 2;
    expect(e.modelStates.find((c) => c.key === 'master')!.bytes).toBeCloseTo((params * 4) / 4, -3);
  });
});

describe('a verdict that flips on an unstated setting (issue 14, item 2)', () => {
  it('says "fits only with gc" when gc was left to the default, and not when the user said no gc', () => {
    expect(estimateOf('llama-3-8b seq 4096 bs 4 lora on a100-80g').flipsOn).toContain('gc');
    expect(estimateOf('llama-3-8b seq 4096 bs 4 lora no gc on a100-80g').flipsOn).not.toContain('gc');
  });

  it('is empty when it fits', () => {
    expect(estimateOf('llama-3-8b lora on h100').flipsOn).toEqual([]);
  });

  it('a direct estimate without the request context tries nothing', () => {
    expect(estimate(scenario('llama-3-70b', { hardware: { gpuId: null, capacityBytes: 24 * GiB, count: 1, perNode: 1 } })).flipsOn).toEqual([]);
  });
});

describe('online RL (TRL GRPO / PPO)', () => {
  it('GRPO adds a reference model and a rollout phase; under ZeRO-3 generation gathers the whole policy', () => {
    const e = estimateOf('qwen-2.5-7b grpo bs 8 seq 768 on 8xh100 zero3');
    const rollout = e.phases.find((p) => p.phase === 'generate')!;
    const gathered = rollout.parts.find((p) => p.key === 'rollout-gather')!.bytes;
    expect(gathered).toBeCloseTo(e.params.total * 2 * (7 / 8), -4);
    expect(e.phases.find((p) => p.label === 'end of forward')!.parts.some((p) => p.key === 'reference')).toBe(true);
  });

  it('GRPO computes logits for the 256 completion tokens only (logits_to_keep)', () => {
    const e = estimateOf('qwen-2.5-7b grpo lora bs 8 seq 768 on h100');
    expect(part(e, 'logits')).toBe(256 * 8 * 152064 * 12);
  });

  it('PPO holds a reward model and a value model trained like the policy', () => {
    const grpo = estimateOf('llama-3-8b grpo bs 4 seq 1024 on 8xh100 zero3');
    const ppo = estimateOf('llama-3-8b ppo bs 4 seq 1024 on 8xh100 zero3');
    expect(part(ppo, 'reward')).toBeCloseTo(part(ppo, 'reference'), 0);
    expect(part(ppo, 'value')).toBeGreaterThan(part(ppo, 'weights') * 4);
    expect(ppo.peakAllocatedBytes).toBeGreaterThan(grpo.peakAllocatedBytes);
  });
});

describe('llama.cpp and GGUF', () => {
  it('GGUF Q4_K_M on the GPU is the 4.58 GiB file less token_embd, which llama.cpp keeps on the CPU (Llama-3.1-8B)', () => {
    const e = estimateOf('llama-3.1-8b llama.cpp on 4090');
    expect(e.scenario.weights).toBe('q4_k_m');
    // token_embd: 128256 × 4096 Q4_K weights at 4.5 bits = 0.275 GiB, in host RAM.
    expect(part(e, 'weights') / GiB).toBeCloseTo(4.58 - 0.275, 1);
    expect(e.hostBytes / GiB).toBeCloseTo(0.275, 2);
    // Exact ggml buffers: no caching-allocator slack.
    expect(e.peakReservedBytes).toBe(e.peakAllocatedBytes);
  });

  it('splits the layers over several GPUs instead of replicating the model', () => {
    const e = estimateOf('llama-3-70b ollama q4_k_m seq 4096 on 2x4090');
    // The 39.6 GiB file less token_embd (0.55 GiB, on the CPU) and the output (Q6_K, 0.80 GiB):
    // 38.2 GiB of decoder layers, half on each GPU; the last GPU also holds the output.
    expect(part(e, 'weights') / GiB).toBeCloseTo(38.2 / 2 + 0.8, 0);
    expect(readingOf('llama-3-70b ollama q4_k_m seq 4096 on 2x4090').reading).toMatch(/layers split over 2 GPUs/);
    expect(e.fits).toBe(true);
  });

  it('processes the prompt 512 tokens at a time (n_ubatch)', () => {
    const short = estimateOf('llama-3-8b llamacpp seq 512 on 4090');
    const long = estimateOf('llama-3-8b llamacpp seq 32768 on 4090');
    expect(part(long, 'prefill')).toBe(part(short, 'prefill'));
  });

  it('GGUF formats are for inference only', () => {
    const { reply } = respond('llama-3-8b qlora q4_k_m', null);
    expect(reply.kind).toBe('error');
  });
});
