import { GPUS, MODELS, gpuById } from '../catalog/index.js';
import { VENDOR, isFiller } from './filler.js';
import { DEEPSEEK_OWN_SIZES, R1_DISTILLS, defaultMember, familyOf, fineTuneModel, seriesKey, seriesTable } from './families.js';
import { FAMILIES, modelIdOf } from './lexicon.js';
import { Between } from './between.js';
import { signNumbers } from './signed-numbers.js';
import { tokenize, type Token } from './lexer.js';

/**
 * The token-level part of reading what people write (issue 11 §3–5), between the lexer and
 * the grammar. It only rewrites tokens into ones the grammar already reads, and says what it
 * did (notes) or could not read (unread). Steps, in order:
 * - a compound word the lexer could not read ("baichuan-7b", "qwen3.5-35b-a3b") is read again
 *   in parts, and an unknown name before a size becomes a model of that size, stated;
 * - a card and its memory next to each other, in either order ("48G A6000", "A100s (40G)"),
 *   become one card of that memory (or stay two, for the resolver to call a contradiction
 *   when they disagree by more than 10%);
 * - a four-digit card number is never a GPU count ("3060 12GB" is one RTX 3060);
 * - "2 nodes (16x A100)": a count in parentheses after nodes is the total;
 * - "generate" with no number means inference; "4000 tokens" is a sequence length;
 * - negation: "no/without/not" before a setting turns it off.
 */

export interface Unread {
  /** The word as lexed (lower-case), its offset in the normalised text and its length. */
  text: string;
  offset: number;
  /** Another script's letters ("на"). */
  foreign: boolean;
}

export interface TokenReading {
  /** Meaningful tokens for the grammar. */
  kept: Token[];
  /** Filler words, by offset and length. */
  filler: Token[];
  unread: Unread[];
  notes: string[];
  /** A card written with a memory it never had ("H100-160G"): the words, for the error. */
  impossibleCard: { offset: number; text: string } | null;
}

const DROPPED = new Set(['ws', 'sep', 'mention']);
const ARTICLES = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'their', 'his', 'her', 'each', 'this', 'these', 'those', 'single', 'one', 'of', 'with', 'using', 'in', 'at', 'per', 'total', 'just', 'only', 'some', 'two']);
/** Marks prose words in the gap between two kept tokens. */
const PROSE = '\u0001';
/** Words after a card number that name a variant ("3080 Ti", "2080 Super"). */
const CARD_VARIANT = /^(?:ti|super)$/;
const POST_NEGATIONS = new Set(['disabled', 'off', 'false', 'disable']);
const NEGATIONS = new Set(['no', 'not', 'without', 'non', 'disable', 'disabled', "don't", 'dont', 'never']);
const QUANT_WORDS = /^(?:quantization|quantisation|quantized|quantised|quantize|quant|quantizing)$/;

const isSep = (t: Token) => t.type === 'ws' || t.type === 'sep';
const isWord = (t: Token | undefined): t is Token => t?.type === 'word' || t?.type === 'foreign';

