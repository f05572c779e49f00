import { modelById } from '../../src/catalog/index.js';
import { respond } from '../../src/core/assistant.js';
import type { Estimate } from '../../src/memory/types.js';
import { churned } from '../../src/memory/churn.js';
import { megatronGradBufferResident } from '../../src/memory/estimate.js';
import type { Scenario } from '../../src/scenario/schema.js';

/** A scenario with DESIGN §2's defaults, built without the language, for memory-model tests. */
export function scenario(modelId: string, patch: Partial<Scenario> = {}): Scenario {
  const m = modelById(modelId);
  return {
    model: { id: m.id, name: m.name, asWritten: m.id, requestedParams: null, arch: m.arch, overrides: [] },
    mode: 'full',
    pretrain: false,
    lora: null,
    recipe: 'mixed',
    compute: 'bf16',
    weights: 'bf16',
    optimizer: 'adamw',
    optimizerImpl: 'foreach',
    sharding: { kind: 'none', stage: 0 },
    offload: { optimizer: 'none', params: 'none' },
    parallel: { tp: 1, pp: 1, sp: false, cp: 1, ep: 1 },
    seq: 2048,
    microBatch: 1,
    gradAccum: 1,
    recompute: 'none',
    attention: 'flash',
    loss: 'full',
    framework: 'hf',
    hardware: null,
    inference: { engine: 'hf', newTokens: 0, kvDtype: 'bf16', gpuMemoryUtilization: 0.9 },
    question: { kind: 'none' },
    help: [],
    chart: 'none',
    ...patch,
  };
}

/** The estimate the assistant answers a request with (a refusal fails the test, naming why). */
export function estimateOf(text: string): Estimate {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${reply.kind === 'error' ? reply.message : reply.kind}`);
  return reply.estimate;
}

/** Bytes of one component of an estimate (0 when it is absent). */
export const part = (e: Estimate, key: string) => e.components.find((c) => c.key === key)?.bytes ?? 0;

/** Bytes the allocator churns at the estimate's allocated peak: what its slack is a share of (churn.ts). */
export function churnOf(e: Estimate): number {
  const peak = e.phases.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  return churned(e.scenario, peak.parts, megatronGradBufferResident(e.scenario)).bytes;
}

/** Allocator slack of an estimate, reserved − allocated at the peak. */
export const slackOf = (e: Estimate) => e.peakReservedBytes - e.peakAllocatedBytes;
