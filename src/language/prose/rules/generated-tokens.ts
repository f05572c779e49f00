import type { ProseRule } from '../types.js';
import { kMultiple } from '../../numbers.js';

/**
 * A count of tokens said as generated, before its noun: "512 generated tokens", "2000 new tokens", "1024 output
 * tokens", "10,320 tokens generated", "生成了8000个token". The noun says what the number counts (issue 22, item 2:
 * a unit is a cue), and it is the generation, never the sequence: "exceeded after ~10.3k generated tokens"
 * (Blaizzy/mlx-vlm#1972, c1668) had been read as a 10,547-token sequence, which then cut the command's own
 * `--max-tokens 70960` to fit it; alone, "… after 2000 new tokens" was refused as a number with no unit.
 * Written as the item language's "gen N" (the keyword before the number, as "generated tokens 512" already read).
 * A training message's answer tokens belong to its samples (lengths.ts TRAINS; an RL run's completion length is its
 * own item), so there the words are left as they are.
 */
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k)?`;
const TRAINS = /\b(?:train\w*|fine-?tun\w*|finetun\w*|sft|q?lora|dpo|grpo|ppo|pretrain\w*)\b|微调|训练/i;

/** An option that sets how many tokens are generated (vLLM, OpenAI, HF generate, llama.cpp, MLX, TGI, TensorRT-LLM). */
const GENERATION_OPTION = /(?:--|\b)(?:gen(?=\s)|max[_-]new[_-]tokens|max[_-]tokens|max[_-]gen[_-]len|max[_-]output[_-]len|n[_-]predict)\b\s*[=:]?\s*\d/;

function count(digits: string, k: string | undefined): number {
  const n = Number(digits.replace(/,/g, ''));
  return Math.round(k ? n * kMultiple(n) : n);
}

export const GENERATED_TOKEN_RULES: readonly ProseRule[] = [
  {
    id: 'prose.generated-token-count',
    pattern: new RegExp(
      String.raw`(?<![\w.,])${NUMBER}\s*(?:generated|new|output|decoded?)\s+tokens?\b` +
        String.raw`|(?<![\w.,])${NUMBER}\s*tokens?\s+(?:generated|of\s+output)\b` +
        String.raw`|(?:生成了?|输出了?)\s*${NUMBER}\s*个?\s*(?:tokens?|词元)`,
      'gi',
    ),
    when: (t) => /generated|new|output|decod|生成|输出/.test(t) && /token|词元/.test(t),
    write: (m, notes) => {
      if (TRAINS.test(m.input)) return m[0];
      // Beside the option that sets the generation (c1668's `--max-tokens 70960`), a count in prose is what one
      // run reached ("exceeded after ~10.3k generated tokens"): set aside, said, and the option is read.
      if (GENERATION_OPTION.test(m.input)) {
        notes.push(`"${m[0].trim()}" is how far a run got, not a setting: the generation is the option's`);
        return ' '.repeat(m[0].length);
      }
      const at = [1, 3, 5].find((i) => m[i] !== undefined)!;
      return ` gen ${count(m[at]!, m[at + 1])} `;
    },
    example: '[metal::malloc] Resource limit (499000) exceeded after ~10.3k generated tokens with Qwen3.8-27B',
    source: 'Blaizzy/mlx-vlm#1972',
  },
];
