import { MODELS } from '../../catalog/index.js';
import { abbreviatedFamily, catalogSeries, DEEPSEEK_OWN_SIZES, defaultMember, familyOf, fineTuneModel, R1_DISTILLS, seriesKey } from '../families.js';
import { familySizeNote } from '../family-size-note.js';
import { isNoModelSize } from '../no-model-sizes.js';
import { isFiller } from '../filler.js';
import type { Token } from '../lexer.js';
import { FAMILIES, modelIdOf } from '../lexicon.js';
import { nameTakesSize } from './model-beside-size.js';
import { catalogTail, isKindWord } from '../model-kinds.js';
import { catalogHasRelease } from '../releases.js';
import { isSep } from './words.js';
import { withArticle } from '../article.js';
import { saidBeside } from './said-beside.js';
import { releaseMoeApart } from './release-moe.js';

/** A model read on a guess: its span in the token text, the note that says so and the reading's name. */
export interface NameGuess {
  at: number;
  end: number;
  note: string;
  rule: string;
}

/** Model names: an R1 distill, a family and its size, a series, an unknown name before a size (a model of that size, stated). */

export function nameR1(tokens: Token[], notes: string[]): void {
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
export function nameDistills(tokens: Token[], notes: string[]): void {
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
export function nameModels(tokens: Token[], notes: string[], guesses: NameGuess[] = []): void {
  for (let i = 0; i < tokens.length; i++) {
    const size = tokens[i]!;
    if (size.type !== 'size' && size.type !== 'moeSize') continue;
    // "score 2M documents": a size no model has joins no name (no-model-sizes.ts).
    if (isNoModelSize(size)) continue;
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
      // A catalog name joined to a derivative's words and size ("deepseekv2-prover7B") is a part of its name (model-beside-size.ts).
      const joinedModel = joined && nameTakesSize(t, size, true) !== null;
      const nameLike = (t.type === 'word' && (joined || !isFiller(t.text))) || t.type === 'family' || t.type === 'loraRank' || t.type === 'number' || joinedModel;
      if (!nameLike) break;
      // A space only joins an unknown word ("vicuna 13b"), never a number ("2 7b") unless it is
      // a family's version ("qwen 2.5 coder 32b").
      const joint = tokens[j + 1];
      // …or joined to it ("Qwen3.5 27B", a release newer than the catalog: releases.ts).
      const version = t.type === 'number' && ((tokens[j - 1]?.type === 'ws' && tokens[j - 2]?.type === 'family') || tokens[j - 1]?.type === 'family');
      if (joint && joint.type === 'ws' && t.type !== 'word' && t.type !== 'family' && !version) break;
      // A version number inside a name ("qwen3.5-35b") makes it a name too.
      if (t.type === 'word' || t.type === 'loraRank' || t.type === 'number' || joinedModel) hasUnknown = true;
      family ??= t.type === 'family' ? t.value : t.type === 'word' ? familyOf(t.text) : joinedModel ? nameTakesSize(t, size, true) : null;
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
    // "30B-Lazarus", "7b-stheno": a size first and an unknown word joined after it name a model too.
    const joinedAfter = tokens[i + 2];
    if (!hasUnknown && first === i && tokens[i + 1]?.type === 'sep' && /^[-_.]$/.test(tokens[i + 1]!.text) && joinedAfter?.type === 'word' && /^[a-z]{3,}$/.test(joinedAfter.text) && !isFiller(joinedAfter.text)) {
      hasUnknown = true;
      family ??= familyOf(joinedAfter.text);
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
    // The name up to its size may be a catalog model itself ("CodeLlama-13B-Instruct-fp16" is
    // CodeLlama-13B, vllm-project/vllm#2136, corpus c648), before any base its family gives (LLaMA-1 13B).
    const upToSize =
      variantAfterSize(tokens, first, i, last) ??
      variantBeforeVersion(tokens, first, i) ??
      modelIdOf(wholeText(tokens, first, i).toLowerCase().replace(/[\s_]+/g, '-')) ??
      catalogTail(nameParts(tokens, first, i), size.text.toLowerCase().replace(/\s/g, ''));
    const named = upToSize ?? baseModel(tokens, first, i, size.text);
    const tuned = named ? null : fineTuneModel(words, size.text.toLowerCase(), modelIdOf, text);
    const base = named ?? tuned ?? (family && !versioned(tokens.slice(first, i)) ? modelIdOf(`${family}-${size.text.toLowerCase()}`) ?? null : null);
    if (base) {
      const hidden = tuned !== null && hidesItsBase(words);
      if (hidden) {
        // "Cydonia-24B-v4h" (LostRuins/koboldcpp#1812, c1791): the base comes from what the reader knows of that
        // fine-tune, not from the words, and its versions moved base (22B, then 24B 2501, then 3.2): a guess, said.
        const note = `"${text}" read as ${base}, the base that fine-tune is known to be trained from (its name does not say it; say the base model if yours differs)`;
        notes.push(note);
        guesses.push({ at: start.offset, end: end.offset + end.text.length, note, rule: 'names.fine-tune-base' });
      } else if (text.replace(/[\s_]+/g, '-') !== base) notes.push(`"${text}" read as ${base} (the base model its name gives)`);
      tokens.splice(first, last - first + 1, { type: 'model', value: base, text, offset: start.offset });
      i = first;
      continue;
    }
    const variant = onlyVariantOfRelease(tokens, first, i, last);
    if (variant) {
      const note = `"${text}" read as ${variant}: the release has no ${size.text.toUpperCase()} of its own and ${variant} is its one model of that size (say the model's full name if not)`;
      notes.push(note);
      guesses.push({ at: start.offset, end: end.offset + end.text.length, note, rule: 'names.release-variant-at-size' });
      tokens.splice(first, last - first + 1, { type: 'model', value: variant, text, offset: start.offset });
      i = first;
      continue;
    }
    const nearest = nearestOfRelease(tokens, first, i, last);
    if (nearest) {
      const note = `"${text}" read as ${nearest}: the release has no ${size.text.toUpperCase()}, and ${nearest} is its nearest size (say the model's size if not)`;
      notes.push(note);
      guesses.push({ at: start.offset, end: end.offset + end.text.length, note, rule: 'names.nearest-size-of-release' });
      tokens.splice(first, last - first + 1, { type: 'model', value: nearest, text, offset: start.offset });
      i = first;
      continue;
    }
    const merged: Token = { type: size.type, value: size.text, text, offset: start.offset };
    const familyToken: Token[] = family ? [{ type: 'family', value: family, text: '', offset: start.offset }] : [];
    // "qwen3.5-35b-a3b", "gemma-4-26b-a4b" (c008, c1233): a mixture of experts of a release the catalog lacks is said
    // with both sizes; every expert's weights are held, so the total is the size estimated (a dense shape of it).
    const active = /[-_ ]a(\d+(?:\.\d+)?)b(?![a-z0-9])/i.exec(text);
    const experts = active ? `; a mixture of experts, ${active[1]}B active: all ${size.text.toUpperCase()} of weights are held, estimated with a dense shape of that total` : '';
    const note = `I don't know the model "${text}": read as ${withArticle(size.text.toUpperCase())} model${family ? ` of ${family} shape` : ''} (its size is in its name${experts})`;
    notes.push(note);
    guesses.push({ at: start.offset, end: end.offset + end.text.length, note, rule: 'names.size-in-unknown-name' });
    tokens.splice(first, last - first + 1, ...familyToken, merged);
    i = first + familyToken.length;
  }
}

/** Catalog family names as written in a model's name ("qwen", "llama", "gemma"). */
const FAMILY_WORDS = new Set(FAMILIES.map((f) => f.replace(/[^a-z]/g, '')));
/** A size said alone ("13B", "70b"), not inside a name. */
const BARE_SIZE = /^\d+(?:\.\d+)?\s*[bm]$/;

/**
 * The sizes said alone, when they are one size: "LLaMA 2(70B)" in a title and "LLaMA 2(70B)" again
 * in the body (ollama/ollama#2393, corpus c1285) say 70B twice, not two sizes — the rules below
 * that bind a name to "one size said alone elsewhere" had refused the pair and read the 7B default.
 * The first is the size, the rest are the same size said again; empty when none or two differ.
 */
function oneBareSize(tokens: Token[]): Token[] {
  const sizes = tokens.filter((x) => x.type === 'size' && BARE_SIZE.test(x.text) && !isNoModelSize(x));
  const norm = (x: Token) => String(x.value).toLowerCase().replace(/\s/g, '');
  return sizes.length > 0 && sizes.every((x) => norm(x) === norm(sizes[0]!)) ? sizes : [];
}
/** The size tokens `said` taken out of `tokens`: the size is read into the name. */
const takeSizes = (tokens: Token[], said: Token[]) => {
  for (const x of said) tokens.splice(tokens.indexOf(x), 1);
};

/**
 * A model named without its size ("fine-tuning LLAMA 3.1 on a 4090", "codellama", "Mistral"):
 * with one size said alone elsewhere ("how many GPUs for 70B Llama2", "13B model … llama2") it is
 * that size of the series; otherwise the series' common 7–9B size, stated with the others.
 */
export function nameSeries(tokens: Token[], notes: string[], guesses: NameGuess[] = []): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    let end = i;
    let key: string | null = null;
    if (t.type === 'word') key = seriesKey(t.text);
    else if (t.type === 'family' && t.text) {
      const j = tokens[i + 1] && isSep(tokens[i + 1]!) && tokens[i + 1]!.text.length === 1 ? i + 2 : i + 1;
      const version = tokens[j];
      if (version?.type === 'number' && catalogSeries().has(seriesKey(t.text + version.text))) {
        key = seriesKey(t.text + version.text);
        end = j;
      } else if (version?.type === 'number' && /^\d(?:\.\d{1,2})?$/.test(version.text) && !catalogHasRelease(t.value, version.text)) {
        // "Gemma4", "GLM 4.7" (c1233, c1230): a release the catalog lacks is not the family's default of
        // another generation (Gemma4 had read as Gemma-7B); it is left, named, for the question (releases.ts).
        continue;
      } else key = seriesKey(t.text);
    }
    const members = key === null ? undefined : catalogSeries().get(key);
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
    // "Qwen3 0.6 model" (huggingface/trl#3456, c616): a bare number a member is sized by, said
    // before the word "model", is that member's size too.
    const spaced = tokens[end + 1]?.type === 'ws' && tokens[end + 2]?.type === 'number' && followedByModelWord(tokens, end + 3);
    const joined = (tokens[end + 1]?.type === 'sep' && tokens[end + 1]!.text === '-' && tokens[end + 2]?.type === 'number') || spaced ? tokens[end + 2]! : null;
    const bySize = joined ? members.find((m) => m.size === `${joined.text}b`) : undefined;
    if (bySize) {
      notes.push(`"${wholeText(tokens, i, end + 2)}" read as ${bySize.id}`);
      tokens.splice(i, end + 3 - i, { type: 'model', value: bySize.id, text: wholeText(tokens, i, end + 2), offset: t.offset });
      continue;
    }
    const sizes = oneBareSize(tokens);
    const sized = sizes.length ? members.find((m) => m.size === sizes[0]!.value.toLowerCase().replace(/\s/g, '')) : undefined;
    const text = wholeText(tokens, i, end);
    const moeAt = sized ? -1 : releaseMoeApart(tokens, i, end, text, sizes, notes, guesses); // "qwen3.5 … 35b": release-moe.ts
    // "Mistral Small 22B": a size the series has no member of is that size of the family's shape
    // (read with the size), not the series' 7B with the size set aside.
    if (moeAt >= 0 ? (i = moeAt) >= 0 : sizes.length && !sized && t.type === 'family') continue;
    const member = sized ?? defaultMember(members);
    if (sized) {
      const apart = !sizes.some((x) => saidBeside(tokens, i, end, x));
      notes.push(`"${text}" with "${sizes[0]!.text}"${sizes.length > 1 ? ` (said ${sizes.length} times)` : ''}${apart ? ' said apart' : ''} read as ${member.id}`);
      if (apart) guesses.push({ at: t.offset, end: tokens[end]!.offset + tokens[end]!.text.length, note: notes.at(-1)!, rule: 'names.series-and-size-apart' });
      takeSizes(tokens, sizes);
      i = tokens.indexOf(t);
    } else {
      const others = members.filter((m) => m !== member).map((m) => m.size);
      notes.push(familySizeNote({ words: text, id: member.id, others }));
    }
    tokens.splice(i, end - i + 1, { type: 'model', value: member.id, text, offset: t.offset });
  }
}

/** The word "model" (or 模型) right after position `at`, spaces skipped: "qwen3 0.6 model". */
function followedByModelWord(tokens: Token[], at: number): boolean {
  const next = tokens[at]?.type === 'ws' ? tokens[at + 1] : tokens[at];
  return next !== undefined && /^(?:models?|模型)$/i.test(next.text);
}

/**
 * "train the 7b model … training vicuna": a fine-tune named by itself (Vicuna, Alpaca, Zephyr …,
 * families.ts) with one size said alone elsewhere is that size of the base it was trained from,
 * as a series is (nameSeries); said, since the two words are joined only by being in one message.
 * Run after nameSeries, so a catalog series or model named anywhere keeps the size.
 */
export function nameFineTunes(tokens: Token[], notes: string[]): void {
  if (tokens.some((t) => t.type === 'model' || t.type === 'hub')) return;
  const sizes = oneBareSize(tokens);
  if (!sizes.length) return;
  const size = sizes[0]!;
  const at = tokens.findIndex((t) => t.type === 'word' && fineTuneModel([t.text], size.value.toLowerCase().replace(/\s/g, ''), modelIdOf) !== null);
  if (at < 0) return;
  const word = tokens[at]!;
  // "vicuna-7b" was read as a name already (nameModels); this is a word said apart from its size.
  if (tokens[at - 1]?.type === 'sep' || tokens[at + 1]?.type === 'sep') return;
  const id = fineTuneModel([word.text], size.value.toLowerCase().replace(/\s/g, ''), modelIdOf)!;
  notes.push(`"${word.text}" with "${size.text}" said apart read as ${id} (the base that fine-tune of that size was trained from)`);
  tokens.splice(at, 1, { type: 'model', value: id, text: word.text, offset: word.offset });
  takeSizes(tokens, sizes);
}

/**
 * "I want to train the 7B model of Llama", "baichuan … 13b": a family word said alone (no version
 * joined to it) and one size said alone elsewhere are the catalog model of that family and size
 * when the catalog has it (llama + 7b → llama-1-7b). Weak: the two are joined only by being in one
 * message. Run after nameSeries and nameFineTunes, which read a series or a fine-tune first.
 */
export function nameFamilyApart(tokens: Token[], notes: string[], guesses: NameGuess[] = []): void {
  if (tokens.some((t) => t.type === 'model' || t.type === 'hub')) return;
  const sizes = oneBareSize(tokens);
  const families = tokens.filter((t) => t.type === 'family' && t.text);
  if (!sizes.length || families.length === 0 || new Set(families.map((f) => f.value)).size !== 1) return;
  const family = families[0]!;
  const at = tokens.indexOf(family);
  // "llama 3", "llama-2": a family with its version names a series, which nameSeries reads.
  const next = tokens[at + 1]?.type === 'sep' || tokens[at + 1]?.type === 'ws' ? tokens[at + 2] : tokens[at + 1];
  if (next?.type === 'number' || tokens[at + 1]?.type === 'number') return;
  const size = sizes[0]!;
  const id = modelIdOf(`${family.value}-${size.value.toLowerCase().replace(/\s/g, '')}`);
  if (!id) return;
  const note = `"${family.text}" with "${size.text}" said apart read as ${id}`;
  notes.push(note);
  guesses.push({ at: family.offset, end: family.offset + family.text.length, note, rule: 'names.family-and-size-apart' });
  tokens.splice(at, 1, { type: 'model', value: id, text: family.text, offset: family.offset });
  takeSizes(tokens, sizes);
}

function sameSeriesNamedInFull(tokens: Token[], series: Token, members: readonly { id: string }[], end: number, notes: string[]): boolean {
  const full = tokens.find((x) => x !== series && x.type === 'model' && members.some((m) => m.id === x.value));
  if (!full) return false;
  notes.push(`"${wholeText(tokens, tokens.indexOf(series), end)}" read as ${full.value}, named in full in the same message`);
  return true;
}

/** A version among a name's parts ("llama 3.1 7B", "qwen2-7b"): the family alone does not name the model. */
const versioned = (parts: Token[]) => parts.some((t) => t.type === 'number' || (t.type === 'word' && /[a-z]-?\d/.test(t.text)));

/**
 * A variant word written after the size that the catalog spells before it: "qwen3-8b-vl" (Qwen3-VL-8B,
 * QwenLM/Qwen3-VL#1586, c1142), "Qwen2.5-7B-VL", "qwen2.5-7b-coder", "llama-3.2-11b-vision-instruct".
 * The name is family, version, size and variant in any order; each word of the joined tail is tried
 * where the catalog puts it (before the size, joined or apart), the first the catalog knows wins.
 */
function variantAfterSize(tokens: Token[], first: number, sizeAt: number, last: number): string | null {
  if (first === sizeAt || last === sizeAt) return null;
  const stem = wholeText(tokens, first, sizeAt - 1).toLowerCase().replace(/[\s_.-]+$/, '').replace(/[\s_]+/g, '-');
  if (!stem) return null;
  const size = tokens[sizeAt]!.text.toLowerCase().replace(/\s/g, '');
  for (const t of tokens.slice(sizeAt + 1, last + 1)) {
    if (t.type !== 'word' || !/^[a-z]{2,}$/i.test(t.text)) continue;
    const variant = t.text.toLowerCase();
    const id = modelIdOf(`${stem}-${variant}-${size}`) ?? modelIdOf(`${stem}${variant}-${size}`);
    if (id) return id;
  }
  return null;
}

/**
 * A variant word written between the family and its version: "Qwen-VL-2.5-3B" (policy-gradient/GRPO-Zero#6,
 * corpus c1300), "Qwen-VL-2.5-7B", "qwen-vl-2.5--7b" in READMEs and notes, for the catalog's Qwen2.5-VL-3B.
 * Family, variant and version are tried in the catalog's order; Qwen-VL (the first, 9.6B) has no version.
 */
function variantBeforeVersion(tokens: Token[], first: number, sizeAt: number): string | null {
  const parts = tokens.slice(first, sizeAt).filter((t) => t.type !== 'sep' && t.type !== 'ws');
  if (parts.length !== 3) return null;
  const [family, variant, version] = parts as [Token, Token, Token];
  if (!(family.type === 'family' || FAMILY_WORDS.has(family.text.toLowerCase())) || !/^[a-z]{2,}$/i.test(variant.text)) return null;
  if (version.type !== 'number' || !/^\d+(?:\.\d+)?$/.test(version.text)) return null;
  const [f, w, v] = [family.text.toLowerCase(), variant.text.toLowerCase(), version.text];
  const size = tokens[sizeAt]!.text.toLowerCase().replace(/\s/g, '');
  return modelIdOf(`${f}${v}-${w}-${size}`) ?? modelIdOf(`${f}-${v}-${w}-${size}`) ?? null;
}

/** Catalog models named release-variant-size ("qwen2-vl-2b"), by release and size ("qwen2|2b"). */
const VARIANTS_AT_SIZE = (() => {
  const table = new Map<string, string[]>();
  for (const m of MODELS) {
    const found = /^(.*\d)-([a-z]+)-(\d+(?:\.\d+)?[bm])$/.exec(m.id);
    if (!found) continue;
    const key = `${seriesKey(found[1]!)}|${found[3]}`;
    table.set(key, [...(table.get(key) ?? []), m.id]);
  }
  return table;
})();

/**
 * A release named with a size only one of its variants has: "Qwen2-2B" in Qwen2-VL's own demo (QwenLM/Qwen3-VL#130,
 * c1344: "web_demo_mm.py加载Qwen2-2B"): Qwen2's text models are 0.5B, 1.5B, 7B and 72B, its one 2B is Qwen2-VL-2B.
 * Family and version only, nothing after the size; weak (the variant word is not written), said as a guess.
 */
function onlyVariantOfRelease(tokens: Token[], first: number, sizeAt: number, last: number): string | null {
  if (last !== sizeAt) return null;
  const parts = tokens.slice(first, sizeAt).filter((t) => !isSep(t));
  const joined = parts.length === 1 && parts[0]!.type === 'word' ? /^([a-z]+)-?\d+(?:\.\d+)?$/i.exec(parts[0]!.text) : null;
  const release = (parts.length === 2 && parts[0]!.type === 'family' && parts[1]!.type === 'number') || (joined !== null && FAMILY_WORDS.has(joined[1]!.toLowerCase()));
  if (!release) return null;
  const size = tokens[sizeAt]!.text.toLowerCase().replace(/\s/g, '');
  const ids = VARIANTS_AT_SIZE.get(`${seriesKey(parts.map((t) => t.text).join(''))}|${size}`);
  return ids?.length === 1 ? ids[0]! : null;
}

/**
 * A release named with a size it never shipped, one step from a size it did: "Gemma3-13b" (GoogleCloudPlatform/
 * vertex-ai-samples#4068, c1660; Gemma 3 is 1B, 4B, 12B and 27B), "Gemma2:32b-fp16" (ollama/ollama#5832, c1317;
 * Gemma 2 is 2B, 9B and 27B): the release's member within a fifth of the size said, nothing after the size.
 * Weak (the size written is not the one read), said as a guess.
 */
function nearestOfRelease(tokens: Token[], first: number, sizeAt: number, last: number): string | null {
  const parts = tokens.slice(first, sizeAt).filter((t) => !isSep(t));
  const joined = parts.length === 1 && parts[0]!.type === 'word' ? /^([a-z]+)-?\d+(?:\.\d+)?$/i.exec(parts[0]!.text) : null;
  const release = (parts.length === 2 && parts[0]!.type === 'family' && parts[1]!.type === 'number') || (joined !== null && FAMILY_WORDS.has(joined[1]!.toLowerCase()));
  // A tail after the size names a variant ("-a3b", "-v2"): no nearest size of the plain release.
  if (!release || last !== sizeAt) return null;
  const said = /^(\d+(?:\.\d+)?)\s*([bm])$/i.exec(tokens[sizeAt]!.text);
  const members = catalogSeries().get(seriesKey(parts.map((t) => t.text).join('')));
  if (!said || !members) return null;
  const params = Number(said[1]) * (said[2]!.toLowerCase() === 'b' ? 1e9 : 1e6);
  const near = members.filter((m) => Math.abs(m.params - params) / Math.max(m.params, params) <= 0.2);
  return near.length === 1 ? near[0]!.id : null;
}

function baseModel(tokens: Token[], first: number, sizeAt: number, size: string): string | null {
  for (let k = sizeAt - 1; k >= first; k--) {
    const t = tokens[k]!;
    // "Huihui-Qwen3-VL-8B": a kind word between the release and the size makes another model (model-kinds.ts).
    if (tokens.slice(k + 1, sizeAt).some((x) => isKindWord(x.text))) continue;
    // "qwen2.5-coder-32b": a word that is a family with its version.
    const joined = t.type === 'word' ? /^([a-z]+)-?(\d+(?:\.\d+)?)$/i.exec(t.text) : null;
    const family = joined ? (FAMILY_WORDS.has(joined[1]!.toLowerCase()) ? joined[1]!.toLowerCase() : abbreviatedFamily(joined[1]!, joined[2]!)) : null;
    if (joined && family) {
      const id = modelIdOf(`${family}${joined[2]}-${size}`) ?? modelIdOf(`${family}-${joined[2]}-${size}`);
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

/**
 * Whether a fine-tune's name leaves its base unsaid: "Cydonia-24B", "vicuna-13b" name no base, while an R1
 * distill ("…-Distill-Qwen-14B") and Llama Guard ("Llama-Guard-3-1B", Meta's own versions) do (families.ts).
 */
function hidesItsBase(words: string[]): boolean {
  return !words.some((w) => /distill|guard/i.test(w));
}

/** A name's words, numbers and family words from `first` up to (not with) the size at `sizeAt`. */
function nameParts(tokens: Token[], first: number, sizeAt: number): string[] {
  return tokens.slice(first, sizeAt).filter((t) => !isSep(t)).map((t) => t.text.toLowerCase());
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
