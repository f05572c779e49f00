import type { Item } from '../items.js';

type Hardware = Extract<Item, { kind: 'hardware' }>;

/**
 * ms-swift splits the model over the devices a process sees: `is_mp()` (modelscope/ms-swift
 * swift/utils/torch_utils.py) is true when the visible devices ÷ the processes on the node
 * (LOCAL_WORLD_SIZE, 1 without a launcher) is 2 or more, and the model is then loaded with
 * `device_map` over them ("Using MP(device_map)"). So `CUDA_VISIBLE_DEVICES=0,1,2,3 swift sft …`
 * with no NPROC_PER_NODE, or NPROC_PER_NODE=1, is one process holding the layers on four cards
 * one after another, not four data-parallel replicas (modelscope/ms-swift#3777, c1983; #2010,
 * c1951). A run that starts several processes, or shards with DeepSpeed / FSDP, is left as read.
 */
export const SWIFT_DEVICE_MAP_RULE = {
  id: 'reconcile.swift-device-map',
  example: 'CUDA_VISIBLE_DEVICES=0,1,2,3 swift sft --model LLM-Research/Llama-4-Scout-17B-16E-Instruct --train_type lora',
  source: 'modelscope/ms-swift swift/utils/torch_utils.py is_mp(); corpus c1983, c1951',
} as const;

/** A training subcommand of ms-swift's CLI (not `swift deploy` / `infer`, whose engines place the model themselves). */
const SWIFT_TRAINS = /\bswift\s+(?:sft|pt|rlhf)\b/i;
const VISIBLE = /cuda_visible_devices/i;
const STARTED = /nproc_per_node|num_processes/i;

export function swiftDeviceMap(items: Item[], text: string, notes: string[]): Item[] {
  if (!SWIFT_TRAINS.test(text)) return items;
  // A split, a sharding or a parallel degree said already decides the layout.
  if (items.some((i) => i.kind === 'layerSplit' || i.kind === 'sharding' || i.kind === 'parallel')) return items;
  const visible = items.filter((i): i is Hardware => i.kind === 'hardware' && i.count !== null && VISIBLE.test(i.text));
  if (visible.length !== 1 || visible[0]!.count! < 2) return items;
  const started = items.filter((i): i is Hardware => i.kind === 'hardware' && i.count !== null && STARTED.test(i.text));
  // Several processes: DDP (or MP + DDP, which one line cannot hold) is the resolver's to read. A process count
  // written anywhere but as 1 (`--nproc_per_node $GPUS_PER_NODE` in a script's DISTRIBUTED_ARGS, modelscope/ms-swift#1460,
  // c1773) says the user means several, even where the variable never reaches swift.
  if (started.some((s) => s.count! > 1) || /\btorchrun\b|nproc_per_node["']?[ \t]*[=:]?[ \t]*(?!["']?1\b)[$\w"']/i.test(text)) return items;
  const shown = visible[0]!;
  notes.push(
    `model split over ${shown.count} GPUs, one process ("${shown.text.trim()}" with ${started.length ? `"${started[0]!.text.trim()}"` : 'no NPROC_PER_NODE'}): ms-swift loads the model with device_map over the devices a process sees — say "ddp" with NPROC_PER_NODE=${shown.count} if each GPU runs a replica`,
  );
  const split: Item = { kind: 'layerSplit', value: 'sequential', at: shown.at, end: shown.end, text: shown.text };
  // The one process is no GPU count of its own: the devices it sees are.
  return [...items.filter((i) => !started.includes(i as Hardware)), split];
}
