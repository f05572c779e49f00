import { isFalse, isTrue, unquote, type Handler, type KeyContext, type KeyTable } from './values.js';

/**
 * An adapter's settings beside the switch that turns the adapter off. Trainers keep their LoRA keys in
 * every config and read them only when the adapter is on: AutoTrain's `use_peft=false` beside
 * `lora_r=16 lora_alpha=32 lora_dropout=0.05` (huggingface/autotrain-advanced#352, c2073: read as a LoRA
 * of rank 16, said nowhere, where the run is a full fine-tune), TRL's ModelConfig `use_peft: false`,
 * LMFlow's `--use_lora 0`, LLaMA-Factory's `finetuning_type: full` (its `lora_rank` unused), ms-swift's
 * `train_type: full`. The switch decides: the adapter keys are set aside, and the note says which switch.
 */

/** Each switch, and the values of it that leave the adapter off. */
const OFF_SWITCHES: readonly [key: string, off: (value: string) => boolean][] = [
  // TRL ModelConfig.use_peft; AutoTrain's --use-peft (autotrain/trainers/clm/params.py, default False).
  ['use_peft', isFalse],
  // LMFlow / Qwen-VL / parler-tts finetune scripts: --use_lora.
  ['use_lora', isFalse],
  // LLaMA-Factory hparams/finetuning_args.py: finetuning_type lora | freeze | full.
  ['finetuning_type', (v) => /^(?:full|freeze)$/.test(unquote(v))],
  // ms-swift 3.x --train_type and 2.x --sft_type: full trains every weight.
  ['train_type', (v) => unquote(v) === 'full'],
  ['sft_type', (v) => unquote(v) === 'full'],
  // Unsloth FastModel.from_pretrained(full_finetuning=True).
  ['full_finetuning', isTrue],
];

/** The switch of this config that turns the adapter off, as written (`use_peft=false`), or null. */
export function adapterOffSwitch(ctx: KeyContext): string | null {
  for (const [key, off] of OFF_SWITCHES) {
    const value = ctx.values?.get(key);
    // An empty value is a key written with none ("use_peft:"), no switch turned off.
    if (value !== undefined && unquote(value) !== '' && off(value)) return `${key}=${unquote(value)}`;
  }
  return null;
}

/** A handler that reads its key only while no switch of its config turns the adapter off. */
const unlessOff =
  (reads: Handler): Handler =>
  (v, ctx) => {
    const off = adapterOffSwitch(ctx);
    if (off === null) return reads(v, ctx);
    // One note for every key the switch sets aside (the notes are said once each); the keys' own words are listed as not used.
    return { ignore: true, note: `the adapter's settings are set aside: "${off}" turns the adapter off` };
  };

/** The LoRA-only keys of a table, each read only while its config leaves the adapter on. */
export function adapterKeysUnlessOff(table: KeyTable, keys: readonly string[]): KeyTable {
  const out: Record<string, KeyTable[string]> = { ...table };
  for (const key of keys) {
    const rule = table[key];
    if (rule) out[key] = { ...rule, reads: unlessOff(rule.reads) };
  }
  return out;
}
