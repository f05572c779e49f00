import type { ProseRule } from '../types.js';

/**
 * A training script's argument groups are titled by what they configure, whether or not the run uses it:
 * HfArgumentParser scripts keep ModelArguments, DataArguments, TrainingArguments and LoraArguments side by
 * side (Qwen's finetune.py, open-r1's grpo configs), and a config copied from one keeps the group's
 * heading comment after its keys are deleted. RL Swarm's GRPO config "# Lora Arguments / # No LoRA is used
 * here" (gensyn-ai/rl-swarm#25, c2079) was read as a LoRA of rank 8, said nowhere, where the run is a full
 * GRPO. A heading that names an adapter's group ("# LoRA arguments", "## PEFT config", "### qlora
 * settings") with no setting under it (the next line written is a comment, another heading, or the end)
 * names no method: the heading's method word is set aside. A group with its keys under it is read by the
 * keys, as before.
 */
export const ARGUMENT_GROUP_RULES: readonly ProseRule[] = [
  {
    id: 'prose.empty-adapter-group',
    pattern: /^([ \t]*#{1,6}[ \t]*)(q?lora|peft|dora|adapters?)(?=[ \t_-]*(?:arguments|args|hyper-?parameters|parameters|params|config(?:uration)?|settings|options)[ \t]*:?[ \t]*(?:\n[ \t]*)*(?:#|(?![\s\S])))/gm,
    when: (t) => t.includes('#'),
    write: (m) => m[1]! + ' '.repeat(m[2]!.length),
    example: '# Lora Arguments\n# No LoRA is used here\n\n# Training arguments\nper_device_train_batch_size: 1',
    source: 'gensyn-ai/rl-swarm#25',
  },
];
