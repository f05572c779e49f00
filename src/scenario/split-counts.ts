import { instanceByName } from '../catalog/instances.js';
import type { Parallel, Scenario } from './schema.js';
import { lcm } from './divisors.js';

/**
 * How many GPUs the message's own parallel degrees say its run uses, set against the count read for the
 * hardware (issue 22: a count that another part of the same message contradicts is said, never taken in
 * silence).
 */

/**
 * The fewest GPUs the degrees need. Megatron's dense grid is tp × cp × pp × dp and its expert grid
 * etp × ep × pp × edp (megatron/core/parallel_state.py, initialize_model_parallel: the world size divides by
 * both), so a training run needs pp × lcm(tp × cp, etp × ep): "TP=PP=1, EP=8" is eight GPUs (verl's
 * Qwen3-30B-A3B recipe on H20, NVIDIA-NeMo/RL#1130, c3058). The expert tensor size defaults to tp in
 * Megatron-LM and to 1 in ms-swift's Megatron arguments; unless the message states it, 1 is taken, the fewest
 * GPUs either could mean ("tp 4 pp 2 ep 8" on "4机32卡" needs 16, not 64: modelscope/ms-swift#9403, c1624).
 * A serving engine's expert parallel spans its tp × dp group (vLLM --enable-expert-parallel), so it adds no
 * GPUs of its own there.
 */
export function gpusTheDegreesNeed(p: Parallel, mode: Scenario['mode'], text: string): number {
  const dense = p.tp * p.pp * p.cp;
  if (mode === 'inference' || p.ep <= 1) return dense;
  const etp = Number(EXPERT_TP.exec(text)?.[1] ?? 1) || 1;
  return p.pp * lcm(p.tp * p.cp, etp * p.ep);
}

/** The expert tensor-parallel size as Megatron and ms-swift spell it ("--expert_tensor_parallel_size 1", "ETP=2"). */
const EXPERT_TP = /(?<![\w-])(?:-{0,2}expert[_-]tensor[_-](?:model[_-])?parallel[_-]size|etp)\s*[=:]?\s*(\d{1,3})(?!\d)/i;

/** The degrees in words, for the reply: "tp 1 × ep 8", "tp 2 × pp 2". */
export function degreesInWords(p: Parallel, mode: Scenario['mode']): string {
  const parts = [`tp ${p.tp}`];
  if (p.pp > 1) parts.push(`pp ${p.pp}`);
  if (p.cp > 1) parts.push(`cp ${p.cp}`);
  if (mode !== 'inference' && p.ep > 1) parts.push(`ep ${p.ep}`);
  return parts.join(' × ');
}

/** NVIDIA's 8-GPU systems and Lambda's instance names count the machine's cards, as cloud instance types do. */
const SYSTEM_NAME = /\b(?:dgx|hgx)\b|^gpu_\d{1,2}x_/i;

/**
 * Whether a count was read from the name of a machine ("p4de.24xlarge", "the p5en node", "a DGX H100")
 * rather than written by the user: the machine's cards, not necessarily the run's.
 */
export function countFromMachineName(itemText: string): boolean {
  // The item's words may keep the place word and article before the name ("on a p4d.24xlarge").
  const words = itemText.trim().split(/[\s()]+/);
  return words.some((w) => SYSTEM_NAME.test(w) || (/\d/.test(w) && instanceByName(w) !== null)) || SYSTEM_NAME.test(itemText);
}