export function readTokens(raw: Token[]): TokenReading {
  const notes: string[] = [];
  const tokens = signNumbers(splitCompounds(raw));
  nameR1(tokens, notes);
  nameDistills(tokens, notes);
  nameModels(tokens, notes);
  nameSeries(tokens, notes);
  const kept: Token[] = [];
  const filler: Token[] = [];
  const unread: Unread[] = [];
  const gapBefore: string[] = [];
  /** The filler word right after each kept token ("SP disabled"). */
  const afterWord: (string | undefined)[] = [];
  let gap = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (DROPPED.has(t.type)) {
      gap += t.text;
      continue;
    }
    if (t.type === 'word' && isFiller(t.text) && !/^tokens?$/.test(t.text)) {
      // A negation word is kept aside: it may turn off the next setting.
      if (NEGATIONS.has(t.text)) {
        kept.push({ ...t, type: 'neg' });
        gapBefore.push(gap);
        gap = '';
        continue;
      }
      if (kept.length && afterWord[kept.length - 1] === undefined) afterWord[kept.length - 1] = t.text;
      // "3080 Ti": the catalog names its Ti/Super cards whole, so a card read before one is its sibling.
      const card = kept.at(-1);
      if (CARD_VARIANT.test(t.text) && card?.type === 'gpu' && /^\s*$/.test(gap) && afterWord[kept.length - 1] === t.text) {
        notes.push(`I don't know the GPU "${card.text} ${t.text}": read as the ${card.value} card (its memory, when stated, picks the variant)`);
      }
      filler.push(t);
      // Prose between two items ("turned on … A100"), unlike an article ("on a 4090"), cuts them apart.
      gap += ARTICLES.has(t.text) || VENDOR.has(t.text) ? ' ' : PROSE;
      continue;
    }
    if (t.type === 'gpu' && /\d[\s_-]*(?:ti|super)$/.test(t.text) && !/-(?:ti|super)$/.test(t.value)) {
      notes.push(`I don't know the GPU "${t.text}": read as the ${t.value} card (its memory, when stated, picks the variant)`);
    }
    kept.push(t);
    gapBefore.push(gap);
    gap = '';
  }
  const cards = { impossible: null as { offset: number; text: string } | null };
  const out = fixCards(kept, gapBefore, notes, cards);
  // By identity, once: fixCards keeps, merges and drops tokens, and indexOf per token was n².
  const keptAt = new Map(kept.map((t, k) => [t, k]));
  const outGaps = out.map((t) => gapBefore[keptAt.get(t) ?? -1] ?? '');
  const outAfter = out.map((t) => afterWord[keptAt.get(t) ?? -1]);
  const between = new Between(tokens);
  const final: Token[] = [];
  for (let i = 0; i < out.length; i++) {
    const t = out[i]!;
    const next = out[i + 1];
    // "SP disabled", "gradient checkpointing off": a negation after the setting.
    if (POST_NEGATIONS.has(outAfter[i] ?? '') && t.type !== 'word' && t.type !== 'foreign') {
      const negated = negate({ ...t, type: 'neg', text: '' }, t, notes);
      if (negated.consumed) {
        if (negated.token) final.push({ ...negated.token, offset: t.offset, text: t.text });
        continue;
      }
    }
    // "SP disabled / not possible": a post-negation that is also a pre-negation word was kept as 'neg';
    // it negates the setting before it when it negates nothing after it.
    if (next?.type === 'neg' && POST_NEGATIONS.has(next.text) && t.type !== 'word' && t.type !== 'foreign' && t.type !== 'neg' && !negate(next, out[i + 2], []).consumed) {
      const negated = negate({ ...t, type: 'neg', text: '' }, t, notes);
      if (negated.consumed) {
        if (negated.token) final.push({ ...negated.token, offset: t.offset, text: t.text });
        i++;
        continue;
      }
    }
    // "Llama3 on a single A6000 … and all parameters equal" (c156, meta-pytorch/torchtune): "parameters"
    // only counts the number right before it; across prose it is a word.
    if (t.type === 'params' && ((outGaps[i] ?? '').includes(PROSE) || !['number', 'size', 'moeSize'].includes(out[i - 1]?.type ?? ''))) {
      filler.push({ ...t, type: 'word' });
      continue;
    }
    // A count joins its card directly: "256 and max-completions=256 on 20G" counts no cards.
    if (t.type === 'number' && /^\d+$/.test(t.text) && !TAKES_NUMBER.has(out[i - 1]?.type ?? '') && next && ['gpu', 'gpus', 'capacity', 'on'].includes(next.type) && (outGaps[i + 1] ?? '').includes(PROSE)) {
      unread.push({ text: t.text, offset: t.offset, foreign: false });
      continue;
    }
    // "of" only joins nodes or "gpus" to what follows ("2 nodes of 8x H100", "4 gpus of 48GB").
    if (t.type === 'of' && !['nodes', 'gpus'].includes(final.at(-1)?.type ?? '')) {
      filler.push({ ...t, type: 'word' });
      continue;
    }
    // "finetune on 30B LLaMA": "on" before anything but hardware is prose.
    if (t.type === 'on' && next && !['gpu', 'gpus', 'capacity', 'count', 'number', 'nodes'].includes(next.type)) {
      filler.push({ ...t, type: 'word' });
      continue;
    }
    // "on"/"of" only join what follows them directly: "turned on. We benchmark … on an A100".
    if ((t.type === 'on' || t.type === 'of') && (!next || next.type === 'word' || next.type === 'foreign' || (outGaps[i + 1] ?? '').includes(PROSE))) {
      filler.push({ ...t, type: 'word' });
      continue;
    }
    if (t.type === 'neg') {
      // "…do not work.\nIm running ollama": a negation ends with its sentence.
      if (next && between.sentenceEnd(t, next)) {
        filler.push({ ...t, type: 'word' });
        continue;
      }
      const negated = negate(t, next, notes);
      if (negated.consumed) {
        if (negated.token) final.push(negated.token);
        i++;
      } else filler.push({ ...t, type: 'word' });
      continue;
    }
    if (t.type === 'word' || t.type === 'foreign') {
      // "4000-token prompt", "8K tokens" were read by the number before; the word is filler then.
      if (/^tokens?$/.test(t.text)) {
        filler.push(t);
        continue;
      }
      // "RTX 3060Ti" with no such card in the catalog: say the GPU is unknown, not just an unread word.
      if (/^\d{3,4}(?:ti|super)$/.test(t.text)) notes.push(`I don't know the GPU "${t.text}": no GPU read from it`);
      unread.push({ text: t.text, offset: t.offset, foreign: t.type === 'foreign' });
      continue;
    }
    // "128K sequence length", "2k context": the keyword names the length said right before it, and
    // takes no number of its own ("… by using only 8 A100 GPUS" is a GPU count, not a length).
    const before = final.at(-1);
    // (Right before: one space apart. "deepseek-R1 671 B，context length 128k" keeps 128k.)
    const rightBefore = before !== undefined && t.offset - (before.offset + before.text.length) <= 1;
    if (t.type === 'seqKw' && rightBefore && (before.type === 'knum' || before.type === 'seqPost' || (before.type === 'number' && !TAKES_NUMBER.has(final.at(-2)?.type ?? ''))) && !((next?.type === 'number' || next?.type === 'knum') && !(outGaps[i + 1] ?? '').includes(PROSE))) {
      if (before.type === 'number') final[final.length - 1] = { ...before, type: 'seqPost' };
      filler.push({ ...t, type: 'word' });
      continue;
    }
    // "qwen3.5-9b … all versions of qwen3.5 …" (ollama/ollama#14557): a family and its version said
    // again, with no size, after a model was named, is that model talked about, not a second one.
    if (t.type === 'family' && next?.type === 'number' && next.offset === t.offset + t.text.length && final.some((k) => k.type === 'model' || k.type === 'size' || k.type === 'hub')) {
      filler.push({ ...t, type: 'word' }, { ...next, type: 'word' });
      i++;
      continue;
    }
    // "…with as long context as possible. With single RTX 6000": a keyword's number is in its own
    // sentence; one past a sentence's end, with words between, is another thing's (here the card count).
    const keyword = final.at(-1);
    if ((t.type === 'number' || t.type === 'knum') && keyword && TAKES_NUMBER.has(keyword.type) && between.acrossSentences(keyword, t)) {
      filler.push({ ...final.pop()!, type: 'word' });
    }
    // "full 8K context", "the full 4096 tokens": full describes the length, not the mode.
    if (t.type === 'mode' && t.value === 'full' && t.text === 'full' && (next?.type === 'knum' || next?.type === 'seqPost')) {
      filler.push({ ...t, type: 'word' });
      continue;
    }
    // "generate" with no number after it asks for inference.
    if (t.type === 'genKw' && next?.type !== 'number' && next?.type !== 'knum') {
      final.push({ ...t, type: 'mode', value: 'inference' });
      continue;
    }
    // "4000 tokens", "8k tokens": a sequence length, unless a keyword before already took it.
    if ((t.type === 'number' || t.type === 'knum') && isWord(next) && /^tokens?$/.test(next.text) && !TAKES_NUMBER.has(final.at(-1)?.type ?? '')) {
      final.push({ ...t, type: 'seqPost' });
      continue;
    }
    final.push(t);
    // "how about 2 nodes", "13b on a100, 2 nodes": nodes of the GPUs said elsewhere (or the thread's),
    // read as "2 nodes of gpus" so the grammar's hardware takes them.
    if (t.type === 'nodes' && !(next && ['of', 'count', 'number', 'gpu', 'capacity', 'gpus'].includes(next.type) && !(outGaps[i + 1] ?? '').includes(PROSE))) {
      final.push({ type: 'gpus', value: 'gpus', text: '', offset: t.offset + t.text.length });
    }
  }
  return { kept: final, filler, unread, notes: [...new Set(notes)], impossibleCard: cards.impossible };
}

