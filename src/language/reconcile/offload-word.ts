import type { Item } from '../items.js';

/**
 * A bare offload word ("offload", "offloading", "I use offload") names no thing offloaded; the
 * vocabulary reads it as ZeRO-Offload of the optimizer, what the word means beside a DeepSpeed stage.
 * Two kinds of message give it another meaning, and there the optimizer offload is not read:
 *
 * - The message's own command or config offloads something else: DeepSpeed-Chat's
 *   `--offload_reference_model` (the frozen reference model kept in CPU memory,
 *   deepspeedai/DeepSpeedExamples applications/DeepSpeed-Chat main.py), ms-swift's `--offload_model`
 *   and `--offload_teacher_model` (models moved to the CPU between rollout phases, swift/llm/argument
 *   rlhf_args.py), activation offloading (torchtune's `enable_activation_offloading`, TRL's
 *   `activation_offloading`, verl's `enable_activation_offload`, Megatron's `cpu_offloading`
 *   activations). "I use offload、gradient_checkpointing and zero_stage 3" over a command whose
 *   only offload is `--offload_reference_model` (deepspeedai/DeepSpeedExamples#368, c442) says that flag.
 * - A torchtune run, where "offloading" is one of three things its memory guide lists (torchtune
 *   docs/source/tutorials/memory_optimizations.rst): activation offloading, the optimizer's CPU offload
 *   (torchao's CPUOffloadOptimizer) or `fsdp_cpu_offload` (parameters, gradients and optimizer states
 *   together). "Every memory reducing parameters was set to True: torch compile, offloading..."
 *   (meta-pytorch/torchtune#2071, c423) does not say which.
 *
 * - A run that only runs the model (inference or serving said, no training word, no optimizer, no
 *   ZeRO stage or FSDP): there is no optimizer to offload, and the word is the runner's (layers or
 *   weights kept in host memory). "Zero layers are offloaded … GPU offloading does not appear to work"
 *   over a LocalAI llama.cpp config (mudler/LocalAI#829, corpus c461) had read as ZeRO-2 with the
 *   optimizer offloaded.
 *
 * The word is set aside with a note that names the reading it was not given and how to say one; an
 * offload that names its object ("offload optimizer", "param offload", `offload_optimizer: cpu`) or a
 * key that offloads the optimizer or the parameters is read as before.
 */
export const BARE_OFFLOAD_RULE = {
  id: 'reconcile.bare-offload-word',
  example: 'I use offload、gradient_checkpointing and zero_stage 3 … --offload_reference_model',
  source: 'deepspeedai/DeepSpeedExamples#368; meta-pytorch/torchtune#2071',
} as const;

/** The word alone: no object, no place (a "cpu offload" or "nvme offload" says more and is left to the vocabulary). */
const BARE = /^(?:开启?|打开|使用|用了?)?\s*offload(?:ing|ed|s)?$/i;
/**
 * In a run that only runs the model, an offload to the CPU that names no training state ("cpu offload",
 * "CPU offloading", "offload to cpu", "layer offload") is the runner's too: a device_map over GPU and CPU,
 * llama.cpp's layers in RAM. "Add cpu offload for Qwen/Qwen2-VL-72B-Instruct-AWQ … I want to run [it] on my
 * local computer … 2xrtx 3090" (matatonic/openedai-vision#24, c1885) had read as a LoRA fine-tune of the AWQ
 * checkpoint with ZeRO-2 optimizer offload. Beside a training word the vocabulary's reading stands.
 */
const RUNNER_OFFLOAD = /^(?:(?:cpu|ram|host|layer(?:[- ]by[- ]layer|[- ]wise)?|weights?|model)[\s-]+)?offload(?:s|ed|ing)?(?:\s+(?:to|on|onto|into)\s+(?:the\s+)?(?:cpu|ram))?$/i;

