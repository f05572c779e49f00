import type { GuardRole, HardwareRule } from './types.js';

/**
 * A number that names an item of the user's list is no count of cards (issue 22, item 2: a number
 * fills a slot only with a cue). "**Tier 3 (Pro, 20-39GB VRAM)**: `qwen3-14b`" in a pull request's
 * table of defaults (Osmantic/ODS#53, c2209) was read as three cards of 39 GB, with the model's layers
 * split over them, and the reply said nothing: the rest of a hardware phrase stood beside the label,
 * so the grammar took the label's number for the count, a firm hardware cue. People label the setups
 * they compare the same way: "Option 2: A100 80GB", "Scenario 3 - RTX 4090", "Experiment 2 (H100
 * 80GB)", "Tier 2 24GB GPU", "方案2：A100 80G", "옵션 2: RTX 4090". As a list's "1." at a line's start
 * (not-hw.list-marker), the label's number is blanked before any part is read; a count the phrase
 * states itself ("Option 2: 2x A100", "Tier 3 cluster, 8 GPUs") is read as before, and a number
 * followed by its own count word or times sign ("option 2 gpus", "setup 2x a100") stays a count.
 */

/** Nouns that label an item and are no verb, so their number is an index wherever it stands. */
const LABEL_NOUN = String.raw`\b(?:tier|level|option|scenario|experiment|exp|variant|approach|round|phase|setup|config(?:uration)?|case)\s*#?\s*`;
/** The same labels in Chinese and Korean: 方案 (plan), 选项 (option), 配置 (configuration), 档位 / 等级 / 级别 (tier); 옵션, 티어, 레벨, 방안, 시나리오. */
const LABEL_CJK = String.raw`(?:方案|选项|配置|档位|等级|级别|옵션|티어|레벨|방안|시나리오)\s*`;
/** What makes the number a count after all: a times sign, a count's noun or counter right after it. */
const COUNTS_AFTER = String.raw`(?![\d.,]\d|\d|\s*(?:[x×*]\s*\w|gpus?\b|cards?\b|nodes?\b|machines?\b|servers?\b|devices?\b|卡|张|台|块|장|대|개))`;

export const LABEL_INDEX_RULES: readonly HardwareRule<GuardRole>[] = [
  {
    id: 'not-hw.label-index',
    role: 'list-marker',
    pattern: new RegExp(String.raw`(?:${LABEL_NOUN}|${LABEL_CJK})(?<n>\d{1,2})${COUNTS_AFTER}`, 'gu'),
    example: '- **Tier 3 (Pro, 20-39GB VRAM)**: `qwen3-14b` (8.4GB) → `qwen3-30b-a3b` (17.3GB)',
    source: 'Osmantic/ODS#53',
  },
];