const TAKES_NUMBER = new Set(['seqKw', 'batchKw', 'archKw', 'parDim', 'genKw', 'utilKw', 'batchedKw', 'maxSeqsKw', 'nglKw', 'evalBatchKw', 'rankKw', 'loraDropout', 'loraAlpha']);

/**
 * A word the lexer read whole because its parts are joined ("baichuan-7b", "distill-llama-70b",
 * "qwen3.5-35b-a3b") is lexed again with its joins as spaces; the parts keep their offsets.
 */
function splitCompounds(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (const t of tokens) {
    if (t.type !== 'word' || !/[-_]|[a-z]{3}\d/.test(t.text)) {
      out.push(t);
      continue;
    }
    // Parts at joins ("baichuan-7b") and where letters turn to digits ("finetune13b").
    const parts: Token[] = [];
    for (const m of t.text.matchAll(/[^-_]+|[-_]+/g)) {
      if (/^[-_]+$/.test(m[0])) {
        parts.push({ type: 'sep', value: m[0], text: m[0], offset: t.offset + m.index });
        continue;
      }
      // The part whole first ("mistral7b" is a name); split where letters turn to digits only if not.
      const whole = tokenize(m[0]);
      if (whole.some((p) => p.type !== 'word')) {
        for (const p of whole) parts.push({ ...p, offset: p.offset + t.offset + m.index });
        continue;
      }
      for (const piece of m[0].matchAll(/[a-z]{3,}(?=\d)|.+$/g)) {
        const base = t.offset + m.index + piece.index;
        for (const p of tokenize(piece[0])) parts.push({ ...p, offset: p.offset + base });
        if (piece[0].length === 0) break;
      }
    }
    // A name holding a size ("OA_SFT_Llama_30B_6", "llama-7b-sft") is a model's name: a training
    // word inside it names how the model was made, not what the user does.
    if (parts.some((p) => p.type === 'size' || p.type === 'moeSize')) {
      for (const p of parts) if (p.type === 'mode') Object.assign(p, { type: 'word', value: p.text });
      // …and a float dtype after the size ("WizardLM-30B-fp16", artidoro/qlora#184) is how the
      // checkpoint is stored, not the run's precision (a quantised load or the trainer sets that).
      const sizeAt = parts.findIndex((p) => p.type === 'size' || p.type === 'moeSize');
      for (const p of parts.slice(sizeAt + 1)) if (p.type === 'precision' && /^(?:fp16|bf16|fp32|f16|f32)$/.test(p.text)) Object.assign(p, { type: 'word', value: p.text });
    }
    // Only when a part is an item of its own ("zer3" is a typo, not "zer" and 3). A bare number
    // inside an identifier ("…_clip_vit_large_p14_336_lora…") is part of the name, never a count.
    if (parts.some((p) => !['word', 'sep', 'ws', 'number', 'knum'].includes(p.type))) {
      // (A version, "qwen2.5", stays a number: only long ones like 336 are name parts.)
      if (parts.some((p) => p.type === 'size' || p.type === 'moeSize')) for (const p of parts) if (p.type === 'number' && /^\d{3,}$/.test(p.text)) Object.assign(p, { type: 'word', value: p.text });
      out.push(...parts);
    }
    else out.push(t);
  }
  return out;
}


