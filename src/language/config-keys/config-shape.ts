import { unquote } from './values.js';
import { withArticle } from '../article.js';

/**
 * The program a pasted config is written for, known by keys only that program has (the brief of
 * issue 22, item 5: a config's keys are strong evidence of the framework that runs it, stronger than
 * a name in passing). LLaMA-Factory's YAML and CLI are the only ones that write `finetuning_type`
 * beside its `cutoff_len`, `lora_target`, `template`, `stage` or `dataset_dir`
 * (hiyouga/LLaMA-Factory v0.9.5 src/llamafactory/hparams/*.py); axolotl's are the only ones with
 * `sequence_len`, `sample_packing`, `lora_target_linear`, `lora_model_dir` or `pad_to_sequence_len`
 * (axolotl-ai-cloud/axolotl src/axolotl/utils/schemas/config.py). The framework changes the estimate
 * through its preset (LLaMA-Factory and axolotl turn gradient checkpointing on by default), so a
 * config that is one of theirs reads as that framework, with its words said once at the first of its
 * keys (as script-constants.ts says a script's), and a note naming the keys it rests on.
 *
 * A config that picks a trainer of its own (`stage: dpo`, axolotl's `rl: grpo`, `use_unsloth: true`)
 * is that trainer's run (its own key says so), and a message that names another program (ms-swift,
 * Unsloth, torchtune…) is read by that name: the shape then says nothing.
 */
export interface ConfigShape {
  framework: 'llama-factory' | 'axolotl' | 'torchtune' | 'litgpt' | 'tgi';
  /** The request words said at the first of its keys. */
  says: string;
  /** The keys of the shape present, in the order listed. */
  keys: readonly string[];
  note: string;
  /** Said even where the message names the program (a row's evenNamed): its own words do not stand for the shape's. */
  evenNamed: boolean;
}

interface ShapeRow {
  framework: ConfigShape['framework'];
  name: string;
  /** Keys only this program writes: one at least must be present. */
  own: readonly string[];
  /** Keys that, beside one of its own, complete the shape (two keys in all). */
  with: readonly string[];
  /** A key and the values under which the config picks another trainer (the shape then says nothing). */
  otherTrainer: (values: ReadonlyMap<string, string>) => boolean;
  /**
   * Read by its shape even where the message names the program: a name that stands only inside the
   * program's module paths (`_component_: torchtune.models…`, a `torchtune.utils._logging` logger) is
   * set aside as part of a longer name, so the keys are what says the program runs.
   */
  evenNamed?: true;
  /** Programs named only by a word another program shares (a script's file name), over which this row's own keys decide. */
  outranks?: readonly string[];
  /**
   * A serving engine's settings: any engine the message names by name (engines/index.ts ids) reads them
   * in its own namespace, so the shape says nothing there; and the note says "engine", not "preset".
   */
  engine?: { name: string };
  source: string;
}

const on = (v: string | undefined) => v !== undefined && /^(?:true|1|yes)$/i.test(unquote(v));

