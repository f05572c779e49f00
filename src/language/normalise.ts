import { MappedText, NEVER, type Piece } from './mapped-text.js';
import { TRADITIONAL, TRADITIONAL_TO_SIMPLIFIED } from './traditional-chinese.js';

/**
 * The first step of reading (issue 11): the text as a chat platform delivers it, made plain.
 * Slack encodes `&`, `<` and `>` as entities and writes links and mentions as `<…>`; Discord
 * writes mentions as `<@…>`; people paste zero-width spaces, no-break spaces, curly quotes and
 * `×`. None of that is a request word. The result is lower-case, so the lexer sees one case,
 * and every character still maps back to the user's text (MappedText).
 *
 * Idempotent: normalising normalised text changes nothing (property-tested).
 */

const SLACK_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** Characters that are spacing, quotes or dashes in disguise. */
const LOOKALIKES: Record<string, string> = {
  '\u00a0': ' ', '\u2007': ' ', '\u202f': ' ', '\u2009': ' ', '\u200a': ' ', '\u2002': ' ', '\u2003': ' ', '\u3000': ' ',
  '\u2018': "'", '\u2019': "'", '\u201a': "'", '\u201b': "'", '\u2032': "'",
  '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u201f': '"', '\u2033': '"', '\u00ab': '"', '\u00bb': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u00d7': 'x', '\u2715': 'x', '\u2716': 'x', '\u2217': '*', '\u2026': '.',
  '\uff08': '(', '\uff09': ')', '\uff0c': ',', '\uff1a': ':', '\uff1b': ';', '\uff1f': '?', '\uff01': '!', '\u3001': ',', '\u3002': '.',
  '\uff1d': '=',
  // A Chinese or Japanese keyboard's "about", times, plus, slash and percent: "需要～80G的显存" (needs ~80G,
  // c2224: read as an 80 GB card, "~80G" was already a need), "8＊A100", "2／4 cards", "显存占用95％".
  '\uff5e': '~', '\u301c': '~', '\uff0a': '*', '\uff0b': '+', '\uff0f': '/', '\uff05': '%',
  // Spanish opens a question or an exclamation upside down ("¿Cabe en la memoria?"): the same marks.
  '\u00bf': '?', '\u00a1': '!',
  // A Chinese or Japanese keyboard in full-width mode types its digits so ("cutoff_len设为４０９６"): the same digits.
  ...Object.fromEntries([...'０１２３４５６７８９'].map((digit, value) => [digit, String(value)])),
};

/** Memory units in Cyrillic after a number ("V100 32 ГБ", EleutherAI/gpt-neox#616): ГБ, ТБ, МБ are GB, TB, MB. */
const CYRILLIC_UNIT = /(?<=\d\s?)[ГгТтМм][Бб](?![\p{L}])/gu;
const CYRILLIC_UNITS: Record<string, string> = { г: 'gb', т: 'tb', м: 'mb' };

/**
 * Memory units in French after a number ("24 Go", "16Go VRAM", "512 Mo", "2 To": octets, as GB, MB and TB;
 * jsboige/CoursIA#15640 "Qwen3-4B FIT a 4,096 GiB sur 8 Go", #10247 "Qwen2.5-0.5B, 8 Go viable"): written
 * with a capital, as French writes them; a lower-case "go" after a number stays English ("let 2 go").
 * The same length, so every character keeps its place.
 */
const FRENCH_UNIT = /(?<=\d\s?)[GMT]o(?![\p{L}\p{N}])/gu;
const FRENCH_UNITS: Record<string, string> = { G: 'gb', M: 'mb', T: 'tb' };
/**
 * A decimal comma before a memory unit ("1,5 Go", "2,51 Go", "5,0 GiB"; CoursIA#10361 "VRAM pic 2,51 Go / 8 Go"):
 * run after the French units are written "gb"; one or two digits after the comma, so a thousands comma ("4,096 GiB" is read as it is) never moves.
 * The whole part is a number of its own, one to three digits: a card's name before a comma and its memory
 * ("我用的是A100,40G", ztxz16/fastllm#181, corpus c2059: read as 100.40 GB and no card; "4090,24G", "RTX 3090,24GB") is a list.
 */
const DECIMAL_COMMA = /(?<=(?<![\p{L}\p{N}_.\-])\d{1,3}),(?=\d{1,2}\s?[GMTgmt](?:i?[Bb])?(?![\p{L}\p{N}]))/gu;
/**
 * Two whole amounts of two digits, the second the larger, are a list, not a decimal: "显存占用 17,18G 的样子" (17 or
 * 18 GB, xusenlinzy/api-for-open-llm#78, c2506), "16,24GB cards"; hardware/spans-not-cards.ts sets the list aside.
 * A decimal's part after the comma is no larger whole than the part before ("2,51 Go" has one digit before).
 */
function listOfAmounts(m: RegExpExecArray): boolean {
  const before = /(?<!\d)\d{2}$/.exec(m.input.slice(0, m.index))?.[0];
  const after = /^\d{2}(?!\d)/.exec(m.input.slice(m.index + 1))?.[0];
  return before !== undefined && after !== undefined && Number(after) > Number(before);
}