/**
 * "are three A100 nodes sufficient for deploying R1?" (sglang#3640): "R1" standing alone, with no
 * LoRA said anywhere (where "r1" would be a rank of 1), is DeepSeek-R1, stated.
 */
function nameR1(tokens: Token[], notes: string[]): void {
  const alone = tokens.findIndex((t, k) => t.type === 'loraRank' && t.text === 'r1' && [tokens[k - 1], tokens[k + 1]].every((n) => !n || n.type === 'ws' || !/[\w-]/.test(n.text)));
  if (alone < 0 || tokens.some((t) => t.type === 'lora' || t.type === 'model' || t.type === 'family' || t.type === 'size')) return;
  const t = tokens[alone]!;
  notes.push(`"${t.text}" read as deepseek-r1 (DeepSeek's R1; say "lora r1" for a LoRA rank of 1)`);
  tokens.splice(alone, 1, { type: 'model', value: 'deepseek-r1', text: t.text, offset: t.offset });
}

/**
 * "deepseek-r1:32b" (Ollama's tag), "DeepSeek R1 14B", "deepseek 32b": DeepSeek R1 with a size
 * other than its 671B is one of its distills, a Qwen2.5 or Llama fine-tune of that size, not R1's
 * shape. "deepseek" with a size only the distills have reads the same, stated; with a size
 * DeepSeek published itself ("deepseek 7b") it stays a DeepSeek shape.
 */
function nameDistills(tokens: Token[], notes: string[]): void {
  const skipSep = (k: number) => (tokens[k] && isSep(tokens[k]!) ? k + 1 : k);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    let k: number;
    let r1: boolean;
    if (t.type === 'model' && t.value === 'deepseek-r1') {
      k = skipSep(i + 1);
      r1 = true;
    } else if (t.type === 'family' && t.value === 'deepseek') {
      k = skipSep(i + 1);
      r1 = tokens[k]?.text === 'r1';
      if (r1) k = skipSep(k + 1);
    } else continue;
    const size = tokens[k];
    if (size?.type !== 'size') continue;
    const key = size.text.replace(/\s/g, '');
    // "deepseek-r1:671b" is R1 itself (671B, 685B with its MTP module).
    if (r1 && (key === '671b' || key === '685b')) {
      tokens.splice(i, k - i + 1, { type: 'model', value: 'deepseek-r1', text: wholeText(tokens, i, k), offset: t.offset });
      continue;
    }
    const base = R1_DISTILLS[key];
    if (!base || (!r1 && DEEPSEEK_OWN_SIZES.has(key))) continue;
    const text = wholeText(tokens, i, k);
    notes.push(`"${text}" read as ${base}: DeepSeek's R1 distill of that size is a ${base} fine-tune (the 671B R1 is "deepseek-r1")`);
    tokens.splice(i, k - i + 1, { type: 'model', value: base, text, offset: t.offset });
  }
}

/**
 * An unknown name joined to a size ("baichuan-7b", "vicuna 13b", "deepseek-coder-33b",
 * "qwen3.5-35b-a3b") is a model of that size: the name parts before the size (and a joined
 * tail after it) become part of one size token, with the name's family when it has one
 * (the family named last, nearest the size: "distill-llama-70b" is a Llama), and a note.
 */
