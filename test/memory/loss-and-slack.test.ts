import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { estimate } from '../../src/memory/estimate.js';
import { LOSS_BYTES_PER_LOGIT, fusedLossBytes, trainingLogits } from '../../src/memory/logits.js';
import { SLACK, batchShape, slackDrivers, slackFraction } from '../../src/memory/overhead.js';
import { KBIT_ACTIVATION_BYTES, kbitPrepared } from '../../src/memory/kbit.js';
import { frozenWeights } from '../../src/memory/states.js';
import { layoutOf } from '../../src/memory/layout.js';
import { activations } from '../../src/memory/activations.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { respond } from '../../src/core/assistant.js';
import { DEFAULT_WORDS } from '../../src/scenario/defaults.js';
import { churnOf, estimateOf, scenario, slackOf } from './fixtures.js';

const LOSSES: Scenario['loss'][] = ['full', 'bf16', 'chunked', 'fused'];
const lossBytes = (s: Scenario) => trainingLogits(s)!.bytes;

const setups = fc.record({
  model: fc.constantFrom('llama-3-8b', 'llama-2-7b', 'qwen2.5-7b', 'mistral-7b'),
  seq: fc.integer({ min: 64, max: 32_768 }),
  microBatch: fc.integer({ min: 1, max: 16 }),
  mode: fc.constantFrom<Scenario['mode']>('full', 'lora'),
});

function trainingScenario(x: { model: string; seq: number; microBatch: number; mode: Scenario['mode'] }, patch: Partial<Scenario> = {}): Scenario {
  const lora: Scenario['lora'] = x.mode === 'lora' ? { rank: 8, targets: ['q', 'v'], dropout: 0 } : null;
  return scenario(x.model, { mode: x.mode, lora, seq: x.seq, microBatch: x.microBatch, ...patch });
}

describe('the loss as each trainer computes it (logits.ts)', () => {
  it('worked example: Llama-3-8B, seq 8192, batch 1 — fp32 CE holds 12 B per logit, 16-bit CE 6 B, chunked 4 B', () => {
    const s = scenario('llama-3-8b', { seq: 8192 });
    const elements = 8192 * 128_256;
    expect(lossBytes(s)).toBe(elements * 12);
    expect(lossBytes({ ...s, loss: 'bf16' })).toBe(elements * 6);
    expect(lossBytes({ ...s, loss: 'chunked' })).toBe(elements * 4);
  });

  it('worked example: Liger fused linear CE holds one chunk of logits and the input gradient, never the whole logits', () => {
    // 8192 tokens, V 128,256, H 4096: ceil(V/H) = 32 chunks, 8192/32 = 256 rows a chunk.
    const s = scenario('llama-3-8b', { seq: 8192, loss: 'fused' });
    const { bytes, chunkRows } = fusedLossBytes(s);
    expect(chunkRows).toBe(256);
    expect(bytes).toBe(256 * 128_256 * 2 + 8192 * 4096 * 2);
    expect(lossBytes(s)).toBe(bytes);
  });

  it('fp32 loss ≥ 16-bit loss ≥ chunked loss ≥ fused loss, at every size', () => {
    fc.assert(
      fc.property(setups, (x) => {
        const [fp32, bf16, chunked, fused] = LOSSES.map((loss) => lossBytes(trainingScenario(x, { loss })));
        expect(fp32).toBeGreaterThanOrEqual(bf16!);
        expect(bf16).toBeGreaterThanOrEqual(chunked!);
        expect(chunked).toBeGreaterThanOrEqual(fused!);
      }),
      { numRuns: 60 },
    );
  });

  it('a chunked or fused loss never raises the peak; an fp32 loss never lowers it below the 16-bit one', () => {
    fc.assert(
      fc.property(setups, (x) => {
        const peak = (loss: Scenario['loss']) => estimate(trainingScenario(x, { loss }), { numbersOnly: true }).peakAllocatedBytes;
        const full = peak('full');
        expect(peak('chunked')).toBeLessThanOrEqual(full);
        expect(peak('fused')).toBeLessThanOrEqual(peak('chunked'));
        expect(full).toBeGreaterThanOrEqual(peak('bf16'));
      }),
      { numRuns: 30 },
    );
  });

  it('Megatron keeps its vocab-parallel kernel unless the loss is chunked', () => {
    const s = scenario('llama-3-8b', { framework: 'megatron', loss: 'bf16' });
    expect(lossBytes(s)).toBe(2048 * 128_256 * LOSS_BYTES_PER_LOGIT.vocabParallel);
  });

  it('the request language says loss fp32 / loss bf16 / chunked loss / fused loss, and the canonical text reads back the same', () => {
    const cases: [string, Scenario['loss']][] = [
      ['llama-3-8b lora loss fp32 seq 4096 bs 1 on h100', 'full'],
      ['llama-3-8b lora loss bf16 seq 4096 bs 1 on h100', 'bf16'],
      ['llama-3-8b lora chunked loss seq 4096 bs 1 on h100', 'chunked'],
      ['llama-3-8b lora fused loss seq 4096 bs 1 on h100', 'fused'],
      ['llama-3-8b lora liger seq 4096 bs 1 on h100', 'fused'],
    ];
    for (const [text, loss] of cases) {
      const e = estimateOf(text);
      expect(e.scenario.loss, text).toBe(loss);
      expect(estimateOf(canonicalText(e.scenario)).scenario.loss, text).toBe(loss);
    }
  });
});

