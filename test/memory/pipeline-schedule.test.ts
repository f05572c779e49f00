import { describe, expect, it } from 'vitest';
import { inFlightMicroBatches } from '../../src/memory/activations.js';
import { layoutOf } from '../../src/memory/layout.js';
import { pipelineMicroBatches, pipelineStepIsWarmupOnly, runsTorchPipelining } from '../../src/memory/pipeline-schedule.js';
import { estimateOf, part } from './fixtures.js';

/**
 * Pipeline stages run by torch.distributed.pipelining (memory/pipeline-schedule.ts):
 * Schedule1F1B refuses fewer micro-batches than stages and warms stage 0 up with p forwards; an
 * FSDP2 stage runs every micro-batch's backward with reshard_after_backward and
 * requires_gradient_sync off, so its parameters and gradient stay unsharded until the step ends.
 */

const GiB = 2 ** 30;
// NeMo Automodel's Llama-3.3-70B SQuAD recipe on 32 H100s (NVIDIA-NeMo/Automodel#2673): FSDP2 × PP 8 × DP 4.
const RECIPE = 'full llama-3.1-70b pure bf16 fsdp pp 8 dp 4 seq 1024 mbs 4 on 32x h100';

describe('torch.distributed.pipelining runs at least p micro-batches a step', () => {
  it('an FSDP stage under pp 8 with no accumulation said is read as 8 micro-batches, 8 in flight on stage 0', () => {
    const s = estimateOf(RECIPE).scenario;
    expect(runsTorchPipelining(s)).toBe(true);
    expect(s.gradAccum).toBe(1);
    expect(pipelineMicroBatches(s)).toBe(8);
    expect(inFlightMicroBatches(s)).toBe(8);
  });

  it('the first stage holds 8 micro-batches of its 10 layers: 8 × 10 × (22·s·b·h + 4·s·b·a + 8·s·b·f) B = 125.1 GiB', () => {
    const e = estimateOf(RECIPE);
    const { hidden: h, heads: a, ffn: f } = e.scenario.model.arch;
    const sb = 1024 * 4;
    const perLayer = sb * (22 * h + 4 * a + 8 * f);
    expect(part(e, 'activations')).toBeCloseTo(8 * 10 * perLayer, -3);
    expect(part(e, 'activations') / GiB).toBeCloseTo(125.1, 1);
    expect(e.fits).toBe(false);
  });

  it('a stated count above p stays; below p it is raised to p (Schedule1F1B raises ValueError there)', () => {
    expect(pipelineMicroBatches(estimateOf(RECIPE.replace('mbs 4', 'mbs 4 ga 16')).scenario)).toBe(16);
    expect(pipelineMicroBatches(estimateOf(RECIPE.replace('mbs 4', 'mbs 4 ga 2')).scenario)).toBe(8);
  });

  it('Megatron and DeepSpeed keep the count the request gives: one micro-batch when none is said', () => {
    const megatron = estimateOf('llama-2-70b megatron tp 8 pp 8 seq 4096 bs 1 on 64xh100').scenario;
    expect(runsTorchPipelining(megatron)).toBe(false);
    expect(inFlightMicroBatches(megatron)).toBe(1);
    const deepspeed = estimateOf('llama-2-13b full zero1 pp 4 seq 2048 bs 1 on 8x a100').scenario;
    expect(runsTorchPipelining(deepspeed)).toBe(false);
    expect(pipelineMicroBatches(deepspeed)).toBe(1);
  });

  it('never fewer micro-batches in flight than a plain 1F1B schedule of the same stated count', () => {
    for (const ga of [1, 2, 4, 8, 16, 64]) {
      const s = estimateOf(RECIPE.replace('mbs 4', `mbs 4 ga ${ga}`)).scenario;
      expect(inFlightMicroBatches(s)).toBeGreaterThanOrEqual(Math.min(s.parallel.pp, ga));
      expect(inFlightMicroBatches(s)).toBeLessThanOrEqual(s.parallel.pp);
    }
  });
});

describe('an FSDP2 stage under pipelining stays unsharded for the step', () => {
  it('Llama-3.1-70B stage 0 of 8: its 9.61 B parameters all-gathered (17.9 GiB) and its gradient unsharded (17.9 GiB), not ÷ 4', () => {
    const e = estimateOf(RECIPE.replace('mbs 4', 'mbs 4 ga 16'));
    const l = layoutOf(e.scenario);
    const stage = l.stageParams;
    expect(stage / 1e9).toBeCloseTo(9.61, 2);
    expect(part(e, 'gathered')).toBe(stage * 2);
    expect(part(e, 'no-sync-grads')).toBe(stage * 2);
    expect(part(e, 'gathered') / GiB).toBeCloseTo(17.9, 1);
  });

  it('more GPUs in the data-parallel group shrink the sharded states, not the unsharded stage', () => {
    const four = estimateOf(RECIPE.replace('mbs 4', 'mbs 4 ga 16'));
    const eight = estimateOf(RECIPE.replace('mbs 4', 'mbs 4 ga 16').replace('dp 4', 'dp 8').replace('32x', '64x'));
    expect(part(eight, 'gathered')).toBe(part(four, 'gathered'));
    expect(part(eight, 'no-sync-grads')).toBe(part(four, 'no-sync-grads'));
    expect(part(eight, 'optimizer')).toBeLessThan(part(four, 'optimizer'));
  });

  it('without pipelining FSDP gathers two layers and the root unit, as before', () => {
    const e = estimateOf('full llama-3.1-70b pure bf16 fsdp seq 1024 mbs 4 on 32x h100');
    expect(runsTorchPipelining(e.scenario)).toBe(false);
    expect(part(e, 'gathered')).toBeLessThan(layoutOf(e.scenario).stageParams * 2 * 0.1);
  });
});

describe('a step of exactly p micro-batches: the gradient meets p − 1 of them', () => {
  it('with gc the peak is the end of stage 0 first backward, 7 of the 8 micro-batches still held', () => {
    const e = estimateOf(RECIPE.replace('mbs 4', 'mbs 4 gc'));
    expect(pipelineStepIsWarmupOnly(e.scenario)).toBe(true);
    expect(e.peakPhase).toBe('backward');
    const eight = estimateOf(RECIPE.replace('mbs 4', 'mbs 4 ga 16 gc'));
    expect(part(e, 'activations-after-first-backward')).toBeCloseTo((part(eight, 'activations') * 7) / 8, -3);
    expect(part(e, 'no-sync-grads')).toBe(part(eight, 'no-sync-grads'));
  });

  it('more micro-batches than stages never lower the peak (the steady state adds a forward after each backward)', () => {
    for (const tail of ['', ' gc']) {
      const exact = estimateOf(RECIPE.replace('mbs 4', `mbs 4${tail}`));
      const more = estimateOf(RECIPE.replace('mbs 4', `mbs 4 ga 16${tail}`));
      expect(more.peakAllocatedBytes).toBeGreaterThanOrEqual(exact.peakAllocatedBytes);
    }
  });
});