function nameModels(tokens: Token[], notes: string[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const size = tokens[i]!;
    if (size.type !== 'size' && size.type !== 'moeSize') continue;
    let first = i;
    let hasUnknown = false;
    let family: string | null = null;
    // Walk back over name parts joined by '-', '_', '.', and at most one space ("vicuna 13b",
    // not "flibber jabberwock snark 7b").
    let spaces = 0;
    for (let j = i - 1; j >= 0; j--) {
      const t = tokens[j]!;
      if (isSep(t)) {
        if (/^[-_.]+$/.test(t.text)) continue;
        // …and the space between a family and its version ("qwen 2.5 coder 32b").
        const familyVersion = (k: number) => tokens[k]?.type === 'number' && tokens[k - 1]?.type === 'ws' && tokens[k - 2]?.type === 'family';
        if (t.text === ' ' && (spaces++ === 0 || (tokens[j - 1]?.type === 'family' && tokens[j + 1]?.type === 'number') || familyVersion(j - 1))) continue;
        break;
      }
      // A common word joined into a name is part of it ("chinese-alpaca-plus-13b"); said apart, it is prose ("run 7b").
      const joined = /^[-_.]+$/.test(tokens[j + 1]?.text ?? '');
      const nameLike = (t.type === 'word' && (joined || !isFiller(t.text))) || t.type === 'family' || t.type === 'loraRank' || t.type === 'number';
      if (!nameLike) break;
      // A space only joins an unknown word ("vicuna 13b"), never a number ("2 7b") unless it is
      // a family's version ("qwen 2.5 coder 32b").
      const joint = tokens[j + 1];
      const version = t.type === 'number' && tokens[j - 1]?.type === 'ws' && tokens[j - 2]?.type === 'family';
      if (joint && joint.type === 'ws' && t.type !== 'word' && t.type !== 'family' && !version) break;
      // A version number inside a name ("qwen3.5-35b") makes it a name too.
      if (t.type === 'word' || t.type === 'loraRank' || t.type === 'number') hasUnknown = true;
      family ??= t.type === 'family' ? t.value : t.type === 'word' ? familyOf(t.text) : null;
      first = j;
    }
    // "30B LLaMA": the family after the size.
    const after = tokens[i + 1];
    const familyAfter = tokens[i + 2];
    if (first === i && after?.text === ' ' && familyAfter?.type === 'family' && tokens[i - 1]?.type !== 'family') {
      // "70B Llama2", "7B Qwen2.5": the family's version joined to it names the series.
      const version = tokens[i + 3];
      if (version?.type === 'number') {
        const versioned = modelIdOf(`${familyAfter.value}${version.text}-${size.text}`) ?? modelIdOf(`${familyAfter.value}-${version.text}-${size.text}`);
        if (versioned) {
          tokens.splice(i, 4, { type: 'model', value: versioned, text: wholeText(tokens, i, i + 3), offset: size.offset });
          continue;
        }
      }
      const text = wholeText(tokens, i, i + 2);
      // "30B LLaMA" is the catalog's "llama-30b" (LLaMA-1 33B) when the catalog spells it so.
      const named = modelIdOf(`${familyAfter.value}-${size.text}`);
      if (named) {
        tokens.splice(i, 3, { type: 'model', value: named, text, offset: size.offset });
        continue;
      }
      tokens.splice(i, 3, { type: 'family', value: familyAfter.value, text: '', offset: size.offset }, { ...size, value: size.text, text });
      i++;
      continue;
    }
    if (!hasUnknown) continue;
    // A tail joined without spaces ("-a3b", "-v2") belongs to the name too.
    let last = i;
    for (let j = i + 1; j + 1 < tokens.length; j += 2) {
      // "-v2", "_6": a word or a number joined to the name.
      if (!(tokens[j]!.type === 'sep' && /^[-_.]$/.test(tokens[j]!.text) && (tokens[j + 1]!.type === 'word' || tokens[j + 1]!.type === 'number'))) break;
      last = j + 1;
    }
    const start = tokens[first]!;
    const end = tokens[last]!;
    const text = wholeText(tokens, first, last);
    // A fine-tune named with its base and version ("llama3-openbiollm-70b", "llama3/8b_lora"):
    // the base model when the catalog has it.
    const words = tokens.slice(first, last + 1).filter((t) => t.type === 'word' || t.type === 'number' || t.type === 'family').map((t) => t.text);
    // …or, failing that, the one catalog model of its family and size ("OA_SFT_Llama_30B_6" →
    // llama-30b, Open-Assistant#2904): a fine-tune keeps its base's shape.
    const base = baseModel(tokens, first, i, size.text) ?? fineTuneModel(words, size.text.toLowerCase(), modelIdOf) ?? (family && !versioned(tokens.slice(first, i)) ? modelIdOf(`${family}-${size.text.toLowerCase()}`) ?? null : null);
    if (base) {
      if (text.replace(/[\s_]+/g, '-') !== base) notes.push(`"${text}" read as ${base} (the base model its name gives)`);
      tokens.splice(first, last - first + 1, { type: 'model', value: base, text, offset: start.offset });
      i = first;
      continue;
    }
    const merged: Token = { type: size.type, value: size.text, text, offset: start.offset };
    const familyToken: Token[] = family ? [{ type: 'family', value: family, text: '', offset: start.offset }] : [];
    notes.push(
      `I don't know the model "${text}": read as a ${size.text.toUpperCase()} model${family ? ` of ${family} shape` : ''} (its size is in its name)`,
    );
    tokens.splice(first, last - first + 1, ...familyToken, merged);
    i = first + familyToken.length;
    void end;
  }
}