describe('allocator slack only when batches vary (overhead.ts)', () => {
  const frameworks: Scenario['framework'][] = ['hf', 'peft', 'deepspeed', 'fsdp', 'axolotl', 'torchtune', 'litgpt', 'megatron', 'torchtitan', 'llama-factory'];

  it('packed data never has more slack than padded data, whatever the framework and sharding', () => {
    fc.assert(
      fc.property(fc.constantFrom(...frameworks), fc.boolean(), (framework, sharded) => {
        const s = scenario('llama-3-8b', { framework });
        const packed = slackFraction(slackDrivers({ ...s, batches: 'packed' }, sharded));
        const padded = slackFraction(slackDrivers({ ...s, batches: 'padded' }, sharded));
        expect(packed).toBeLessThanOrEqual(padded);
        expect(padded - packed).toBeCloseTo(SLACK.variableLengths, 10);
      }),
    );
  });

  it('what the request says wins over the framework convention, both ways', () => {
    expect(batchShape(scenario('llama-3-8b', { framework: 'axolotl' }))).toBe('packed');
    expect(batchShape(scenario('llama-3-8b', { framework: 'axolotl', batches: 'padded' }))).toBe('padded');
    expect(batchShape(scenario('llama-3-8b', { framework: 'hf' }))).toBe('padded');
    expect(batchShape(scenario('llama-3-8b', { framework: 'hf', batches: 'packed' }))).toBe('packed');
  });

  it('reads "packed" and "dynamic padding", and the reply states the batch shape it assumed', () => {
    const packed = estimateOf('llama-3-8b lora packed seq 4096 bs 1 on h100');
    const padded = estimateOf('llama-3-8b lora dynamic padding seq 4096 bs 1 on h100');
    expect(packed.scenario.batches).toBe('packed');
    expect(padded.scenario.batches).toBe('padded');
    expect(slackOf(padded) / churnOf(padded)).toBeCloseTo(SLACK.fixedShapes + SLACK.variableLengths, 10);
    expect(slackOf(packed) / churnOf(packed)).toBeCloseTo(SLACK.fixedShapes, 10);
    expect(estimateOf(canonicalText(packed.scenario)).scenario.batches).toBe('packed');
  });

  it('the reply lists the batch shape it assumed when none was said, and none when one was', () => {
    const assumed = (text: string) => {
      const { reply } = respond(text, null);
      return reply.kind === 'estimate' ? reply.assumptions : [];
    };
    expect(assumed('llama-3-8b lora seq 4096 bs 1 on h100')).toContain(DEFAULT_WORDS.batchesPadded);
    expect(assumed('llama-3-8b lora axolotl seq 4096 bs 1 on h100')).toContain(DEFAULT_WORDS.batchesPacked);
    for (const text of ['llama-3-8b lora packed seq 4096 bs 1 on h100', 'llama-3-8b lora dynamic padding seq 4096 bs 1 on h100']) {
      expect(assumed(text).filter((a) => a === DEFAULT_WORDS.batchesPacked || a === DEFAULT_WORDS.batchesPadded)).toEqual([]);
    }
  });
});

describe('the QLoRA recipe as PEFT runs it (kbit.ts)', () => {
  const qlora = (framework: Scenario['framework'], weights: Scenario['weights'] = 'nf4'): Scenario =>
    scenario('llama-3-8b', { mode: 'qlora', weights, framework, recompute: 'full', lora: { rank: 8, targets: ['q', 'v'], dropout: 0 } });

  it('prepare_model_for_kbit_training applies to a bitsandbytes base under PEFT only (not GPTQ, not Unsloth or HF)', () => {
    expect(kbitPrepared(qlora('peft'))).toBe(true);
    expect(kbitPrepared(qlora('peft', 'int8'))).toBe(true);
    expect(kbitPrepared(qlora('peft', 'gptq'))).toBe(false);
    expect(kbitPrepared(qlora('unsloth'))).toBe(false);
    expect(kbitPrepared(qlora('hf'))).toBe(false);
  });

  it('worked example: the fp32 rest (embeddings, LM head, norms) and fp32 checkpointed layer inputs on Llama-3-8B', () => {
    const peft = qlora('peft');
    const hf = qlora('hf');
    const l = layoutOf(peft);
    // The upcast doubles the bytes of the unquantised rest: 2 B more per parameter of it.
    const rest = l.params.total - l.params.linear;
    expect(frozenWeights(peft, l).bytes - frozenWeights(hf, layoutOf(hf)).bytes).toBeCloseTo(rest * 2, -3);
    // Gradient checkpointing keeps each layer's input: s·b·h in the residual dtype, fp32 here.
    expect(activations(peft, l).bytes).toBe(32 * 2048 * 4096 * KBIT_ACTIVATION_BYTES);
    expect(activations(hf, layoutOf(hf)).bytes).toBe(32 * 2048 * 4096 * 2);
  });
});
