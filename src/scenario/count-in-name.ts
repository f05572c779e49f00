import { unnamedGpusWords } from './gpus.js';
import { DEFAULT_PER_NODE } from './hardware.js';
import type { Resolution } from './resolution.js';

/**
 * A count of GPUs written inside a name — a run id, a script's path, a recipe, a checkpoint folder, a
 * job name: "megatron_bridge_training-nemo2602/qwen3_30b_a3b_bf16_16gpus-2026-03-30…"
 * (AI-Hypercomputer/gpu-recipes#194, c2823: read as one H200, in silence),
 * "run_qwen3-235b_megatron_grpo_64card_npu.sh" (verl-project/verl#4855, c3195: read as the 8 of
 * `trainer.n_gpus_per_node=8`). The name is the run's own label, so its count is evidence of the cards,
 * but weak evidence (the name may be a recipe's, or copied from another run): it is taken only where
 * nothing else counts the cards, and said with the way out; where another count is read and the name's
 * differs, the count read stands and the name's is said beside it. A count per node read from a launcher's
 * key ("n_gpus_per_node", "nproc_per_node") that the name's count is a multiple of is one node of several:
 * the name's count is the GPUs in all.
 */
export const COUNT_IN_NAME = {
  id: 'hw.count-in-name',
  // The count joins the name by "_", "-", "/" or "." after a letter or digit, and ends it or a part of it:
  // "bf16_16gpus-2026", "grpo_64card_npu.sh", "grpo-64card运行", "_16卡.sh", "_4xgpu.sh". A count in prose
  // ("on 32gpus", "a 64-GPU cluster") is the hardware rules' own; "gpu0", "cuda:1" name a device.
  pattern: /(?<=[a-z\d][_\-/.])(?<n>\d{1,4})x?(?:gpus?|cards?|卡)(?![a-z\d])/giu,
  example: 'megatron_bridge_training-nemo2602/qwen3_30b_a3b_bf16_16gpus-2026-03-30_013839',
  source: 'AI-Hypercomputer/gpu-recipes#194',
} as const;

/** The name a count sits in: the run of characters around it with no space. */
function nameAround(text: string, at: number, end: number): string {
  const before = /[^\s`'"()[\]]*$/.exec(text.slice(Math.max(0, at - 120), at))?.[0] ?? '';
  const after = /^[^\s`'"()[\]]*/.exec(text.slice(end, end + 120))?.[0] ?? '';
  const name = `${before}${text.slice(at, end)}${after}`;
  return name.length > 70 ? `${name.slice(0, 67)}…` : name;
}

/** The counts written inside names in a message, each with its name; one count said more than once is one. */
export function countsInNames(text: string): { count: number; name: string; at: number; end: number }[] {
  const found = [...text.matchAll(COUNT_IN_NAME.pattern)].map((m) => ({
    count: Number(m.groups!.n),
    name: nameAround(text, m.index, m.index + m[0].length),
    at: m.index,
    end: m.index + m[0].length,
  }));
  return found.filter((f) => f.count >= 1);
}

/** A launcher's key that counts the GPUs of one node ("trainer.n_gpus_per_node=8", "--nproc_per_node 8"). */
const PER_NODE_KEY = /per[_-]?node/i;

export function countInName(r: Resolution): void {
  const names = countsInNames(r.text);
  if (names.length === 0 || new Set(names.map((n) => n.count)).size !== 1) return;
  const { count, name } = names[0]!;
  const hw = r.s.hardware;
  const read = hw ? hw.count : (r.s.unnamedGpus ?? null);
  const counted = r.patch.get('gpuCount');
  // "sft_qwen2.5_72b_16卡.sh": a count rule read the name's own count as the user's; it is still the name's, said so.
  if (counted && read === count && names.some((n) => counted.item.at < n.end && n.at < counted.item.end)) {
    r.assume(`${count} GPUs in all — from the name "${name}" (say "on 1 gpu" if that name is not your run)`);
    return;
  }
  const countSaid = counted !== undefined || r.patch.has('nodes') || r.patch.has('par.tp') || r.patch.has('par.pp') || r.patch.has('par.dp');
  if (read === count) return;
  if (!countSaid) {
    if (!hw || hw.count !== 1 || !r.isNew) return;
    r.s.hardware = { ...hw, count, perNode: Math.min(count, DEFAULT_PER_NODE) };
    r.assume(`${count} GPUs in all — from the name "${name}" (no GPU count was given; say "on 1 gpu" if that name is not your run)`);
    return;
  }
  if (read === null || !counted) return;
  const perNodeKey = PER_NODE_KEY.test(counted.item.text) && !r.patch.has('nodes');
  if (perNodeKey && count > read && count % read === 0) {
    if (hw) r.s.hardware = { ...hw, count, perNode: read };
    else {
      // The words said for the node's count name the GPUs in all now.
      const was = unnamedGpusWords(r.s);
      r.s.unnamedGpus = count;
      r.s.unnamedPerNode = read;
      if (was) r.reassume(`${was}: memory per GPU and the cards it fits`, `${unnamedGpusWords(r.s)}: memory per GPU and the cards it fits`);
    }
    r.assume(`${count} GPUs in all — from the name "${name}", ${count / read} nodes of the ${read} "${counted.item.text.trim()}" counts (say "on ${read} gpus" for one node)`);
    return;
  }
  r.assume(`${read} GPUs in all — from "${counted.item.text.trim()}"; the name "${name}" says ${count} (say "on ${count} gpus" if the run uses them all)`);
}