const SERIES = seriesTable(MODELS);
/** Catalog family names as written in a model's name ("qwen", "llama", "gemma"). */
const FAMILY_WORDS = new Set(FAMILIES.map((f) => f.replace(/[^a-z]/g, '')));
/** A size said alone ("13B", "70b"), not inside a name. */
const BARE_SIZE = /^\d+(?:\.\d+)?\s*[bm]$/;

/**
 * A model named without its size ("fine-tuning LLAMA 3.1 on a 4090", "codellama", "Mistral"):
 * with one size said alone elsewhere ("how many GPUs for 70B Llama2", "13B model … llama2") it is
 * that size of the series; otherwise the series' common 7–9B size, stated with the others.
 */
function nameSeries(tokens: Token[], notes: string[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    let end = i;
    let key: string | null = null;
    if (t.type === 'word') key = seriesKey(t.text);
    else if (t.type === 'family' && t.text) {
      const j = tokens[i + 1] && isSep(tokens[i + 1]!) && tokens[i + 1]!.text.length === 1 ? i + 2 : i + 1;
      const version = tokens[j];
      if (version?.type === 'number' && SERIES.has(seriesKey(t.text + version.text))) {
        key = seriesKey(t.text + version.text);
        end = j;
      } else key = seriesKey(t.text);
    }
    const members = key === null ? undefined : SERIES.get(key);
    if (!members) continue;
    // "mistral-nemo", "llama2-chinese": a name of its own, not the series.
    const joinedNext = tokens[end + 2];
    if (tokens[end + 1]?.type === 'sep' && joinedNext && !['size', 'moeSize', 'number', 'ws'].includes(joinedNext.type)) continue;
    // "I cannot finetune Gemma-3 … model_id = "unsloth/gemma-3-1b-it"": the series said alone is
    // the member named in full elsewhere in the message, not its default size beside it.
    if (sameSeriesNamedInFull(tokens, t, members, end, notes)) {
      tokens.splice(i, end - i + 1);
      i--;
      continue;
    }
    // "gemma 4b", "llama2 13b": a size right after is the grammar's family-and-size.
    const after = tokens[end + 1]?.type === 'ws' ? tokens[end + 2] : tokens[end + 1];
    if (after?.type === 'size' || after?.type === 'moeSize') continue;
    // "Qwen2.5-72-int4", "llama2-13-chat": the size joined without its "b".
    const joined = tokens[end + 1]?.type === 'sep' && tokens[end + 1]!.text === '-' && tokens[end + 2]?.type === 'number' ? tokens[end + 2]! : null;
    const bySize = joined ? members.find((m) => m.size === `${joined.text}b`) : undefined;
    if (bySize) {
      notes.push(`"${wholeText(tokens, i, end + 2)}" read as ${bySize.id}`);
      tokens.splice(i, end + 3 - i, { type: 'model', value: bySize.id, text: wholeText(tokens, i, end + 2), offset: t.offset });
      continue;
    }
    const sizes = tokens.filter((x) => x.type === 'size' && BARE_SIZE.test(x.text));
    const sized = sizes.length === 1 ? members.find((m) => m.size === sizes[0]!.value.toLowerCase().replace(/\s/g, '')) : undefined;
    // "Mistral Small 22B": a size the series has no member of is that size of the family's shape
    // (read with the size), not the series' 7B with the size set aside.
    if (sizes.length === 1 && !sized && t.type === 'family') continue;
    const text = wholeText(tokens, i, end);
    const member = sized ?? defaultMember(members);
    if (sized) {
      notes.push(`"${text}" with "${sizes[0]!.text}" read as ${member.id}`);
      tokens.splice(tokens.indexOf(sizes[0]!), 1);
      i = tokens.indexOf(t);
    } else {
      const others = members.filter((m) => m !== member).map((m) => m.size);
      notes.push(`"${text}" names no size: read as ${member.id}${others.length ? ` (say ${others.join(', ')} for another)` : ''}`);
    }
    tokens.splice(i, end - i + 1, { type: 'model', value: member.id, text, offset: t.offset });
  }
}

function sameSeriesNamedInFull(tokens: Token[], series: Token, members: { id: string }[], end: number, notes: string[]): boolean {
  const full = tokens.find((x) => x !== series && x.type === 'model' && members.some((m) => m.id === x.value));
  if (!full) return false;
  notes.push(`"${wholeText(tokens, tokens.indexOf(series), end)}" read as ${full.value}, named in full in the same message`);
  return true;
}

/** A version among a name's parts ("llama 3.1 7B", "qwen2-7b"): the family alone does not name the model. */
const versioned = (parts: Token[]) => parts.some((t) => t.type === 'number' || (t.type === 'word' && /[a-z]-?\d/.test(t.text)));

