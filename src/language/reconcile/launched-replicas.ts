import type { Item } from '../items.js';

type Hardware = Extract<Item, { kind: 'hardware' }>;

/**
 * A layer split (`device_map="auto"`, "naive pipeline") under a launcher that starts several processes is
 * one replica per process, not one process walking the layers over every card: torchrun, torch.distributed.launch,
 * `accelerate launch --num_processes N` and the `deepspeed` launcher start a process per GPU, and the training
 * scripts people launch so pin each replica to its own GPU when WORLD_SIZE > 1 (alpaca-lora's finetune.py and
 * MedicalGPT's pretraining.py: `device_map = {"": LOCAL_RANK}`); where a script does not, transformers refuses
 * to train a model spread over devices in a distributed run (huggingface/transformers#24242, c965). So the
 * run is DDP over the processes (shibing624/MedicalGPT#314, c2076: `torchrun --nproc_per_node 2 pretraining.py
 * … --device_map auto`). The words do not settle it for every script, so it is said with both readings.
 * One process (`python finetune.py`, `--nproc_per_node 1`, `CUDA_VISIBLE_DEVICES=0,1` alone) keeps the split.
 */
export const LAUNCHED_REPLICAS_RULE = {
  id: 'reconcile.launched-replicas',
  example: 'CUDA_VISIBLE_DEVICES=2,3 torchrun --nproc_per_node 2 pretraining.py --model_name_or_path ../Yi-34B-Chat --device_map auto',
  source: 'shibing624/MedicalGPT#314 (c2076); huggingface/transformers#24242 (c965)',
} as const;

/** A launcher key that counts processes started (not `CUDA_VISIBLE_DEVICES`, the devices one process may see). */
const PROCESS_COUNT = /nproc|num_processes|num_gpus|--include\b/i;

/**
 * Launchers that start a process per GPU with no count written: the `deepspeed` launcher (every visible GPU,
 * deepspeed/launcher/runner.py) and `accelerate launch --multi_gpu`. A count said elsewhere is how many.
 */
const EVERY_GPU_LAUNCH = /(?:^|[\s`;&|(])deepspeed\s+(?:--?[\w-]+(?:[ =][^\s-]\S*)?\s+)*[\w./-]+\.py\b|\baccelerate\s+launch\b[^\n]*--multi_gpu\b/im;

const isHardware = (i: Item): i is Hardware => i.kind === 'hardware';

/** The launcher's words and its process count, where it starts more than one. */
function processesStarted(items: Item[], text: string): { text: string; count: number } | null {
  const counted = items.filter(isHardware).find((i) => i.count !== null && i.count > 1 && PROCESS_COUNT.test(i.text));
  if (counted) return { text: counted.text.trim(), count: counted.count! };
  const launch = EVERY_GPU_LAUNCH.exec(text);
  if (!launch) return null;
  // A process count of 1 written beside it (`--num_gpus 1`) is one process.
  if (items.some((i) => isHardware(i) && i.count === 1 && PROCESS_COUNT.test(i.text))) return null;
  const most = Math.max(0, ...items.filter(isHardware).map((i) => (i.count ?? 0) * (i.nodes ?? 1)));
  return most > 1 ? { text: launch[0].trim().split(/\s+/).slice(0, 3).join(' '), count: most } : null;
}

export function launchedReplicas(items: Item[], text: string, notes: string[]): Item[] {
  const splits = items.filter((i) => i.kind === 'layerSplit' && i.value === 'sequential');
  if (splits.length === 0 || !text) return items;
  const started = processesStarted(items, text);
  if (!started) return items;
  const said = splits[0]!.text.trim();
  notes.push(
    `"${said}" read as one replica per process, DDP over the ${started.count} processes "${started.text}" starts (a launched script pins each process's model to its own GPU) — say "device map auto" if one process splits the layers over the GPUs`,
  );
  return items.filter((i) => !splits.includes(i));
}