export const CONFIG_SHAPES: readonly ShapeRow[] = [
  {
    framework: 'llama-factory',
    name: "LLaMA-Factory's",
    own: ['finetuning_type'],
    // plot_loss and (before v0.5) checkpoint_dir and resume_lora_training are its own arguments too
    // (LLaMA-Efficient-Tuning src/llmtuner/hparams/finetuning_args.py and model_args.py, 2023; hiyouga/LlamaFactory#39, c2871).
    with: ['cutoff_len', 'lora_target', 'template', 'stage', 'dataset_dir', 'val_size', 'plot_loss', 'checkpoint_dir', 'resume_lora_training'],
    // stage rm/ppo/dpo/kto name their trainer (read by the shared tables); use_unsloth runs Unsloth's.
    otherTrainer: (values) => (values.has('stage') && !/^(?:sft|pt)$/.test(unquote(values.get('stage')!))) || on(values.get('use_unsloth')),
    // OpenRLHF is named by its scripts' file names (train_sft.py, train_dpo.py), which LLaMA-Efficient-Tuning's scripts
    // share; it has no finetuning_type, so the key says whose script it is.
    outranks: ['openrlhf'],
    source: 'hiyouga/LlamaFactory#6187, #5070, #7197, #7568 (corpus c794, c818, c1154, c1208)',
  },
  {
    framework: 'axolotl',
    name: "axolotl's",
    // `strict:` (axolotl's "allow overwrite of the yml config from the CLI") heads its examples after
    // the model keys, so a config pasted cut after its first lines still has it beside base_model:
    // axolotl-ai-cloud/axolotl#1641 (corpus c1238, cut at `strict: false`), #1448, #1563 (c1380).
    own: ['sequence_len', 'sample_packing', 'lora_target_linear', 'lora_model_dir', 'pad_to_sequence_len', 'strict'],
    with: ['adapter', 'base_model', 'micro_batch_size', 'sequence_len', 'sample_packing', 'lora_target_linear', 'lora_model_dir', 'pad_to_sequence_len', 'strict'],
    // `rl:` names the trainer (axolotl.ts rlType).
    otherTrainer: (values) => values.has('rl'),
    source: 'axolotl-ai-cloud/axolotl#2217, #814, #2412, #1641, #1448 (corpus c1107, c398, c013, c1238)',
  },
  {
    framework: 'torchtune',
    name: "torchtune's",
    // The keys torchtune's recipes read and no other trainer writes (recipes/lora_finetune_distributed.py,
    // full_finetune_single_device.py; the LoRA model builders' lora_attn_modules / apply_lora_to_mlp) and
    // its `_component_` builders. Its preset matters: pure bf16 (`dtype: bf16` has no fp32 master
    // weights), FSDP2 over several GPUs, chunked cross-entropy (scenario/presets.ts).
    own: ['_component_', 'lora_attn_modules', 'apply_lora_to_mlp', 'apply_lora_to_output', 'enable_activation_checkpointing', 'enable_activation_offloading', 'fsdp_cpu_offload', 'optimizer_in_bwd', 'log_peak_memory_stats', 'max_steps_per_epoch'],
    with: ['_component_', 'lora_attn_modules', 'apply_lora_to_mlp', 'apply_lora_to_output', 'enable_activation_checkpointing', 'enable_activation_offloading', 'fsdp_cpu_offload', 'optimizer_in_bwd', 'log_peak_memory_stats', 'max_steps_per_epoch', 'batch_size', 'dtype', 'epochs', 'checkpointer', 'checkpoint_dir', 'tokenizer', 'max_seq_len', 'lora_rank', 'lora_alpha', 'gradient_accumulation_steps', 'compile', 'packed', 'metric_logger'],
    otherTrainer: () => false,
    evenNamed: true,
    source: 'meta-pytorch/torchtune v0.6.0 recipes/*.py; meta-pytorch/torchtune#2620, #1932 (corpus c1870, c1245)',
  },
  {
    framework: 'litgpt',
    name: "LitGPT's",
    // The hyperparameters LitGPT's finetune scripts print before training (litgpt/finetune/lora.py, full.py
    // `setup(...)`: checkpoint_dir, out_dir, precision, quantize, devices, the lora_* switches per layer, then
    // TrainArgs / EvalArgs) and its YAML configs (config_hub/finetune/*/lora.yaml) write. Its per-layer LoRA
    // switches (lora_query, lora_value, lora_mlp, lora_head …) are its own; `checkpoint_dir` beside its
    // `precision` / `quantize` / `devices` / `out_dir` is too (torchtune's checkpoint_dir sits beside its
    // _component_ builders, read by its own row above). The preset matters: LoRA unless quantize, no
    // checkpointing, chunked cross-entropy (scenario/presets.ts). A dump pasted in a QLoRA thread had read as
    // PEFT's k-bit recipe (Lightning-AI/litgpt#1112, corpus c2283).
    own: ['lora_query', 'lora_key', 'lora_value', 'lora_projection', 'lora_mlp', 'lora_head', 'checkpoint_dir'],
    with: ['lora_query', 'lora_key', 'lora_value', 'lora_projection', 'lora_mlp', 'lora_head', 'checkpoint_dir', 'precision', 'quantize', 'devices', 'out_dir'],
    otherTrainer: () => false,
    source: 'Lightning-AI/litgpt litgpt/finetune/lora.py setup(); Lightning-AI/litgpt#1112, #275 (corpus c2283, c2303)',
  },
  {
    framework: 'tgi',
    name: "TGI's",
    // Text Generation Inference's launcher settings, as flags (`--num-shard 2`) or as its environment variables
    // (`NUM_SHARD=2`, clap's `env`), and those SageMaker's Hugging Face LLM container turns into them
    // (`SM_NUM_GPUS` → --num-shard, `HF_MODEL_ID` → --model-id, `HF_MODEL_QUANTIZE` → --quantize:
    // huggingface/text-generation-inference sagemaker-entrypoint.sh). No other engine the reader knows
    // takes them: vLLM's prefill budget is max_num_batched_tokens, SGLang's --max-prefill-tokens, and
    // DJL's LMI container on SageMaker says OPTION_TENSOR_PARALLEL_DEGREE. A SageMaker deploy dict
    // ("'SM_NUM_GPUS': json.dumps(number_of_gpu), 'MAX_INPUT_LENGTH': …, 'MAX_TOTAL_TOKENS': …",
    // huggingface/text-generation-inference#792, corpus c2610; philschmid/llm-sagemaker-sample#29, c2608)
    // had read as vLLM, the default for "deploy", with the instance's eight cards as the shards.
    // ChatGLM's finetune demo writes max_input_length beside max_output_length: that is its own config.
    own: ['sm_num_gpus', 'num_shard', 'max_batch_prefill_tokens', 'max_batch_total_tokens', 'hf_model_quantize', 'max_input_tokens', 'max_input_length', 'cuda_memory_fraction', 'max_best_of', 'max_stop_sequences', 'waiting_served_ratio', 'max_waiting_tokens'],
    with: ['sm_num_gpus', 'num_shard', 'max_batch_prefill_tokens', 'max_batch_total_tokens', 'hf_model_quantize', 'max_input_tokens', 'max_input_length', 'cuda_memory_fraction', 'max_total_tokens', 'hf_model_id', 'model_id', 'quantize', 'max_concurrent_requests', 'max_batch_size', 'sharded'],
    otherTrainer: (values) => values.has('max_output_length'),
    engine: { name: 'TGI' },
    source: 'huggingface/text-generation-inference launcher/src/main.rs struct Args, sagemaker-entrypoint.sh; #792 (corpus c2610), philschmid/llm-sagemaker-sample#29 (c2608)',
  },
];