function baseModel(tokens: Token[], first: number, sizeAt: number, size: string): string | null {
  for (let k = sizeAt - 1; k >= first; k--) {
    const t = tokens[k]!;
    // "qwen2.5-coder-32b": a word that is a family with its version.
    const joined = t.type === 'word' ? /^([a-z]+)-?(\d+(?:\.\d+)?)$/.exec(t.text) : null;
    if (joined && FAMILY_WORDS.has(joined[1]!)) {
      const id = modelIdOf(`${joined[1]}${joined[2]}-${size}`) ?? modelIdOf(`${joined[1]}-${joined[2]}-${size}`);
      if (id) return id;
    }
    if (t.type !== 'family') continue;
    const version = tokens[k + 1]?.type === 'number' ? tokens[k + 1]!.text : tokens[k + 2]?.type === 'number' && /^[-_. ]$/.test(tokens[k + 1]!.text) ? tokens[k + 2]!.text : '';
    if (!version) continue;
    const id = modelIdOf(`${t.text}${version}-${size}`);
    if (id) return id;
  }
  return null;
}

function wholeText(tokens: Token[], first: number, last: number): string {
  let text = '';
  for (let k = first; k <= last; k++) {
    const t = tokens[k]!;
    const prev = tokens[k - 1];
    if (k > first && prev) text += ' '.repeat(Math.max(0, t.offset - (prev.offset + prev.text.length)));
    text += t.text;
  }
  return text;
}

// ---- cards ----

const GIB = 1024;
const familyKey = (id: string) => id.replace(/-(?:\d+g|pcie|nvl|sxm\d?)$/, '');
const totalGiB = (id: string) => gpuById(id).totalMiB / GIB;

/** The variant of a card with the memory asked, within 10%; null when none has it. */
export function cardWithMemory(gpuId: string, gib: number): string | null {
  const key = familyKey(gpuId);
  const variants = GPUS.filter((g) => familyKey(g.id) === key);
  const near = variants
    .map((g) => ({ id: g.id, off: Math.abs(g.totalMiB / GIB - gib) / gib }))
    .filter((v) => v.off <= 0.1)
    .sort((a, b) => a.off - b.off || (a.id === gpuId ? -1 : 1));
  return near[0]?.id ?? null;
}

const CARD_VENDOR = /^(?:rtx|gtx|geforce|quadro|titan)$/;

function fixCards(kept: Token[], gapBefore: string[], notes: string[], cards: { impossible: { offset: number; text: string } | null }): Token[] {
  const out = [...kept];
  const gaps = [...gapBefore];
  const remove = (i: number) => {
    out.splice(i, 1);
    gaps.splice(i, 1);
  };
  for (let i = 0; i < out.length; i++) {
    const t = out[i]!;
    const next = out[i + 1];
    const prev = out[i - 1];
    // "Triton 24.02 on A100": a number with a fraction counts no cards.
    if (t.type === 'number' && /\./.test(t.text) && !TAKES_NUMBER.has(prev?.type ?? '') && (next?.type === 'on' || next?.type === 'gpu' || next?.type === 'gpus' || next?.type === 'capacity')) {
      out[i] = { ...t, type: 'word' };
      continue;
    }
    // "3060 12GB", "2x 3060", "on 3060", "rtx 3060": a card number the catalog lacks, never a count.
    if (t.type === 'number' && /^\d{4}$/.test(t.text) && Number(t.text) >= 1000) {
      const cardContext =
        next?.type === 'capacity' || next?.type === 'gpus' || prev?.type === 'count' || prev?.type === 'on' || prev?.type === 'number' ||
        (prev === undefined && next?.type === 'gpu');
      if (cardContext) {
        const withMemory = next?.type === 'capacity' ? ` read as a ${next.text.replace(/\s+/g, '').toUpperCase()} card` : ' no GPU read';
        notes.push(`I don't know the GPU "${t.text}":${withMemory}`);
        remove(i);
        i--;
        continue;
      }
    }
    // "how many GPU (A800 80G)", "how many GPUs, H100": the card named after the word for cards is
    // the card asked about, not a single card already chosen.
    if (t.type === 'howMany' && next?.type === 'gpus' && out[i + 2]?.type === 'gpu' && !(gaps[i + 2] ?? '').includes(PROSE)) {
      remove(i + 1);
      continue;
    }
    // "A100 GPUs (40GB)": the card, the word for cards, then its memory.
    if (t.type === 'gpu' && next?.type === 'gpus' && next.value === 'gpus' && out[i + 2]?.type === 'capacity' && !/[,;]/.test((gaps[i + 1] ?? '') + (gaps[i + 2] ?? ''))) {
      const id = cardWithMemory(t.value, Number(/^[\d.]+/.exec(out[i + 2]!.text)?.[0]));
      if (id) {
        out[i] = { ...t, value: id };
        remove(i + 2);
        i--;
        continue;
      }
    }
    // A card and its memory, either order, with only separators between.
    if (t.type === 'gpu' && next?.type === 'capacity' && !/[,;]/.test(gaps[i + 1] ?? '')) {
      const id = cardWithMemory(t.value, Number(/^[\d.]+/.exec(next.text)?.[0]));
      if (id) {
        out[i] = { ...t, value: id, text: spanText(t, next) };
        remove(i + 1);
      } else if (gaps[i + 1] === '' || /^[-_ ]$/.test(gaps[i + 1] ?? '')) {
        cards.impossible ??= { offset: t.offset, text: spanText(t, next) };
      }
      continue;
    }
    if (t.type === 'capacity' && next?.type === 'gpu' && !/[,;]/.test(gaps[i + 1] ?? '')) {
      const id = cardWithMemory(next.value, Number(/^[\d.]+/.exec(t.text)?.[0]));
      if (id) {
        out[i] = { ...next, value: id, offset: t.offset, text: spanText(t, next) };
        remove(i + 1);
      }
      continue;
    }
    // "A100 40G*4", "H100 x 8": the count after the card.
    if (t.type === 'gpu' && next?.type === 'number' && /^\d{1,3}$/.test(next.text) && /^\s*[*x×]\s*$/.test(gaps[i + 1] ?? '') && prev?.type !== 'count' && prev?.type !== 'number') {
      out.splice(i, 2, { type: 'count', value: `${next.text}x`, text: `${next.text}x`, offset: t.offset }, { ...t, text: spanText(t, next) });
      gaps.splice(i + 1, 1, '');
      i++;
      continue;
    }
    // "2 nodes with 8xA100": per node or in all? Read per node (as "2 nodes of 8x"), and say so.
    if (t.type === 'nodes' && next?.type === 'count' && !(gaps[i + 1] ?? '').includes('(')) {
      const nodes = Number(/^\d+/.exec(t.text)?.[0]);
      const count = Number(/^\d+/.exec(next.text)?.[0]);
      if (nodes > 1 && count > 0) {
        const alt = count % nodes === 0 && count > nodes ? ` (say "${nodes} nodes of ${count / nodes}x" if ${count} is the total)` : '';
        notes.push(`"${spanText(t, next).replace(/\s+/g, ' ')}" read as ${count} per node, ${nodes * count} GPUs in all${alt}`);
      }
    }
    // "2 nodes (16x A100)": the count in parentheses is the total over the nodes.
    if (t.type === 'nodes' && (next?.type === 'count' || next?.type === 'number') && (gaps[i + 1] ?? '').includes('(')) {
      const nodes = Number(/^\d+/.exec(t.text)?.[0]);
      const total = Number(/^\d+/.exec(next.text)?.[0]);
      if (nodes > 0 && total % nodes === 0 && total >= nodes) {
        const perNode = String(total / nodes);
        out[i + 1] = { ...next, type: 'count', text: `${perNode}x`.padEnd(next.text.length) };
        notes.push(`${total} GPUs in all over ${nodes} nodes (${perNode} per node)`);
      }
    }
  }
  return out;
}

