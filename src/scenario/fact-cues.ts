import { maskAbbreviations } from '../language/sentence-ends.js';
import { mentionByRow, type MentionKind } from './framework-mentions.js';

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
/**
 * A length's keyword: "seq 4096", "sequence length of", "max length", "上下文", the French, Spanish, Portuguese,
 * Italian and German nouns prose.latin-words reads ("32k de contexto", "contexte de 8k", "Kontextlänge 4096"), and
 * the Korean and Japanese ones prose.korean-setting-words reads ("시퀀스 길이 8192", "コンテキスト長 8192").
 */
const LENGTH_WORD =
  /\b(?:seq|sequence|seqlen|context|ctx|length|len|cut ?off|prompts?|input|response|contexte|contexto|contesto|kontext\w*|longueur|longitud|comprimento|lunghezza|sequenzlänge|s[ée]quence|secuencia|sequência)\b|上下文|上文|长度|输入|输出|시퀀스|길이|컨텍스트|토큰|シーケンス|コンテキスト|トークン|長さ/i;
/** A card or node noun beside a count: "8 GPUs", "4 cards", "2 nodes", "8卡", "4台", "2대". */
const CARD_NOUN = /\b(?:gpus?|cards?|nodes?|machines?|servers?|boxes|devices?)\b|[卡张台块대장개]/i;
/** A hardware phrase: a card's name, a memory, a times sign, a number word ("4*80G A100", "two 3090s", "on a g5.48xlarge"). */
const HARDWARE = /[a-z]\d+|\d{3,4}\b|\d\s*(?:g|gb|gib)\b|\d\s*[x*×]|[x*×]\s*\d|\b(?:one|two|three|four|five|six|eight|single|dual|quad|pair)\b|\b[a-z]\d\.\d*xlarge\b/i;
/** A batch keyword: "batch size 8", "bs 4", "mbs 2", "accumulation 8", "ga 4", "5 people" served at once, 批次, 배치, バッチ. */
const BATCH_WORD = /\b(?:batch\w*|bs|mbs|gbs|micro|accum\w*|ga|eval|people|users|requests|concurren\w*)\b|批|배치|バッチ/i;

/** A count in words or digits: "8", "two", "dual", "两". */
const COUNT_WORD = /\d|\b(?:one|two|three|four|five|six|eight|single|dual|quad|pair)\b|[一二两三四五六七八九十]/i;
/** The words without the digits of card names and memories ("h100s", "RTX 4090", "80GB"), which count nothing. */
const withoutNames = (words: string) => words.replace(/\b(?:rtx|gtx|rx)\s+\d+\w*|\b[a-z]+-?\d+[a-z]*\b|\b\d{4}\w*|\d+\s*(?:g|gb|gi|gib)\b/gi, '');

/**
 * Runs of blanks as one space: the cue patterns below put several \s* in a row ("8 k 左右 个 的 tokens"), which
 * tried every split of a long blank (a span of "with 8", 150 spaces, "max seq len" cost a second); each
 * pattern reads a run of blanks as it reads one, so what they match is the same.
 */
const oneBlank = (text: string) => text.replace(/\s+/g, ' ');