/** Programs whose names in the message say which one runs the config, over its shape (frameworks/index.ts ids). */
const NAMES_ANOTHER = new Set(['ms-swift', 'unsloth', 'torchtune', 'xtuner', 'openrlhf', 'verl', 'deepspeed-chat']);

/**
 * The program whose config the keys present are, or null. `named` holds the ids of the frameworks
 * the message names (frameworks/index.ts namedFrameworks); a name of the same program needs no shape.
 */
export function configShape(present: ReadonlySet<string>, values: ReadonlyMap<string, string>, named: readonly string[], enginesNamed: readonly string[] = []): ConfigShape | null {
  for (const row of CONFIG_SHAPES) {
    if (row.engine && enginesNamed.length > 0) continue;
    if (named.some((id) => id !== row.framework && NAMES_ANOTHER.has(id) && !row.outranks?.includes(id))) continue;
    if (named.includes(row.framework) && !row.evenNamed) continue;
    const own = row.own.filter((k) => present.has(k));
    if (own.length === 0) continue;
    const keys = [...new Set([...own, ...row.with.filter((k) => present.has(k))])];
    if (keys.length < 2 || row.otherTrainer(values)) continue;
    const listed = keys.slice(0, 3).join(', ');
    return {
      framework: row.framework,
      says: row.framework,
      keys,
      evenNamed: row.evenNamed === true,
      note: row.engine
        ? `${listed} are settings only ${row.engine.name} takes: read as served by ${row.engine.name} (say "vllm" or the engine you run if another reads them)`
        : `the config's keys (${listed}) are ${row.name}: read as ${withArticle(row.framework)} run with its preset (say "hf" if another program reads this config)`,
    };
  }
  return null;
}
