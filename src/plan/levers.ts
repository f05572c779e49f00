import { estimate } from '../memory/estimate.js';
import { gib } from '../memory/format.js';
import type { Estimate } from '../memory/types.js';
import type { Scenario } from '../scenario/schema.js';
import { resolveRequest } from '../scenario/resolve.js';
import type { Lever } from '../reply/types.js';
import { gpuCountOf } from '../scenario/gpus.js';

/**
 * The levers a careful engineer pulls, in the order they are tried (DESIGN §3.7, after the seed
 * articles' priority): each is a change in the request language, applied as a follow-up and
 * re-estimated with the same model.
 */
interface Candidate {
  /** The change as request-language text, for this scenario. */
  change: (s: Scenario) => string;
  cost: string;
  applies: (s: Scenario) => boolean;
}

const CANDIDATES: Candidate[] = [
  { change: () => 'gc', cost: 'about +20–35% step time (layers run forward twice)', applies: (s) => s.mode !== 'inference' && s.recompute !== 'full' },
  { change: () => 'flash', cost: 'none: usually faster than eager attention', applies: (s) => s.attention === 'eager' },
  {
    change: halfMicroBatch,
    cost: 'same effective batch through gradient accumulation; more, smaller steps',
    applies: (s) => s.mode !== 'inference' && s.microBatch > 1,
  },
  { change: () => 'chunked ce', cost: 'little or none (torchtune/Liger chunk the loss)', applies: (s) => s.mode !== 'inference' && s.loss === 'full' && !s.model.arch.encoderOnly },
  { change: () => 'adam8bit', cost: '8-bit optimizer states: check convergence', applies: (s) => s.mode !== 'inference' && (s.optimizer === 'adamw' || s.optimizer === 'adam') },
  { change: () => 'zero1', cost: 'more communication per step', applies: (s) => zeroApplies(s, 1) },
  { change: () => 'zero2', cost: 'more communication per step', applies: (s) => zeroApplies(s, 2) },
  { change: () => 'zero3', cost: 'parameters gathered every layer: more communication', applies: (s) => zeroApplies(s, 3) },
  { change: () => 'lora', cost: 'trains adapters only: a different (often slightly worse) result', applies: (s) => s.mode === 'full' },
  { change: () => 'qlora', cost: '4-bit base: slower matmuls, small quality cost', applies: (s) => s.mode === 'lora' || s.mode === 'full' },
  { change: () => 'offload optimizer', cost: 'last resort: often 2–6× slower', applies: (s) => s.mode === 'full' && s.offload.optimizer === 'none' },
  { change: (s) => `seq ${Math.floor(s.seq / 2)}`, cost: 'shorter samples: truncation or packing changes', applies: (s) => s.seq >= 1024 },
  { change: () => 'pure bf16', cost: 'no fp32 master copy: small updates can be lost in bf16', applies: (s) => s.mode === 'full' && (s.recipe === 'mixed' || s.recipe === 'amp') },
  { change: () => 'int4', cost: '4-bit weights: small quality cost', applies: (s) => s.mode === 'inference' && (s.weights === 'bf16' || s.weights === 'fp16' || s.weights === 'fp32') },
  { change: () => 'kv fp8', cost: 'fp8 KV cache: small quality cost', applies: (s) => s.mode === 'inference' && s.inference.kvDtype !== 'fp8' },
];

function zeroApplies(s: Scenario, stage: number): boolean {
  if (s.mode === 'inference' || gpuCountOf(s) < 2) return false;
  const current = s.sharding.kind === 'zero' || s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp' ? s.sharding.stage : 0;
  return stage > current;
}

/** Half the micro-batch, with gradient accumulation raised to keep the effective batch. */
function halfMicroBatch(s: Scenario): string {
  const b = Math.max(1, Math.floor(s.microBatch / 2));
  return `mbs ${b} ga ${Math.ceil((s.microBatch * s.gradAccum) / b)}`;
}

export function applyChange(s: Scenario, change: string): Scenario | null {
  const outcome = resolveRequest(change, s);
  return outcome.ok && outcome.scenario ? outcome.scenario : null;
}

function hostNote(e: Estimate): string {
  return e.hostBytes > 0 ? `host RAM ${gib(e.hostBytes, 0)} GiB per node` : '';
}

/**
 * Every lever that applies, re-estimated. Ordered: the ones that make it fit in priority order,
 * then the rest by the memory they leave; levers that save under 1% are dropped.
 */
export function levers(s: Scenario, base: Estimate): Lever[] {
  const results: (Lever & { rank: number })[] = [];
  CANDIDATES.forEach((c, rank) => {
    if (!c.applies(s)) return;
    const change = c.change(s);
    const next = applyChange(s, change);
    if (!next) return;
    const e = estimate(next, { numbersOnly: true });
    if (e.deviceBytes > base.deviceBytes * 0.99) return;
    results.push({ change, deviceBytes: e.deviceBytes, fits: e.fits, cost: c.cost, note: hostNote(e), rank });
  });
  const fitting = results.filter((r) => r.fits).sort((a, b) => a.rank - b.rank);
  const rest = results.filter((r) => !r.fits).sort((a, b) => a.deviceBytes - b.deviceBytes);
  return [...fitting, ...rest].map(({ rank: _rank, ...lever }) => lever);
}
