import type { ProseRule } from '../types.js';

/**
 * An RL trainer's group of rollouts per prompt said in words rather than as its key (TRL's `num_generations`):
 * "num of generation = 8, per_device_train_batch_size = 1, accumulation_steps = 16" (corpus c2371, a GRPO run
 * read as inference: "generation" had been a word of running the model), "number of generations 16 per prompt",
 * "generation num 8", "8 generations per prompt", "生成数量 8". A trainer's own setting names its run (DESIGN §2:
 * a training-only setting means training), as the key does: written as `num_generations=N` over the words, so
 * the key table reads it (TRL's GRPOTrainer, said weak as the key is).
 */
const COUNT = String.raw`(\d{1,3})`;
const IS = String.raw`\s*(?:=|:|is|of|set\s+to|设为|为|是)?\s*`;

export const ROLLOUT_GROUP_WORD_RULES: readonly ProseRule[] = [
  {
    id: 'prose.rollout-group-in-words',
    pattern: new RegExp(
      String.raw`\b(?:num(?:ber)?\.?\s+of\s+generations?|generations?\s+num(?:ber)?|num\s+generations?)${IS}${COUNT}(?![\d.])(?:\s+(?:per|for\s+each|each)\s+(?:prompt|question|sample|query))?` +
        String.raw`|(?<![\w.])${COUNT}\s+(?:generations|completions|rollouts|samples|responses)\s+(?:per|for\s+each|each)\s+(?:prompt|question|query)\b` +
        String.raw`|(?:生成数量|生成数|采样数)${IS}${COUNT}(?!\d)`,
      'gi',
    ),
    when: (t) => /generation|completions|rollouts|samples|responses|生成数|采样数/.test(t),
    write: (m) => ` num_generations=${m[1] ?? m[2] ?? m[3]} `,
    example: 'For the experiments, I use bfloat16, num of generation = 8, per_device_train_batch_size = 1, accumulation_steps = 16, and I use zero2.yaml.',
    source: 'huggingface/open-r1#383',
  },
];
