import { blank } from './line-rewrite.js';

/**
 * A script's argument dataclass, as HfArgumentParser reads it (transformers hf_argparser.py; TRL's
 * examples/research_projects/stack_llama_2/scripts/sft_llama2.py `ScriptArguments`):
 * `gradient_checkpointing: Optional[bool] = field(default=False, metadata={"help": …})` runs with
 * its default unless the command line sets it, so the default is the setting the user shows
 * ("my hyper parameters are as follows", huggingface/trl, corpus c705). Written again as
 * `gradient_checkpointing = False` for the key tables; the type, the call and its help text go.
 * A default of None (or a default_factory) says nothing and is left as it was.
 */
export const DATACLASS_FIELD =
  /(?<![\w.])([a-z_]\w*)([ \t]*:[^=\n]*=[ \t]*(?:dataclasses\.)?field\([ \t]*default[ \t]*)(=[ \t]*(?:true|false|-?\d[\w.+-]*|"[^"\n]*"|'[^'\n]*'))([^\n]*)/gi;

export const DATACLASS_FIELD_RULE = {
  id: 'code.dataclass-default',
  example: 'gradient_checkpointing: Optional[bool] = field(default=False, metadata={"help": "Whether to use gradient checkpointing."})',
  source: 'huggingface/trl examples/research_projects/stack_llama_2/scripts/sft_llama2.py; transformers hf_argparser.py',
} as const;

/** The field as `name = default`, the rest of its line blank (offsets kept). */
export function fieldDefault(m: RegExpExecArray): string {
  return m[1]! + blank(m[2]!) + m[3]! + blank(m[4]!);
}
