import type { ProseRule } from '../types.js';

/**
 * Several methods listed as what a change adds or a repository holds are no run's method: "Add Llama 3b
 * sft/lora/qlora configs for Polaris" (oumi-ai/oumi#626, c2751: the "sft/lora/" was set aside as a path
 * and the run read as torchtune QLoRA). A list of two or more method words joined by "/" or commas,
 * followed by the files they name (configs, recipes, scripts, examples), is blanked to a fine-tune of
 * unstated method, said in the reply; a method said alone ("the lora config") is still read.
 */
const METHOD = String.raw`(?:sft|full|fft|lora|qlora|dora|dpo|orpo|kto|grpo|ppo|freeze|pretrain)`;
const METHOD_LIST = new RegExp(
  String.raw`(?<![\w/.-])${METHOD}(?:[ \t]*(?:\/|,|&)[ \t]*${METHOD}){1,5}(?=[ \t]+(?:fine-?tuning[ \t]+)?(?:configs?|configurations?|recipes?|scripts?|examples?|yamls?|runs?|jobs?)\b)`,
  'gi',
);

export const METHOD_LIST_RULES: readonly ProseRule[] = [
  {
    id: 'prose.method-list',
    pattern: METHOD_LIST,
    when: (t) => /lora|sft|full|dpo|ppo|grpo/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0]}": several methods listed (the configs or recipes of several runs), so none is read as your run's method: read as a fine-tune; say one of them (full, lora, qlora) to estimate it`);
      return 'finetune'.padEnd(m[0].length);
    },
    example: 'Add Llama 3b sft/lora/qlora configs for Polaris',
    source: 'oumi-ai/oumi#626',
  },
];
