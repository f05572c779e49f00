/**
 * A training script known by the constants it opens with (issue 22, s6): what the script does that
 * no constant says — how it loads the base — is read from the script. The constants are set as
 * Python assignments (`MICRO_BATCH_SIZE = 4`, or fire's typed defaults `cutoff_len: int = 256`),
 * not as a YAML config's keys, and all of a row's keys are there.
 */
export interface ScriptConstants {
  script: string;
  /** Keys (as the table spells them) the script sets together. */
  keys: readonly string[];
  /** The request words what the script does implies. */
  says: string;
  note: string;
  source: string;
}

export const SCRIPT_CONSTANTS: readonly ScriptConstants[] = [
  {
    // tloen/alpaca-lora finetune.py (2023-03 → 2023-07) and its forks (Chinese-Vicuna's finetune.py):
    // MICRO_BATCH_SIZE, BATCH_SIZE, CUTOFF_LEN, LORA_R … then LlamaForCausalLM.from_pretrained(…,
    // load_in_8bit=True) and prepare_model_for_int8_training: LoRA on an 8-bit base.
    script: "alpaca-lora's finetune.py",
    keys: ['micro_batch_size', 'cutoff_len', 'lora_r'],
    says: 'int8',
    note: "MICRO_BATCH_SIZE, CUTOFF_LEN and LORA_R are alpaca-lora's finetune.py constants: that script loads the base in 8-bit (load_in_8bit=True), read as int8 (say the format if yours loads otherwise)",
    source: 'c387 (Facico/Chinese-Vicuna, finetune.py from tloen/alpaca-lora)',
  },
];

/**
 * Each row's keys as the assignments that set them, compiled once (issue 22: the patterns were built
 * again on every request). A key the text lacks is no assignment of it, so `includes` answers first.
 */
const ASSIGNMENTS = SCRIPT_CONSTANTS.map((row) => ({
  row,
  keys: row.keys.map((key) => ({ key, assigned: new RegExp(`^[ \\t]*${key}[ \\t]*(?::[ \\t]*[a-z]+[ \\t]*)?=(?!=)`, 'm') })),
}));

/** The script whose constants `src` (lower-case) assigns, all of them; null when none. */
export function scriptOf(src: string): ScriptConstants | null {
  return ASSIGNMENTS.find(({ keys }) => keys.every(({ key, assigned }) => src.includes(key) && assigned.test(src)))?.row ?? null;
}