export function cueOf(fact: string, value: string, rules: readonly string[], spanWords: string, spanAround = { before: '', after: '' }): Cue | undefined {
  const words = oneBlank(spanWords);
  const around = { before: oneBlank(spanAround.before), after: oneBlank(spanAround.after) };
  // The card fact states the count too ("2× H100 80GB SXM") when no item of its own set it.
  if (fact === 'card') return cueOf('gpus', /^(\d+)×/.exec(value)?.[1] ?? '1', rules, words, around);
  if (!COUNTED.has(fact)) return undefined;
  if (rules[0] === 'default' || rules[0] === 'follow-up') return rules[0];
  if (rules.some((r) => r.startsWith('config.'))) return 'key';
  if (rules.some((r) => r.startsWith('hw.') || r === 'prose.instance-type')) return 'hardware';
  // "batch size of 3 … had to reduce to 1": the key said before the reduction is the new value's.
  if (rules.includes('prose.reduced-to')) return 'keyword';
  // A key before the value: "`num_ctx` = 32k", "cutoff_len: 4096".
  if (KEYED.test(words) || /[\w`'"][\s`'"]*[:=]\s*[`'"]?\s*$/.test(around.before)) return 'key';
  const near = `${around.before} ${words} ${around.after}`;
  // (A Chinese count joined to its unit, "6000左右的token", "3000多个token": prose.token-count-zh.)
  if (fact === 'seq') return LENGTH_UNIT.test(around.after) || /\dtokens?\b|\d\s*[k万千]?\s*(?:左右|上下|多)?\s*个?\s*的?\s*tokens?$/i.test(words) ? 'unit' : LENGTH_WORD.test(near) ? 'keyword' : 'position';
  if (fact === 'gpus' || fact === 'nodes') {
    // A card named alone is one card; more with no number in the words came from elsewhere (a split, a launcher).
    if (!COUNT_WORD.test(withoutNames(words))) return value === '1' ? 'hardware' : 'derived';
    return HARDWARE.test(words) ? 'hardware' : CARD_NOUN.test(`${words} ${around.after}`) ? 'noun' : 'position';
  }
  return BATCH_WORD.test(near) ? 'keyword' : 'position';
}

export type { MentionKind };

/**
 * A framework is the one the run uses only when the user runs it: a command (`llamafactory-cli
 * train`, `deepspeed train.py`, `python -m axolotl.cli.train`), a setting (`--deepspeed ds.json`),
 * or words of use ("with DeepSpeed", "using Ollama"). A passing mention is weak (issue 22, item 5):
 * the word inside a longer name — a path (`examples/deepspeed/ds_z2_config.json`), a config key
 * (`megatron_lm_config: {}`, corpus c341), another product (`DeepSpeed-MII`, c459), a Hub id
 * (`unsloth/llama-3-8b-bnb-4bit`), a site (`ollama.com`) — a link's label (a reference to the
 * project, c737), or asked about rather than used ("did you use accelerate or deepspeed", c344;
 * "Can deepspeed resolve the problem?", c463).
 * Returns the kind of mention and the words that show it, or null when the framework is run.
 */
export function frameworkMention(text: string, at: number, end: number): { kind: MentionKind; words: string } | null {
  const name = joinedName(text, at, end);
  if (name) return { kind: 'name-part', words: name };
  const link = linkedName(text, at, end);
  if (link) return { kind: 'link', words: link };
  const asked = askedAbout(text, at, end);
  if (asked) return { kind: 'asked', words: asked };
  const contrast = CONTRASTED.exec(text.slice(Math.max(0, at - 48), at));
  if (contrast) return { kind: 'contrast', words: `${contrast[0]}${text.slice(at, end)}`.trim() };
  // Set against the run said before it, what it would need, an error's words, a feature asked for, its own address (framework-mentions.ts).
  const row = mentionByRow(text, at, end);
  return row ? { kind: row.kind, words: row.words } : null;
}

/**
 * The tool a bug report sets against the failing run, as the one where it did not happen: "Note
 * 'autosplit_reserve:' is blank. This didn't happen with exllamav2." over a config whose `backend:
 * exllamav3` fails (theroyallab/tabbyAPI#343, c1224); "works fine with llama.cpp", "no OOM in vllm",
 * "[Bug]: VLLM 0.8.2 OOM error (No error in 0.7.3 version)" (vllm-project/vllm#15664, a release set
 * against the failing one the same way). The run reported is the other one.
 */
const CONTRASTED = /(?:\b(?:did(?:n'?t| not)|does(?:n'?t| not)|never) (?:happen|occur|oom)\w*|\b(?:work(?:s|ed)?|ran|runs?|was|is|were) (?:fine|ok(?:ay)?|well)|\bno (?:error|problem|issue|oom)s?)\s+(?:with|in|on|using|under)\s+$/i;

/** A Markdown link: `[label](url)`, group 1 the label, group 2 the address. */
const MARKDOWN_LINK = /(?<!!)\[([^\]\n]+)\]\((https?:\/\/[^)\s]+)\)/g;

/**
 * A framework named as a link's label is a reference to the project's page, not the run: "e.g.,
 * [llama.cpp](https://github.com/ggerganov/llama.cpp), [text-generation-webui](…)" in ymcui's
 * templates (Chinese-LLaMA-Alpaca#815, c737; Chinese-LLaMA-Alpaca-2's English template), "see
 * [DeepSpeed](…) for more". Not a link GitHub made of a pasted address (its label is the address:
 * the TGI image in c456's YAML), and not one said with words of use ("using the [quickstart](…)").
 */
