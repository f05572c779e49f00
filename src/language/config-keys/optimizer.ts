import { flag } from './readers.js';
import { IGNORE, say, unquote, type Handler, type KeyTable } from './values.js';

/** The optimizer, and torchtune's `_component_` builders. */

/** HF `optim` / axolotl `optimizer` / torchtune `optimizer._component_` values. */
export const OPTIMIZERS: [RegExp, string][] = [
  [/paged.*adamw?.*8/, 'paged adamw 8bit'],
  [/paged.*adamw?/, 'paged adamw'],
  [/adamw?.*8.?bit|adamw?8bit|bnb.*adam/, 'adamw 8bit'],
  [/adamw.*fused|fused.*adam/, 'fused adamw'],
  [/adamw/, 'adamw'],
  [/adafactor/, 'adafactor'],
  [/lion/, 'lion'],
  [/sgd/, 'sgd'],
  // LOMO: fused plain SGD (OpenLMLab/LOMO); AdaLomo, its adaptive sibling, is not this.
  [/^lomo$/, 'sgd'],
  [/^adam$|torch\.optim\.adam$/, 'adam'],
];
export const optimizer: Handler = (v) => {
  const value = unquote(v);
  for (const [re, phrase] of OPTIMIZERS) if (re.test(value)) return say(phrase);
  return IGNORE;
};

/**
 * torchtune's `_component_` names what builds each block (recipes/configs/<recipe>.yaml): under `model` a
 * model builder, `qlora_llama3_1_8b`, `lora_llama2_7b`, `llama3_8b` (torchtune/models/<family>/_model_builders.py);
 * under `optimizer` the optimizer class; under `loss` the loss (CEWithChunkedOutputLoss is chunked).
 */
const BUILDER = /(?:^|\.)(q?lora_)?(llama3_[123]|llama3|llama2|code_llama2|mistral|gemma2?|qwen2_5|qwen2|qwen3|phi3|phi4)_(\d+(?:_\d+)?x?\d*b)(?:_[a-z]+)*$/;
export const component: Handler = (v, ctx) => {
  const value = unquote(v);
  if (ctx.parent === 'optimizer') return optimizer(v, ctx);
  if (ctx.parent === 'loss') return /chunked/.test(value) ? say('chunked ce') : IGNORE;
  if (ctx.parent !== 'model') return IGNORE;
  const b = BUILDER.exec(value);
  if (!b) return IGNORE;
  const family = b[2]!.replace(/_(\d)$/, '.$1').replace(/^(llama|qwen|gemma|phi)(\d)/, '$1-$2').replace(/_/g, '.');
  const model = `${family}-${b[3]!.replace(/_/g, '.')}`;
  return say(`${b[1] === 'qlora_' ? 'qlora ' : b[1] === 'lora_' ? 'lora ' : ''}${model}`);
};

/** Each key: what its value says in request words, and the source where one is cited. */
export const OPTIMIZER_KEYS: KeyTable = {
  optim: { reads: optimizer },
  // TrainingArguments.adafactor (deprecated): True replaces AdamW by Adafactor.
  adafactor: { reads: flag('adafactor') },
  optimizer: { reads: optimizer },
  _component_: { reads: component },
  // Read with lora_attn_modules (targets); the output head's adapter is not modelled.
  apply_lora_to_mlp: { reads: () => IGNORE },
  // torchtune's `loss:` block; "loss: nan" in prose stays for the help topic.
  loss: { reads: (v) => (/nan|inf/.test(unquote(v)) ? null : IGNORE) },
  apply_lora_to_output: { reads: () => IGNORE },
  // nanotron's optimizer_factory (src/nanotron/config/config.py): torch's fused AdamW kernel.
  torch_adam_is_fused: { reads: flag('fused adamw'), source: 'huggingface/nanotron#161, src/nanotron/config/config.py' },
};
