import type { Component, Estimate, PhasePoint } from '../../src/memory/types.js';
import type { EstimateReply } from '../../src/reply/types.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from '../memory/fixtures.js';

/**
 * Hand-built replies with the numbers of DESIGN §3.8 (Llama-2-13B, bf16 mixed, AdamW, ZeRO-3 over
 * 4× A100 80GB, seq 4096), so the chart tests do not depend on the memory model's details.
 */

const GIB = 2 ** 30;
const gib = (x: number): number => Math.round(x * GIB);

export function scenario13b(overrides: Partial<Scenario> = {}): Scenario {
  const base = scenario('llama-2-13b');
  return scenario('llama-2-13b', {
    model: { ...base.model, asWritten: '13b', requestedParams: 13e9 },
    optimizerImpl: 'fused',
    sharding: { kind: 'zero', stage: 3 },
    seq: 4096,
    framework: 'deepspeed',
    hardware: { gpuId: 'a100-80g', capacityBytes: 81050 * 2 ** 20, count: 4, perNode: 8 },
    chart: 'breakdown',
    ...overrides,
  });
}

export const COMPONENTS_13B: Component[] = [
  { key: 'weights', name: 'weights, bf16 ÷ 4', group: 'weights', bytes: gib(6.1), formula: '13.0 B × 2 B ÷ 4' },
  { key: 'gathered', name: 'gathered layers (ZeRO-3)', group: 'weights', bytes: gib(0.6), formula: '2 layers × 0.31 B × 2 B' },
  { key: 'master', name: 'master weights, fp32 ÷ 4', group: 'optimizer', bytes: gib(12.1), formula: '13.0 B × 4 B ÷ 4' },
  { key: 'adam', name: 'Adam m, v, fp32 ÷ 4', group: 'optimizer', bytes: gib(24.2), formula: '13.0 B × 8 B ÷ 4' },
  { key: 'grads', name: 'gradients, bf16 ÷ 4', group: 'gradients', bytes: gib(6.1), formula: '13.0 B × 2 B ÷ 4' },
  { key: 'activations', name: 'activations', group: 'activations', bytes: gib(33.8), formula: '40 layers × (22·s·b·h + 8·s·b·f) B' },
  { key: 'logits', name: 'logits + loss', group: 'logits', bytes: gib(1.5), formula: '4096 × 32000 × 12 B' },
  { key: 'slack', name: 'allocator slack', group: 'overhead', bytes: gib(6.2), formula: '6% of allocated' },
  { key: 'context', name: 'CUDA context + NCCL', group: 'overhead', bytes: gib(1.2), formula: '1.2 GiB' },
];

const part = (key: string, group: Component['group'], x: number) => ({ key, group, bytes: gib(x) });

export const PHASES_13B: PhasePoint[] = [
  { phase: 'load', label: 'after load', bytes: gib(42.4), parts: [part('weights', 'weights', 6.1), part('master', 'optimizer', 12.1), part('adam', 'optimizer', 24.2)] },
  {
    phase: 'forward', label: 'end of forward', bytes: gib(78.3),
    parts: [part('weights', 'weights', 6.7), part('master', 'optimizer', 12.1), part('adam', 'optimizer', 24.2), part('activations', 'activations', 33.8), part('logits', 'logits', 1.5)],
  },
  {
    phase: 'backward', label: 'start of backward', bytes: gib(84.4),
    parts: [part('weights', 'weights', 6.7), part('grads', 'gradients', 6.1), part('master', 'optimizer', 12.1), part('adam', 'optimizer', 24.2), part('activations', 'activations', 33.8), part('logits', 'logits', 1.5)],
  },
  { phase: 'optimizer', label: 'optimizer step', bytes: gib(48.5), parts: [part('weights', 'weights', 6.1), part('grads', 'gradients', 6.1), part('master', 'optimizer', 12.1), part('adam', 'optimizer', 24.2)] },
];