/**
 * Characters that show nothing themselves but change what is around them: zero-width spaces and
 * joiners, the byte-order mark, the soft hyphen, invisible operators, and the bidirectional
 * controls (marks U+200E/F and U+061C, embeddings and overrides U+202A–E, isolates U+2066–9).
 * Echoed back, a right-to-left override reverses the rest of a reply line (issue 26).
 */
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * The message without invisible characters: done first, on the user's own text, so that nothing
 * read, quoted or pointed at with a caret holds one, and every position counts the characters
 * the user sees.
 */
export function withoutInvisibles(text: string): string {
  return text.replace(INVISIBLE, '');
}
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'g');
/**
 * Emoji and other pictographs: decoration, never a request word. The heavy times signs are times signs
 * (LOOKALIKES): "_gpu peak memory:[45GB✖️8GPUS]_" (hiyouga/LlamaFactory#8876, c2481) is 45 GB on each of eight GPUs.
 */
const PICTOGRAPH = /(?![\u2715\u2716])\p{Extended_Pictographic}\ufe0f?|\ufe0f/gu;

/**
 * Slack `<url|label>` keeps the label; `<url>` keeps the url (a Hub link names a model);
 * `<!here>`, `<!channel>`, `<!subteam^…>`, `<#C…|name>`, `<@U…>` and Discord's `<@&role>`,
 * `<#channel>`, `<:emoji:id>`, `@everyone`, `@here` and a mention typed as text (`@headroom`) go.
 */
const CHAT_MARKUP = /<(?:[!#@][^>\s]*|:[a-z0-9_]+:\d+|a:[a-z0-9_]+:\d+)>|(?<![\w@./])@[a-z][\w-]*(?![\w@])|<((?:https?|mailto):[^>|\s]+)(?:\|([^>]*))?>/gi;

/**
 * A trademark mark glued to a name, as tools print devices ("Intel(R) Arc(TM) B580 Graphics" in ggml's and sycl-ls's device
 * lines, "Intel(R) Xeon(R)" in lscpu): no word of its own, so the name reads as written without it ("Arc B580"; s46 rdev).
 */
const TRADEMARK = /(?<=[a-z])\((?:r|tm)\)/gi;

export function normalise(input: string | MappedText): MappedText {
  const text = typeof input === 'string' ? MappedText.of(input) : input;
  return text
    .replace(CHAT_MARKUP, keptPart, 'normalise.chat-markup')
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/gi, (m) => SLACK_ENTITIES[m[0].toLowerCase()]!, 'normalise.entity')
    .replace(INVISIBLE, () => '', 'normalise.invisible')
    .replace(PICTOGRAPH, () => ' ', 'normalise.pictograph')
    .replace(LOOKALIKE, (m) => LOOKALIKES[m[0]]!, 'normalise.lookalike')
    .replace(/[a-z]\((?:r|tm)\)/i.test(text.text) ? TRADEMARK : NEVER, () => '', 'normalise.trademark')
    .replace(/[ГТМ]/i.test(text.text) ? CYRILLIC_UNIT : NEVER, (m) => CYRILLIC_UNITS[m[0][0]!.toLowerCase()]!, 'normalise.cyrillic-unit')
    .replace(/\d\s?[GMT]o/.test(text.text) ? FRENCH_UNIT : NEVER, (m) => FRENCH_UNITS[m[0][0]!]!, 'normalise.french-unit')
    .replace(/\d,\d/.test(text.text) ? DECIMAL_COMMA : NEVER, (m) => (listOfAmounts(m) ? ',' : '.'), 'normalise.decimal-comma')
    .replace(/[A-Z]+|[^\x00-\x7f]/g, (m) => lowerSameLength(m[0]), 'normalise.lower-case')
    // Traditional Chinese read as simplified, one character for one (traditional-chinese.ts).
    .replace(/[\u4e00-\u9fff]/.test(text.text) ? TRADITIONAL : NEVER, (m) => TRADITIONAL_TO_SIMPLIFIED[m[0]]!, 'normalise.traditional-chinese');
}

/**
 * What stays of a piece of chat markup: a link's label, else its url, each character still
 * mapped to its own place in the user's text (an item or a Hub id there keeps its own words,
 * not the `<…>` around it); a mention becomes a space.
 */
function keptPart(m: RegExpExecArray): string | Piece[] {
  const kept = m[2] ?? m[1];
  if (kept === undefined) return ' ';
  const at = m[2] !== undefined ? m[0].length - 1 - m[2].length : 1;
  return [
    { text: '', from: 0, to: at },
    { text: kept, from: at, to: at + kept.length },
    { text: '', from: at + kept.length, to: m[0].length },
  ];
}

/** Lower case that never changes a character count ("İ" lower-cases to two code units: kept). */
function lowerSameLength(text: string): string {
  const lower = text.toLowerCase();
  return lower.length === text.length ? lower : text;
}
