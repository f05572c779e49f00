/**
 * How many processes an inference run starts, where the message's command or script says so — the cue that
 * decides between a layer split and a tensor split when no degree is written (docs/reading.md, "The parallel and
 * sharding slots' evidence"; issue 22, fortieth session, rpar1).
 *
 * One process walking every GPU is Hugging Face's device_map layer split (accelerate's big-model inference).
 * One process per GPU is model parallel over the tensors: the reference inference code people launch that way
 * builds its model-parallel group from WORLD_SIZE — Meta's llama (`Llama.build`: `initialize_model_parallel(
 * model_parallel_size)` with model_parallel_size = WORLD_SIZE, llama/generation.py; README: "torchrun
 * --nproc_per_node MP example_chat_completion.py", MP 8 for 70B), lit-llama's generate.py under torchrun
 * (column-wise model parallel, c3102), DeepSeek-V3's generate.py (`torchrun --nproc-per-node 8 generate.py`,
 * inference/generate.py `world_size`). A launcher with one process (`--nproc_per_node 1`) keeps the layer split.
 */

export interface ProcessRule {
  readonly id: string;
  /** Tested on the whole message; linear: one literal anchor, then one bounded run over a single line. */
  readonly pattern: RegExp;
  readonly example: string;
  readonly source: string;
  /** The process count the match states, or null where it states none (the GPU count read is used). */
  readonly count: (m: RegExpExecArray) => number | null;
}

/**
 * The scripts whose processes share one model: the reference generation code above. An evaluation harness or any other
 * script under torchrun (VLMEvalKit's `torchrun --nproc-per-node=4 run.py`, c2334) runs one whole model per process,
 * replicas, so the launcher alone is no cue for the tensor split.
 */
const MODEL_PARALLEL_SCRIPT = /\b(?:generate|example_(?:chat|text)_completion)\.py\b/i;

/** The command a match starts: up to its first line end that no `\` continues (at most 2,000 characters). */
function commandFrom(text: string, at: number): string {
  const rest = text.slice(at, at + 2000);
  const end = rest.search(/(?<!\\)\r?\n/);
  return end < 0 ? rest : rest.slice(0, end);
}

export const PROCESS_PER_GPU_RULES: readonly ProcessRule[] = [
  {
    id: 'split.process-per-gpu.torchrun',
    // torchrun / python -m torch.distributed.run|launch, its --nproc_per_node (any spelling) on the same command,
    // continuation lines (`\` at a line's end) included.
    pattern: /\b(?:torchrun|torch\.distributed\.(?:run|launch))\b(?:[^\n`\\]|\\\r?\n|\\)*?--nproc[_-]per[_-]node(?:\s*=\s*|\s+)(\d+)/i,
    example: 'torchrun --standalone --nproc_per_node=8 generate.py --prompt "Hello, my name is"',
    source: 'Lightning-AI/lit-llama (c3102); pytorch torch/distributed/run.py --nproc-per-node; only before a reference generation script (MODEL_PARALLEL_SCRIPT)',
    count: (m) => Number(m[1]),
  },
  {
    id: 'split.process-per-gpu.meta-llama-example',
    // Meta's reference scripts are started with one process per model-parallel shard (their README).
    pattern: /\bexample_(?:chat|text)_completion\.py\b/i,
    example: 'python example_chat_completion.py',
    source: 'meta-llama/llama README and llama/generation.py Llama.build (c408)',
    count: () => null,
  },
];

export interface ProcessesStarted {
  readonly rule: ProcessRule;
  readonly words: string;
  readonly count: number | null;
}

/** The first rule whose words the message has, with the count it states. A count of 1 is one process: none. */
export function processPerGpu(text: string): ProcessesStarted | null {
  for (const rule of PROCESS_PER_GPU_RULES) {
    const m = rule.pattern.exec(text);
    if (!m || !MODEL_PARALLEL_SCRIPT.test(commandFrom(text, m.index))) continue;
    const count = rule.count(m);
    if (count !== null && count <= 1) return null;
    const words = m[0].replace(/\\\r?\n/g, ' ').replace(/\s+/g, ' ').trim();
    return { rule, words: words.length > 60 ? `${words.slice(0, 28)} … ${words.slice(-28)}` : words, count };
  }
  return null;
}

/** The reply's words for the default tensor split this cue set. */
export function processPerGpuAssumption(started: ProcessesStarted, n: number): string {
  return `one model split over the ${n} GPUs by tensors, one process per GPU ("${started.words}": the reference code's model parallel over its processes; say pp ${n} for a device_map layer split in one process, or tp 1 for a full copy per GPU)`;
}
