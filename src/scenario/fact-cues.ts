/**
 * Which cue a count or a length was read on (issue 22, item 2: "a value fills a slot only with a
 * cue: its unit, its key, a neighbouring noun, or its place in a hardware expression"). Recorded
 * on the GPU count, node count, length and batch facts, so a trace says why a number is that fact:
 * `key` (a config key or flag), `hardware` (its place in a hardware phrase: "4*80G A100", "two
 * 3090s"), `unit` ("4000 tokens"), `noun` ("8 GPUs"), `keyword` ("seq 4096", "batch size 8"),
 * `derived` (more than one GPU and the words hold no number: the count came from a split or a
 * launcher, and a note says so), `position` (a number with none of these around it), or the fact was not read here at all.
 */
export type Cue = 'key' | 'hardware' | 'unit' | 'noun' | 'keyword' | 'derived' | 'position' | 'default' | 'follow-up';

/** The facts whose numbers need a cue: the GPU and node counts, the length and the batch sizes (and the card, for its count). */
const COUNTED = new Set(['gpus', 'nodes', 'seq', 'batch', 'grad accum', 'global batch', 'eval']);

/** A key or flag with its value: `--max-model-len 4096`, `per_device_train_batch_size: 2`, `tp=4`. */
const KEYED = /--?[a-z][\w-]*[\s=]|\b[a-z][\w.-]*\s*[:=<>≤]/i;
/** A length's unit right after its number: "4000 tokens", "8k context", "32k ctx", "10000token". */
const LENGTH_UNIT = /^\s*[km]?\s*-?\s*(?:tokens?|ctx|context)\b/i;
/** A length's keyword: "seq 4096", "sequence length of", "max length", "上下文". */
const LENGTH_WORD = /\b(?:seq|sequence|seqlen|context|ctx|length|len|cut ?off|prompts?|input|response)\b|上下文|上文|长度|输入|输出/i;
/** A card or node noun beside a count: "8 GPUs", "4 cards", "2 nodes", "8卡", "4台", "2대". */
const CARD_NOUN = /\b(?:gpus?|cards?|nodes?|machines?|servers?|boxes|devices?)\b|[卡张台块대장개]/i;
/** A hardware phrase: a card's name, a memory, a times sign, a number word ("4*80G A100", "two 3090s", "on a g5.48xlarge"). */
const HARDWARE = /[a-z]\d+|\d{3,4}\b|\d\s*(?:g|gb|gib)\b|\d\s*[x*×]|[x*×]\s*\d|\b(?:one|two|three|four|five|six|eight|single|dual|quad|pair)\b|\b[a-z]\d\.\d*xlarge\b/i;
/** A batch keyword: "batch size 8", "bs 4", "mbs 2", "accumulation 8", "ga 4", "5 people" served at once. */
const BATCH_WORD = /\b(?:batch\w*|bs|mbs|gbs|micro|accum\w*|ga|eval|people|users|requests|concurren\w*)\b|批/i;

/** A count in words or digits: "8", "two", "dual", "两". */
const COUNT_WORD = /\d|\b(?:one|two|three|four|five|six|eight|single|dual|quad|pair)\b|[一二两三四五六七八九十]/i;
/** The words without the digits of card names and memories ("h100s", "RTX 4090", "80GB"), which count nothing. */
const withoutNames = (words: string) => words.replace(/\b(?:rtx|gtx|rx)\s+\d+\w*|\b[a-z]+-?\d+[a-z]*\b|\b\d{4}\w*|\d+\s*(?:g|gb|gi|gib)\b/gi, '');

export function cueOf(fact: string, value: string, rules: readonly string[], words: string, around = { before: '', after: '' }): Cue | undefined {
  // The card fact states the count too ("2× H100 80GB SXM") when no item of its own set it.
  if (fact === 'card') return cueOf('gpus', /^(\d+)×/.exec(value)?.[1] ?? '1', rules, words, around);
  if (!COUNTED.has(fact)) return undefined;
  if (rules[0] === 'default' || rules[0] === 'follow-up') return rules[0];
  if (rules.some((r) => r.startsWith('config.'))) return 'key';
  if (rules.some((r) => r.startsWith('hw.') || r === 'prose.instance-type')) return 'hardware';
  // A key before the value: "`num_ctx` = 32k", "cutoff_len: 4096".
  if (KEYED.test(words) || /[\w`'"][\s`'"]*[:=]\s*[`'"]?\s*$/.test(around.before)) return 'key';
  const near = `${around.before} ${words} ${around.after}`;
  if (fact === 'seq') return LENGTH_UNIT.test(around.after) || /\dtokens?\b/i.test(words) ? 'unit' : LENGTH_WORD.test(near) ? 'keyword' : 'position';
  if (fact === 'gpus' || fact === 'nodes') {
    // A card named alone is one card; more with no number in the words came from elsewhere (a split, a launcher).
    if (!COUNT_WORD.test(withoutNames(words))) return value === '1' ? 'hardware' : 'derived';
    return HARDWARE.test(words) ? 'hardware' : CARD_NOUN.test(`${words} ${around.after}`) ? 'noun' : 'position';
  }
  return BATCH_WORD.test(near) ? 'keyword' : 'position';
}