function linkedName(text: string, at: number, end: number): string | null {
  for (const m of text.matchAll(MARKDOWN_LINK)) {
    const labelAt = m.index + 1;
    if (at < labelAt || end > labelAt + m[1]!.length) continue;
    const address = m[2]!.replace(/^https?:\/\//, '').replace(/\/$/, '');
    if (m[1]!.trim().replace(/^https?:\/\//, '').replace(/\/$/, '') === address) return null;
    const before = text.slice(Math.max(0, m.index - 40), m.index).replace(/[`*_\s]+$/, ' ');
    if (USED_WITH.test(before) || LAUNCHED.test(before)) return null;
    return m[0];
  }
  return null;
}

/** Characters that join a word into a longer name: path and key separators, a hyphen or a dot before more name. */
const JOINED_BEFORE = /[\w./\\-]$/;
const JOINED_AFTER = /^(?:[./\\_-]\w|\w)/;
/** What may stand before a command on its line: a prompt, variables, a launcher (`CUDA_VISIBLE_DEVICES=0 nohup python -m …`). */
/** A launcher just before the name, in prose too ("运行DEBUG_MODE=True python -m playground.orz_7b_ppo", c444). */
const LAUNCHED = /(?:\bpython3?\s+(?:-m\s+)?|\b(?:torchrun|launch|bash|sh|run|ran|running|execute|executing)\s+|运行|执行)(?:[A-Za-z_]\w*=\S*\s+)*$/i;
const COMMAND_LEAD = /^(?:\s*(?:[$>#!]|\S*>|[A-Za-z_]\w*=\S*|sudo|nohup|exec|uv|python3?|-m|accelerate|launch|torchrun|run))*\s*$/;

function joinedName(text: string, at: number, end: number): string | null {
  const before = text.slice(0, at);
  const after = text.slice(end);
  if (!JOINED_BEFORE.test(before) && !JOINED_AFTER.test(after)) return null;
  const start = at - (/[^\s`'"()[\]{},;:=]*$/.exec(before)?.[0].length ?? 0);
  const stop = end + (/^[^\s`'"()[\]{},;:=]*/.exec(after)?.[0].length ?? 0);
  const line = text.slice(text.lastIndexOf('\n', start - 1) + 1, start);
  // The name is the command the line runs, or what a launcher runs: the framework is run.
  if (COMMAND_LEAD.test(line) || LAUNCHED.test(line)) return null;
  return text.slice(start, stop);
}

/** Words of use just before the framework: "with", "using", "via", "on", "用", "使用". */
const USED_WITH = /(?:\b(?:with|using|use|used|via|through|on|in)\s+(?:the\s+)?|[用在]|使用|通过)\s*$/i;
/** A question's opening before the framework, within its clause: "can", "did you", "if you used", "whether". */
const ASKING = /\b(?:can|could|will|would|should|does|did|do|is|are|has|have|if|whether)\b[^,.;:!?\n]{0,30}$/i;

/**
 * Where the sentence holding `at` begins: after the last sentence end or line break before it. Any dot ends
 * one here, the dot of "qwen2.5" too, unlike language/sentence-ends.ts sentenceStart: kept as the cues were fitted.
 */
const sentenceStart = (text: string, at: number) => Math.max(maskAbbreviations(text.slice(0, at)).search(/[^.!?。？！\n]*$/), 0);

/**
 * An example offered inside a question: "Does anyone have suggestions for me (e.g. change deepspeed
 * config or using some sort of data parallelism)?" (huggingface/open-r1#100, c785) names what the
 * user might try, not what the run uses — even with a word of use inside the example.
 */
const EXAMPLE_OPENING = /(?:\be\.g\.?|\bfor (?:example|instance)|\bsuch as|比如|例如)[^;:!?\n()]{0,30}$/i;

function askedAbout(text: string, at: number, end: number): string | null {
  const start = sentenceStart(text, at);
  const stopAt = maskAbbreviations(text.slice(end)).search(/[.!?。？！\n]/);
  const stop = stopAt < 0 ? text.length : end + stopAt;
  const sentence = text.slice(start, stop + 1).trim();
  const before = text.slice(start, at);
  const after = text.slice(end, stop + 1);
  // One of several named as alternatives ("accelerate or deepspeed", "deepspeed or FSDP", "deepspeed还是accelerate").
  if (/(?:\bor\s+|还是\s*|或者?\s*)$/i.test(before) || /^(?:\s+or\b|\s*(?:还是|或者?))/i.test(after)) return sentence;
  if (!/[?？]$/.test(sentence)) return null;
  if (EXAMPLE_OPENING.test(before)) return sentence;
  if (USED_WITH.test(before)) return null;
  return ASKING.test(before) ? sentence : null;
}

/** A question's own words in its sentence: a question mark, or how / what / which, minimum, need, 多少 / 几 / 需要. */
const ASKS = /[?？]|\b(?:how|what|which|min(?:imum|imal)?|least|fewest|need(?:ed|s)?|enough|suffic\w*)\b|多少|几|需要|最少|最低|몇/i;

/**
 * "How many GPUs" is the user's question only when it is asked (issue 22, item 5): a "number of
 * GPUs" in a statement — an error message quoted in the thread ("The number of required GPUs
 * exceeds the total number of available GPUs", corpus c349) — is no question; one asked beside a
 * GPU count the message states ("Minimum gpus for Yi-34B?" over "8 * A100 80GB", c413) may ask
 * whether those cards fit. Returns the words that make the question weak, or null.
 */
/** The sentence holding the words at..end: where it starts and stops (a sentence end or a line break). */
function sentenceBounds(text: string, at: number, end: number): { start: number; stop: number } {
  const stopAt = maskAbbreviations(text.slice(end)).search(/[.!?。？！\n]/);
  return { start: sentenceStart(text, at), stop: stopAt < 0 ? text.length : end + stopAt + 1 };
}

/**
 * A limit asked ("what is the max sequence length?") in one sentence beside the value the message states for it
 * in another ("I fine-tune llama-2-7b with qlora at 4096"): the user may ask whether that value fits, or the
 * model's own limit, as much as the longest that fits. Returns the asking words, said as weak, or null.
 */
export function askedBesideStated(text: string, at: number, end: number, statedAt: readonly number[]): string | null {
  const { start, stop } = sentenceBounds(text, at, end);
  return statedAt.some((s) => s < start || s >= stop) ? text.slice(at, end).trim() : null;
}

export function howManyDoubt(text: string, at: number, end: number, statesCount: boolean, cardsAt: readonly number[] = []): string | null {
  const { start, stop } = sentenceBounds(text, at, end);
  const sentence = text.slice(start, stop).trim();
  const words = text.slice(at, end);
  // The words themselves say "how many" / "minimum": asked, unless a count is stated beside them.
  if (!ASKS.test(words) && !ASKS.test(sentence.replace(/\bnumber of\b/gi, ''))) return sentence;
  // A card the message states in another sentence ("请问增量预训练大概需要几块GPU呢？" over "24G显存就可以",
  // shibing624/MedicalGPT, c2681): the count may be asked of that card, or the message answers it; said, not taken
  // as sure. A card in the asking sentence itself ("how many A100 80GB do I need") is the card counted.
  const cardApart = cardsAt.some((c) => c < start || c >= stop);
  return statesCount || cardApart ? words.trim() : null;
}

/** The identifier the words are or sit inside ("MainGPU", "max_seq_size"): joined to more letters, digits or an underscore, or cased as code; null otherwise. */
function identifierAround(text: string, at: number, end: number): string | null {
  const before = /[A-Za-z0-9_]+$/.exec(text.slice(0, at))?.[0] ?? '';
  const after = /^[A-Za-z0-9_]+/.exec(text.slice(end))?.[0] ?? '';
  const name = `${before}${text.slice(at, end)}${after}`;
  // Or one name by itself: cased or joined as code writes names ("MainGPU", "max_seq").
  if (!before && !after && !/[a-z][A-Z]|_/.test(name)) return null;
  return /\s/.test(name) ? null : name;
}

/**
 * A card or limit question ("minimum GPU", "max seq") written inside a statement is no question: "This
 * is the minimum GPU requirement for effective training." (a README quoted in
 * huggingface/alignment-handbook, corpus c786), "The model's max seq len (4096) is larger than the
 * maximum number of tokens that can be stored in KV cache." (vLLM's start-up error, c766). A sentence
 * that ends in a full stop and asks nothing around the words is a statement; words that ask by
 * themselves ("which gpu", "what card") and terse requests with no full stop stay questions. Returns the
 * sentence that makes the question weak, or null.
 */
export function statedNotAsked(text: string, at: number, end: number): string | null {
  const words = text.slice(at, end);
  // Words joined into one name with no space ("MainGPU:" in LocalAI's dump of its load options,
  // mudler/LocalAI#1981, c972; "max_seq_size", c964) are a setting's name, never a question.
  const name = identifierAround(text, at, end);
  if (name) return name;
  if (/\b(?:which|what|how)\b/i.test(words)) return null;
  const start = sentenceStart(text, at);
  const stopAt = maskAbbreviations(text.slice(end)).search(/[.!?。？！\n](?:\s|$)/);
  if (stopAt < 0) return null;
  const stop = end + stopAt;
  if (!/[.。]/.test(text[stop]!)) return null;
  const rest = `${text.slice(start, at)} ${text.slice(end, stop)}`;
  return ASKS.test(rest) ? null : text.slice(start, stop + 1).trim();
}