/** Text from the start of `a` to the end of `b`, in normalised-text offsets (for spans only). */
function spanText(a: Token, b: Token): string {
  const [first, last] = a.offset <= b.offset ? [a, b] : [b, a];
  return (first.text + ' '.repeat(Math.max(0, last.offset - first.offset - first.text.length)) + last.text).slice(0, last.offset + last.text.length - first.offset);
}

// ---- negation ----

function negate(neg: Token, next: Token | undefined, notes: string[]): { consumed: boolean; token?: Token } {
  if (!next) return { consumed: false };
  const at = { offset: neg.offset, text: spanText(neg, next) };
  switch (next.type) {
    case 'recompute':
      return { consumed: true, token: { ...next, ...at, value: 'none' } };
    case 'mode':
      // "I am not able to load `Mixtral-8x7B-Instruct`" (vllm#2554), "Qwen3-30B-A3B not loading on
      // RTX4090" (unsloth#2504): a load or run that failed is still the run tried, read as "run"
      // (inference unless a training setting says otherwise, as Unsloth's loader does there).
      if (next.value === 'run') return { consumed: true, token: { ...next, ...at } };
      // "not training", "no finetuning": what the run is not says nothing of what it is.
      notes.push(`"${at.text}" read as no intent word`);
      return { consumed: true };
    case 'lora':
      // "without peft/lora": every weight trains.
      return { consumed: true, token: { ...next, ...at, type: 'mode', value: 'full' } };
    case 'offload':
      return { consumed: true, token: { ...next, ...at, value: 'none' } };
    case 'attention':
      return next.value === 'flash' ? { consumed: true, token: { ...next, ...at, value: 'eager' } } : { consumed: true };
    case 'weights':
      notes.push(`"${at.text}": no quantisation, weights in the compute dtype`);
      return { consumed: true };
    case 'loss':
      return { consumed: true, token: { ...next, ...at, value: 'full' } };
    case 'sharding':
    case 'sp':
    case 'framework':
    case 'precision':
    case 'serve':
      notes.push(`"${at.text}" read as not using ${next.text}`);
      return { consumed: true };
    case 'word':
      if (QUANT_WORDS.test(next.text)) {
        notes.push(`"${at.text}": no quantisation, weights in the compute dtype`);
        return { consumed: true };
      }
      return { consumed: false };
    default:
      return { consumed: false };
  }
}

export { CARD_VENDOR };
