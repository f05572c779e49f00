import type { Item } from '../items.js';

/**
 * A TensorRT-LLM engine is built for one world size, tp × pp (the checkpoint's mapping), and runs
 * on exactly that many GPUs (`mpirun -n <tp × pp>`; TensorRT-LLM's examples/llama README). Two
 * counts beside it are not the run's:
 * - trtllm-build's `--gpus_per_node` is "a cluster spec and can be greater/smaller than world
 *   size" (trtllm-build --help): the GPUs each node has, not the GPUs the engine uses;
 * - the machine's cards said in prose ("I have 8 46GB GPUs") when the split is smaller: the card
 *   and its memory come from the prose, the count from the split, and a note says which was which.
 * `trtllm-build --checkpoint_dir ./tllm_checkpoint_2gpu_tp2 --gpus_per_node 8` beside "I have 8
 * 46GB GPUs" (NVIDIA/TensorRT-LLM#2688, c636) is an engine for 2 of the 8 cards.
 */
const TENSORRT_LLM = /\btrtllm-build\b|\btensorrt[-_ ]?llm\b|\btrt[-_]?llm\b/i;
const CLUSTER_SPEC = /gpus_per_node/i;

type Hardware = Extract<Item, { kind: 'hardware' }>;
type Parallel = Extract<Item, { kind: 'parallel' }>;

export function engineWorldSize(items: Item[], text: string, notes: string[]): Item[] {
  if (!TENSORRT_LLM.test(text)) return items;
  let out = items;
  const spec = out.find((i): i is Hardware => i.kind === 'hardware' && i.gpuId === null && i.capacityGiB === null && i.nodes === null && CLUSTER_SPEC.test(i.text));
  if (spec) {
    notes.push(`"${spec.text.trim()}" is TensorRT-LLM's cluster spec (the GPUs each node has), not the GPUs the engine runs on`);
    out = out.filter((i) => i !== spec);
  }
  const size = (dim: 'tp' | 'pp') => out.find((i): i is Parallel => i.kind === 'parallel' && i.dim === dim)?.value ?? 1;
  const split = size('tp') * size('pp');
  const machine = out.find((i): i is Hardware => i.kind === 'hardware' && i.nodes === null && i.count !== null && i.count > split && (i.gpuId !== null || i.capacityGiB !== null));
  if (split <= 1 || !machine || out.some((i) => i.kind === 'parallel' && i.dim === 'dp')) return out;
  notes.push(`${split} GPUs: a TensorRT-LLM engine built for ${size('pp') > 1 ? `tp ${size('tp')} × pp ${size('pp')}` : `tp ${split}`} runs on ${split} of the machine's ${machine.count} cards ("${machine.text.trim()}" is the machine)`);
  return out.map((i) => (i === machine ? { ...machine, count: split } : i));
}
