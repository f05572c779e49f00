import type { ErrorReply } from '../reply/types.js';
import { gpuCountOf } from './gpus.js';
import type { Resolution } from './resolution.js';
import type { Scenario } from './schema.js';

/**
 * Issue 23, verdict corpus cause (c) (docs/verdict-training-misses.md): a Megatron run (Megatron-LM,
 * Megatron-Core, NeMo, Megatron-Bridge: the 'megatron' framework) whose request names no tensor,
 * pipeline, expert or context parallel size was read with every degree at Megatron's default 1
 * (megatron/training/arguments.py: --tensor-model-parallel-size, --pipeline-model-parallel-size,
 * --expert-model-parallel-size, --context-parallel-size all default to 1), i.e. whole weights and
 * main gradients on every GPU, which no Megatron recipe of a large model runs. Such a run is
 * answered at the smallest split that holds it, said so (plan/megatron-layout.ts); a degree written,
 * even "tp 1", is kept exactly: the resolution marks a written all-1 layout (`layoutSaid`), and the
 * canonical text writes it back ("tp 1").
 */

/** The request slots that state a parallel degree (resolve-hardware.ts PARALLEL_SLOTS). */
const LAYOUT_SLOTS = ['par.tp', 'par.pp', 'par.ep', 'par.cp', 'par.vpp'] as const;

/** A Megatron training run with every model-parallel degree at 1 (on any number of GPUs). */
function megatronAllOnes(s: Scenario): boolean {
  const p = s.parallel;
  return s.framework === 'megatron' && s.mode !== 'inference' && p.tp === 1 && p.pp === 1 && p.ep === 1 && p.cp === 1 && (p.vpp ?? 1) === 1 && p.schedule === undefined;
}

/** The layout was not stated: a Megatron training run on several GPUs, every degree 1, none written. */
export function layoutUnstated(s: Scenario): boolean {
  return s.layoutSaid !== true && gpuCountOf(s) > 1 && megatronAllOnes(s);
}

/** Every degree 1 and written: the canonical text writes "tp 1" so that it reads back as stated. */
export function layoutSaidAtOnes(s: Scenario): boolean {
  return s.layoutSaid === true && megatronAllOnes(s);
}

/**
 * The resolution step: a Megatron training run whose degrees are all 1 is marked stated when this
 * message writes a degree, or the thread had stated it; any other run carries no mark.
 */
export function layoutSaidStep(r: Resolution): ErrorReply | null {
  const written = LAYOUT_SLOTS.some((slot) => r.patch.has(slot)) || r.base?.layoutSaid === true;
  if (written && megatronAllOnes(r.s)) r.s.layoutSaid = true;
  else delete r.s.layoutSaid;
  return null;
}