/** Keys and flags that offload something other than the optimizer states or the trained parameters. */
const OTHER_OFFLOAD = /\b(?:offload_reference_model|ref(?:erence)?_model_offload|offload_ref_model|offload_model|offload_teacher_model|enable_activation_offload(?:ing)?|activation_offloading|activation_cpu_offload|cpu_offloading_activations)\b/i;
const OTHER_OFFLOAD_WHAT: readonly [RegExp, string][] = [
  [/ref(?:erence)?_model|offload_ref_model/i, 'the reference model kept in CPU memory'],
  [/teacher/i, 'the teacher model moved to the CPU'],
  [/offload_model/i, 'the model moved to the CPU between rollout phases'],
  [/activation/i, 'activations offloaded to the CPU'],
];

/** Keys that do offload the optimizer or the parameters: the bare word then restates them. */
const OPTIMIZER_OR_PARAM_KEY = /\b(?:offload_optimizer|offload_param|offload_params|fsdp_cpu_offload|fsdp_offload_params|optimizer_cpu_offload|cpu_offload|adam_offload|param_offload|optimizer_offload|cpuoffloadoptimizer)\b/i;

type Offload = Extract<Item, { kind: 'offload' }>;

/** Programs that also run a model: their name says no training. */
const RUNNERS: ReadonlySet<string> = new Set(['hf', 'llamacpp', 'tgi', 'exllamav2']);
/**
 * Words of training: a method, an optimizer, a sharding of its states, a training program or RL
 * algorithm ("请问在RLHF过程中…使用offload了吗" beside PPO, OpenLMLab/MOSS-RLHF#32, c899: its
 * "加载完模型" (after loading the models) is no inference run).
 */
const TRAINS = (i: Item): boolean =>
  i.kind === 'lora' || i.kind === 'optimizer' || i.kind === 'sharding' || (i.kind === 'mode' && ['full', 'pretrain', 'train'].includes(i.value)) || (i.kind === 'framework' && !RUNNERS.has(i.value));
/** Words that run or serve the model. */
const RUNS = (i: Item): boolean => i.kind === 'serve' || (i.kind === 'mode' && (i.value === 'inference' || i.value === 'run'));

export function bareOffloadWords(items: Item[], text: string, notes: string[]): Item[] {
  if (!text || !/offload/i.test(text)) return items;
  const runsOnly = !items.some(TRAINS) && items.some(RUNS);
  const word = runsOnly && !OTHER_OFFLOAD.test(text) ? RUNNER_OFFLOAD : BARE;
  const bare = items.filter((i): i is Offload => i.kind === 'offload' && i.value === 'optimizer-cpu' && word.test(i.text.trim()));
  if (bare.length === 0 || OPTIMIZER_OR_PARAM_KEY.test(text)) return items;
  const other = OTHER_OFFLOAD.exec(text);
  const torchtune = items.some((i) => i.kind === 'framework' && i.value === 'torchtune');
  if (!other && !torchtune && !runsOnly) return items;
  const words = `"${bare[0]!.text.trim()}"`;
  if (runsOnly && !other) {
    // The resolver's words for the same reading (scenario/resolve-training.ts inferenceLayerOffload), which this pre-empts.
    notes.push(`${words} with the model run, not trained: no optimizer to offload; layers kept in host RAM (device_map / CPU offload) are not counted — say "train" if it trains`);
  } else if (other) {
    const what = OTHER_OFFLOAD_WHAT.find(([re]) => re.test(other[0]))?.[1] ?? 'another offload';
    notes.push(`${words} read as the message's ${other[0]} (${what}), not an optimizer offload; say "offload optimizer" if the optimizer states are offloaded too`);
  } else {
    notes.push(`${words} in a torchtune run may be activation offloading, the optimizer's CPU offload or fsdp_cpu_offload, so no offload is read; say "offloaded activations", "offload optimizer" or "offload params" for yours`);
  }
  return items.filter((i) => !bare.includes(i as Offload));
}
