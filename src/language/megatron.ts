import type { MappedText } from './mapped-text.js';

/**
 * Megatron-LM runs as people paste them (NVIDIA/Megatron-LM#606, #1571): a launch script's
 * variables (`TP=1`, `PP=1`, `NUM_LAYERS=32`, `HIDDEN_SIZE=4096`, `MICRO_BATCH_SIZE=1`,
 * `GLOBAL_BATCH_SIZE=8`), its entry points (pretrain_gpt.py …) and flags only Megatron takes
 * (megatron/training/arguments.py; NeMo, built on Megatron Core, shares the names). Any of them
 * means the run is Megatron's, with its own precision recipe, optimizer and sharding.
 */

/** Megatron-LM's entry points (the repository root: pretrain_gpt.py, pretrain_bert.py, pretrain_t5.py, pretrain_mamba.py …). */
const ENTRY_POINT = /(?<![\w.-])(?:[\w.-]+\/)*pretrain_(?:gpt|bert|t5|mamba|retro|vlm|ict|llama\w*|qwen\w*|mcore\w*)\.py(?![\w.])/g;

/**
 * Flags only Megatron-LM takes (megatron/training/arguments.py). Not ffn_hidden_size: ChatGLM's
 * config.json has it too.
 */
/** Megatron named in words: Megatron-LM, Megatron-DeepSpeed, Megatron-Core ("I am using Megatron-DeepSpeed to train a 1.7B model",
 *  deepspeedai/DeepSpeed#4385, c2982); not Megatron-Bridge or Energon, which wrap it with recipes of their own. */
export const MEGATRON_NAMED = /\bmegatron(?:[-_ ]?(?:lm|deepspeed|core))?\b(?![-_](?:bridge|energon))/i;
export const MEGATRON_ONLY = ['tensor_model_parallel_size', 'pipeline_model_parallel_size', 'use_distributed_optimizer', 'num_query_groups', 'use_mcore_models', 'transformer_impl'];
/** A model's shape defined in the launch script itself: Megatron builds the model from these. */
const SHAPE = ['num_layers', 'hidden_size'];
const HEADS = ['num_attention_heads', 'num_heads', 'num_head'];
/** What a Megatron script sets beside the shape: its parallel sizes, its two batch sizes. */
const LAUNCH = ['tp', 'pp', 'tp_size', 'pp_size', 'global_batch_size', 'gpus_per_node'];
/**
 * A serving engine's build keys: TensorRT-LLM writes the model's shape (num_layers, hidden_size, num_heads)
 * and its tensor_parallel into the engine's config.json beside its builder_config (max_input_len,
 * max_output_len, max_num_tokens: NVIDIA/TensorRT-LLM#1532's build_config), so that shape is a built
 * engine's, not a Megatron launch script's ("llama2 70b(TP=2)" with such a config, NVIDIA/TensorRT-LLM c835,
 * had been a Megatron pre-training run and refused against its max_input_len).
 */
const ENGINE_BUILD = /\b(?:builder_config|build_config|plugin_config|max_input_len|max_output_len|max_num_tokens|max_beam_width)\b/;
/** The keys whose reading carries the run's words when no entry point does ("megatron pretrain tp 8"). */
export const MEGATRON_ANCHORS: ReadonlySet<string> = new Set([...MEGATRON_ONLY, ...SHAPE, ...HEADS, ...LAUNCH, 'micro_batch_size', 'seq_length', 'num_kv_heads', 'ffn_hidden_size']);

/**
 * Words that say the run fine-tunes or serves a model: without them a Megatron launch script is
 * pre-training, what its entry points (pretrain_*.py) and its README's tables do.
 */
const NOT_PRETRAINING = /fine[- _]?tun|finetun|\bsft\b|q?lora\b|\bpeft\b|instruct(?:ion)?[- ]tun|continu\w* (?:pre-?)?train|\binference\b|\bserv(?:e|ing)\b|\bgenerat|--finetune|\bpretrain/;

/** Megatron's entry points in a text, each read as the word "megatron" in its place. */
export function readEntryPoints(text: MappedText): { text: MappedText; found: boolean } {
  let found = false;
  if (!text.text.includes('pretrain_')) return { text, found };
  const out = text.replace(ENTRY_POINT, () => {
    found = true;
    return ' megatron ';
  }, 'command.megatron-entry-point');
  return { text: out, found };
}

export interface MegatronRun {
  /** The words to say once for the run: "megatron", and "pretrain" when nothing says it fine-tunes or serves. */
  words: string;
  note: string;
}

/**
 * Whether a text is a Megatron run: an entry point (already read by readEntryPoints), a flag only
 * Megatron takes, or a launch script that defines the model's shape beside its parallel sizes or
 * batch sizes. `present`: the config keys the text sets; `text`: the text as read so far.
 */
export function megatronRun(present: ReadonlySet<string>, text: string, entryPoint: boolean): MegatronRun | null {
  const has = (k: string) => present.has(k);
  const byFlags = MEGATRON_ONLY.some(has);
  const byScript = SHAPE.every(has) && HEADS.some(has) && LAUNCH.some(has) && !ENGINE_BUILD.test(text);
  if (!byFlags && !byScript && !entryPoint) return null;
  // Flags alone say whose run it is, not what it does; a script that builds the model from its own
  // shape, or a pretrain_*.py entry point, pre-trains unless words say otherwise.
  const pretraining = (byScript || entryPoint) && !NOT_PRETRAINING.test(text);
  const why = entryPoint ? 'its entry point' : byFlags ? 'flags only Megatron-LM takes' : "a launch script that defines the model's shape beside its parallel or batch sizes";
  return {
    words: pretraining ? 'megatron pretrain' : 'megatron',
    note: `read as a Megatron-LM run: ${why}${pretraining ? '; pre-training, as its pretrain_*.py scripts do, since nothing says it fine-tunes (say "finetune" if it does)' : ''}`,
  };
}
