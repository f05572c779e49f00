import { IGNORE, say, unquote, type KeyContext, type KeyReading } from './values.js';

/**
 * DeepSpeed-Chat's `--lora_module_name` is a substring of module names, not a list of projections:
 * `convert_linear_layer_to_lora` puts LoRA on every `nn.Linear` whose full name contains it
 * (applications/DeepSpeed-Chat/dschat/utils/module/lora.py). A block path such as "decoder.layers."
 * is every linear layer of the blocks only where the model's own module names hold it: OPT's
 * `model.decoder.layers.N` (the examples' model) does, GPT-Neo's and CodeGen's `transformer.h.N` do not,
 * so there the flag matches nothing and names no target (deepspeedai/DeepSpeedExamples#522, c1899:
 * gpt-neo-1.3B with "decoder.layers."; c1327: codegen-16B-multi, whose maintainers' answer is the
 * module name). Each row: a family's name in a checkpoint id, and the module path of its first block
 * as its modeling file in transformers names it.
 */
const BLOCK_PATHS: readonly [RegExp, string][] = [
  [/\bopt-|facebook\/opt/, 'model.decoder.layers.0.'],
  [/gpt-?neox|pythia|dolly/, 'gpt_neox.layers.0.'],
  [/gpt-?neo|gpt-?j|codegen|gpt2|bloom|falcon|starcoder|santacoder|bigcode/, 'transformer.h.0.'],
  [/chatglm/, 'transformer.encoder.layers.0.'],
  [/\bmpt-/, 'transformer.blocks.0.'],
  [/llama|mistral|mixtral|qwen|baichuan|\byi-|gemma|phi-?\d|internlm|deepseek/, 'model.layers.0.'],
];

const MODEL_KEYS = ['model_name_or_path', 'actor_model_name_or_path', 'model', 'base_model'];

/** The first block's module path of the model the config names, where its family is known. */
function blockPathOf(ctx: KeyContext): { model: string; path: string } | null {
  for (const key of MODEL_KEYS) {
    const model = unquote(ctx.values?.get(key) ?? '').toLowerCase();
    if (!model) continue;
    const row = BLOCK_PATHS.find(([re]) => re.test(model));
    if (row) return { model, path: row[1] };
  }
  return null;
}

/**
 * A block path ("decoder.layers.", "transformer.h.", "layers."): all linear layers where the named
 * model's blocks hold it (or no model family is known: the examples' OPT); where they do not, LoRA
 * attaches to nothing, so no target is read and the note says why (the targets stay at their default).
 */
export function blockPathTargets(value: string, ctx: KeyContext): KeyReading {
  const part = unquote(value);
  const known = blockPathOf(ctx);
  if (!known || known.path.includes(part)) return say('lora all-linear');
  const name = known.model.split('/').pop();
  return {
    ignore: true,
    note: `--lora_module_name "${part}" matches no module of ${name} (its blocks are ${known.path.replace(/0\.$/, 'N')}): LoRA is put on no layer, so no target is read`,
  };
}
