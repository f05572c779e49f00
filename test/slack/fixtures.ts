import { scenarioThread, type ThreadState, type Turn } from '../../src/core/assistant.js';
import type { Component, Estimate } from '../../src/memory/types.js';
import type { EstimateReply, ErrorReply, HelpReply, Lever, Reply } from '../../src/reply/types.js';
import type { Scenario } from '../../src/scenario/schema.js';

const GiB = 2 ** 30;

/** A stand-in scenario: the fake assistant only needs the canonical text back. */
export function fakeScenario(canonical: string): Scenario {
  return { fakeCanonical: canonical } as unknown as Scenario;
}

export function canonicalOf(state: ThreadState | null): string | null {
  const current = scenarioThread(state);
  return current ? (current.scenario as unknown as { fakeCanonical: string }).fakeCanonical : null;
}

export function component(key: string, name: string, gib: number, formula: string): Component {
  return { key, name, group: 'weights', bytes: gib * GiB, formula };
}

export interface ReplyShape {
  canonical: string;
  deviceGib?: number;
  capacityGib?: number | null;
  levers?: Lever[];
  breakdown?: Component[];
}

/** An EstimateReply with realistic shape; numbers are given, never computed by the renderer. */
export function estimateReply(shape: ReplyShape): EstimateReply {
  const device = (shape.deviceGib ?? 91.8) * GiB;
  const capacity = shape.capacityGib === undefined ? 79.2 * GiB : shape.capacityGib === null ? null : shape.capacityGib * GiB;
  const fits = capacity === null ? null : device <= capacity;
  const breakdown = shape.breakdown ?? [
    component('weights', 'weights, bf16 ÷ 4', 6.1, '13.0 B × 2 B ÷ 4'),
    component('master', 'master weights, fp32 ÷ 4', 12.1, '13.0 B × 4 B ÷ 4'),
    component('adam', 'Adam m, v, fp32 ÷ 4', 24.2, '13.0 B × 8 B ÷ 4'),
    component('activations', 'activations', 33.8, '40 layers × (22·s·b·h + 8·s·b·f) B'),
  ];
  const scenario = fakeScenario(shape.canonical);
  const estimate = {
    scenario,
    components: breakdown,
    phases: [],
    peakPhase: 'backward',
    peakAllocatedBytes: device * 0.9,
    peakReservedBytes: device * 0.95,
    deviceBytes: device,
    capacityBytes: capacity,
    fits,
    headroomBytes: capacity === null ? null : capacity - device,
    hostBytes: 0,
    fitsOn: [],
    serving: null,
    notes: ['ZeRO-3 gathers 2 layers'],
  } as unknown as Estimate;
  const headline = fits === false ? `✗ Does not fit: ${(device / GiB).toFixed(1)} GiB per GPU` : `✓ Fits: ${(device / GiB).toFixed(1)} GiB per GPU`;
  return {
    kind: 'estimate',
    summary: { verdict: headline, why: `Largest: activations 33.8 GiB · ${fits === false ? 'short by 12.6 GiB' : 'room to spare'}`, capacity: null, ask: null },
    reading: `Read as: ${shape.canonical}`,
    canonical: shape.canonical,
    compact: shape.canonical,
    scenario,
    assumptions: ['full fine-tune', 'AdamW'],
    notices: [],
    ignored: [],
    verdict: {
      status: fits === false ? 'no' : fits ? 'yes' : 'unknown',
      envelope: null,
      headline,
      detail: fits === false ? 'Short by 12.6 GiB.' : 'Room to spare.',
      deviceBytes: device,
      capacityBytes: capacity,
      headroomBytes: capacity === null ? null : capacity - device,
    },
    breakdown,
    answer: null,
    levers: shape.levers ?? [
      { change: 'gc', deviceBytes: 60.4 * GiB, fits: true, cost: 'about +25% step time', note: '' },
      { change: 'offload optimizer', deviceBytes: 55 * GiB, fits: true, cost: 'often 2–4× slower', note: 'host RAM 260 GB' },
      { change: 'seq 2048', deviceBytes: 74.9 * GiB, fits: true, cost: 'shorter samples', note: '' },
    ],
    tips: [{ topic: 'fragmentation', title: 'Borderline runs fragment', text: 'PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True' }],
    followUps: ['gc', 'now zero2', 'seq 8192'],
    estimate,
  };
}

export function errorReply(text: string): ErrorReply {
  return {
    kind: 'error',
    message: 'unknown word "zer3"',
    at: 4,
    caret: `${text}\n    ^`,
    expected: ['zero3', 'zero2'],
    suggestion: 'zero3',
    example: '13b bf16 zero3 on 4xA100-80G',
  };
}

export function helpReply(): HelpReply {
  return { kind: 'help', title: 'headroom: will it fit?', text: 'Ask: 13b bf16 zero3 on 4xA100-80G', tips: [], examples: ['7b lora on a 4090'] };
}

/**
 * A fake assistant with the real one's contract: text starting with "zer" is a request error;
 * "help" is help; anything else extends the thread's canonical text (a follow-up patch).
 */
export function fakeRespond(text: string, previous: ThreadState | null): Turn {
  const trimmed = text.trim();
  if (trimmed === 'help') return { reply: helpReply(), state: previous };
  if (/\bzer\d/.test(trimmed)) return { reply: errorReply(trimmed), state: previous };
  const before = canonicalOf(previous);
  const canonical = before ? `${before} ${trimmed}` : trimmed;
  const reply: Reply = estimateReply({ canonical, deviceGib: 91.8 - (before ? 30 : 0) });
  const current = scenarioThread(previous);
  const state: ThreadState = { scenario: fakeScenario(canonical), history: current ? [current.scenario, ...current.history] : [] };
  return { reply, state };
}