export function estimate13b(s: Scenario = scenario13b()): Estimate {
  const deviceBytes = COMPONENTS_13B.reduce((sum, c) => sum + c.bytes, 0);
  const capacityBytes = s.hardware?.capacityBytes ?? null;
  return {
    scenario: s,
    params: { total: 13_015_864_320, trainable: 13_015_864_320, active: 13_015_864_320, embedding: 163_840_000, lmHead: 163_840_000, perLayer: 317_194_240 },
    components: COMPONENTS_13B,
    modelStates: COMPONENTS_13B.filter((c) => c.group === 'weights' || c.group === 'gradients' || c.group === 'optimizer'),
    phases: PHASES_13B,
    peakPhase: 'backward',
    peakAllocatedBytes: gib(84.4),
    peakReservedBytes: gib(90.6),
    deviceBytes,
    capacityBytes,
    fits: capacityBytes === null ? null : deviceBytes <= capacityBytes,
    headroomBytes: capacityBytes === null ? null : capacityBytes - deviceBytes,
    hostBytes: 0,
    fitsOn: capacityBytes === null ? ['h100-nvl', 'gh200', 'h200', 'b200', 'mi300x', 'mi325x'] : [],
    serving: null,
    notes: [],
  };
}

export function reply13b(e: Estimate = estimate13b()): EstimateReply {
  const fits = e.fits;
  return {
    kind: 'estimate',
    summary: { verdict: fits === null ? 'Needs 91.8 GiB per GPU' : fits ? '✓ Fits: 91.8 GiB per GPU' : '✗ Does not fit: 91.8 GiB per GPU; the A100 80GB offers 79.2 GiB', why: 'Largest: activations', capacity: null, ask: null },
    reading: 'Read as: Llama-2-13B shape · full fine-tune · bf16 mixed · AdamW · ZeRO-3 · mbs 1 · seq 4096 · 4× A100 80GB',
    canonical: 'llama-2-13b full bf16 adamw zero3 mbs 1 seq 4096 on 4xa100-80g',
    compact: 'llama-2-13b zero3 seq 4096 on 4xa100-80g',
    scenario: e.scenario,
    assumptions: ['full fine-tune (default)'],
    notices: [],
    ignored: [],
    verdict: {
      status: fits === null ? 'unknown' : fits ? 'yes' : 'no',
      envelope: null,
      headline:
        fits === null
          ? 'Needs 91.8 GiB per GPU; no card named.'
          : fits
            ? '✓ Fits: 91.8 GiB per GPU at the start of backward.'
            : '✗ Does not fit: 91.8 GiB per GPU at the start of backward; an A100 80GB offers 79.2 GiB.',
      detail: '',
      deviceBytes: e.deviceBytes,
      capacityBytes: e.capacityBytes,
      headroomBytes: e.headroomBytes,
    },
    breakdown: e.components,
    answer: null,
    levers: [
      { change: 'gc', deviceBytes: gib(60.4), fits: true, cost: 'about +25% step time', note: '' },
      { change: 'offload optimizer', deviceBytes: gib(55), fits: true, cost: 'often 2–4× slower', note: 'host RAM 260 GB' },
    ],
    tips: [],
    followUps: ['gc', 'now zero2'],
    estimate: e,
  };
}

export function compareReply(): EstimateReply {
  const r = reply13b();
  return {
    ...r,
    answer: {
      kind: 'compare',
      value: null,
      text: 'zero3 needs 12.4 GiB less per GPU than zero2',
      headline: 'zero3: 91.8 GiB vs zero2: 104.2 GiB per GPU',
      sides: [
        { label: 'zero2', reading: '… ZeRO-2 …', deviceBytes: gib(104.2), fits: false },
        { label: 'zero3', reading: '… ZeRO-3 …', deviceBytes: gib(91.8), fits: false },
      ],
    },
  };
}
