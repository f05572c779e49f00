import { FAMILIES } from '../../lexicon.js';
import type { ProseRule } from '../types.js';

/**
 * Model sizes offered as options ("prefer `full_shard` for 32B/70B", "32B or 70B", "我们推荐 32B/72B 用 8 卡") where the
 * message names its model elsewhere, with its family and size (a Hub id, a model key's value, "Qwen2.5-7B"): the sizes
 * are advice about other models, no setup (rule prose.size-options). ezpz's guide (saforem2/ezpz#193, c3103) loads
 * `--model_name_or_path meta-llama/Llama-3.1-8B` below "prefer full_shard for 32B/70B", which had read the 32B first and
 * set the Llama-3.1-8B aside; "(use tp 4 for 32B/72B) vllm serve Qwen/Qwen2.5-14B-Instruct" had refused the two as
 * contradictory. As two weight widths offered (width-options.ts), the sizes are set aside and said. With no model named
 * elsewhere they stay for the name rules (the first is read, the reply says the other). Runs before prose.path, which
 * would read "32b/70b" as a path's last part.
 */
const SIZE = String.raw`\d+(?:\.\d+)?b`;
const SIZE_OPTIONS = new RegExp(String.raw`(?<![\w.\-/])${SIZE}(?:\s*(?:/|\bor\b|或者?|、)\s*${SIZE}){1,4}(?![\w/])`, 'g');
const FAMILY = FAMILIES.map((f) => f.replace(/[^a-z0-9]/g, '')).filter((f) => f.length >= 2).join('|');
/** A model named with its family and size: "qwen2.5-7b", "llama-3.1-8b", "gemma-2-9b-it", "deepseek-coder-6.7b". */
const NAMED_MODEL = new RegExp(String.raw`(?<![a-z0-9])(?:${FAMILY})[a-z0-9.\-_]{0,24}?(?<![a-z0-9.])\d+(?:\.\d+)?b(?![a-z0-9])`);

export const SIZE_OPTION_RULES: readonly ProseRule[] = [
  {
    id: 'prose.size-options',
    pattern: SIZE_OPTIONS,
    when: (t) => /\db\s*(?:\/|or\b|或|、)/.test(t),
    write: (m, notes) => {
      const elsewhere = m.input.slice(0, m.index) + ' '.repeat(m[0].length) + m.input.slice(m.index + m[0].length);
      const named = NAMED_MODEL.exec(elsewhere);
      if (!named) return m[0];
      notes.push(`"${m[0].trim()}" offers model sizes as options, not your run's: read the model named as "${named[0]}" (say the size you run if it is one of them)`);
      return ' '.repeat(m[0].length);
    },
    example: 'prefer `full_shard` for 32B/70B … --model_name_or_path meta-llama/Llama-3.1-8B',
    source: 'saforem2/ezpz#193',
    // "32b/70b" has the shape of a path or a Hub id (owner/name); no checkpoint is named "<n>b/<n>b".
    insideHubIds: true,
  },
];
