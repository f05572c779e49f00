import { Between } from './between.js';
import { isFiller, VENDOR } from './filler.js';
import type { Token } from './lexer.js';
import { signNumbers } from './signed-numbers.js';
import { fixCards } from './read-tokens/cards.js';
import { optimizerInName, splitCompounds, TAKES_NUMBER } from './read-tokens/compounds.js';
import { nameFamilyBeforeSize } from './read-tokens/model-beside-size.js';
import { nameDistills, nameFamilyApart, nameFineTunes, nameModels, nameR1, nameSeries, type NameGuess } from './read-tokens/model-names.js';
import { ATTEMPT, kernelNamedOverNegated, negate, negatesAnAttempt, negationReaches } from './read-tokens/negation.js';
import { frameworkWordsOfModels } from './read-tokens/name-not-framework.js';
import { nameProjects } from './read-tokens/project-models.js';
import { nameR1Derivatives } from './read-tokens/r1-derivatives.js';
import { nameVariantWithSeriesApart } from './read-tokens/variant-with-series.js';
import { nameNeighbourSizes } from './read-tokens/neighbour-sizes.js';
import { COUNTED, numberCountsAnother, promptCount, sharesOf } from './read-tokens/other-counts.js';
import { afterLinks, ARTICLES, CARD_VARIANT, DROPPED, isWord, NEGATIONS, NOT_DONE, onlyLinks, POST_NEGATIONS, PROSE } from './read-tokens/words.js';

export { CARD_VENDOR, cardWithMemory } from './read-tokens/cards.js';

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

/** "10000token", "4ktokens": digits and their unit written as one word. */
const GLUED_TOKEN_COUNT = /^\d+(?:\.\d+)?k?tokens?$/;

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
  /** Names read on a guess (model-names.ts), by span of the token text: weak facts. */
  guesses: NameGuess[];
}

export function readTokens(raw: readonly Token[]): TokenReading {
  const notes: string[] = [];
  const tokens = signNumbers(optimizerInName(splitCompounds(raw)));
  nameR1(tokens, notes);
  const guesses: NameGuess[] = [];
  nameR1Derivatives(tokens, notes, guesses);
  nameDistills(tokens, notes);
  nameFamilyBeforeSize(tokens, notes);
  nameNeighbourSizes(tokens, notes, guesses);
  nameVariantWithSeriesApart(tokens, notes, guesses);
  nameModels(tokens, notes, guesses);
  nameSeries(tokens, notes, guesses);
  nameFineTunes(tokens, notes);
  nameFamilyApart(tokens, notes, guesses);
  nameProjects(tokens, notes, guesses);
  frameworkWordsOfModels(tokens, notes);
  const kept: Token[] = [];
  const filler: Token[] = [];
  const unread: Unread[] = [];
  const gapBefore: string[] = [];
  /** The card maker's word right before each kept token, if any ("gtx" of "GTX 970"), for fixCards. */
  const makerBefore: string[] = [];
  let maker = '';
  /** The filler words right after each kept token ("SP disabled", "gradient checkpointing turned off"). */
  const afterWords: string[][] = [];
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
        kept.push({ ...t, type: 'neg', ...(negatesAnAttempt(tokens, i) ? { value: ATTEMPT } : {}) });
        gapBefore.push(gap);
        makerBefore.push('');
        gap = '';
        maker = '';
        continue;
      }
      if (kept.length) (afterWords[kept.length - 1] ??= []).push(t.text);
      // "3080 Ti": the catalog names its Ti/Super cards whole, so a card read before one is its sibling.
      const card = kept.at(-1);
      if (CARD_VARIANT.test(t.text) && card?.type === 'gpu' && /^\s*$/.test(gap) && afterWords[kept.length - 1]?.length === 1) {
        notes.push(`I don't know the GPU "${card.text} ${t.text}": read as the ${card.value} card (its memory, when stated, picks the variant)`);
      }
      filler.push(t);
      maker = VENDOR.has(t.text) ? t.text : '';
      // Prose between two items ("turned on … A100"), unlike an article ("on a 4090"), cuts them apart.
      gap += ARTICLES.has(t.text) || VENDOR.has(t.text) ? ' ' : PROSE;
      continue;
    }
    // A Ti/Super sold in several sizes keeps its memory in the id ("rtx-4060-ti-16g"): that is the Ti, known.
    if (t.type === 'gpu' && /\d[\s_-]*(?:ti|super)$/.test(t.text) && !/-(?:ti|super)(?:-\d+g)?$/.test(t.value)) {
      notes.push(`I don't know the GPU "${t.text}": read as the ${t.value} card (its memory, when stated, picks the variant)`);
    }
    kept.push(t);
    gapBefore.push(gap);
    makerBefore.push(maker);
    gap = '';
    maker = '';
  }
  const cards = { impossible: null as { offset: number; text: string } | null };
  const out = fixCards(kept, gapBefore, notes, cards, makerBefore);
  // By identity, once: fixCards keeps, merges and drops tokens, and indexOf per token was n².
  const keptAt = new Map(kept.map((t, k) => [t, k]));
  const outGaps = out.map((t) => gapBefore[keptAt.get(t) ?? -1] ?? '');
  const outAfter = out.map((t) => afterWords[keptAt.get(t) ?? -1]);
  const between = new Between(tokens);
  const shares = sharesOf(tokens);
  /** Indices in `out` of shares a length keyword passed over (numberCountsAnother). */
  const shared = new Set<number>();
  const final: Token[] = [];
  /** Kernels read from "not using flash attention": a kernel the user names beside them wins (negation.ts). */
  const negatedKernels = new Set<Token>();
  for (let i = 0; i < out.length; i++) {
    const t = out[i]!;
    const next = out[i + 1];
    // "SP disabled", "gradient checkpointing off", "… turned off", "… was set to false": a negation after the setting.
    if (POST_NEGATIONS.has(afterLinks(outAfter[i]) ?? '') && t.type !== 'word' && t.type !== 'foreign') {
      const negated = negate({ ...t, type: 'neg', text: '' }, t, notes);
      if (negated.consumed) {
        if (negated.token) final.push({ ...negated.token, offset: t.offset, text: t.text });
        continue;
      }
    }
    // "SP disabled / not possible": a post-negation that is also a pre-negation word was kept as 'neg';
    // it negates the setting before it when it negates nothing after it.
    // "gradient checkpointing is NOT enabled", "… was not used": a "not" before a word saying it was
    // not done negates the setting before it, whatever follows.
    const notDone = next?.type === 'neg' && next.text === 'not' && onlyLinks(outAfter[i]) && NOT_DONE.has(outAfter[i + 1]?.[0] ?? '');
    if (next?.type === 'neg' && (notDone || (POST_NEGATIONS.has(next.text) && !negate(next, out[i + 2], []).consumed)) && t.type !== 'word' && t.type !== 'foreign' && t.type !== 'neg') {
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
    // Nor across a comma to a memory (rhw12, s33): "17,18G" is 17 or 18 GB, "(Mac16,9), 64GB" no nine devices (c2506, c2457).
    if (t.type === 'number' && /^\d+$/.test(t.text) && !TAKES_NUMBER.has(out[i - 1]?.type ?? '') && next && (['gpu', 'gpus', 'capacity', 'on'].includes(next.type) && (outGaps[i + 1] ?? '').includes(PROSE) || (next.type === 'capacity' && /[,，、;；]/.test(outGaps[i + 1] ?? '')))) {
      unread.push({ text: t.text, offset: t.offset, foreign: false });
      continue;
    }
    // A share is no count (issue 22 item 2: a number with another unit is not a count): "会默认占用90%的显存（4090是占用22g）"
    // (it takes 90% of the memory by default, the 4090 22g) counts no 90 cards; a keyword's share ("util 90%") stays the keyword's.
    if (t.type === 'number' && shares.has(t.offset) && !TAKES_NUMBER.has(out[i - 1]?.type ?? '')) {
      unread.push({ text: t.text, offset: t.offset, foreign: false });
      continue;
    }
    // Nor across a clause's end to a card or a GPU word (s43, rcount1): "the same result with all 3, surely a P100"
    // (dredwardhyde/gpt-neo-fine-tuning-example#8, c3219), "step 500, a V100", "运行了 3 次，A100" count no cards.
    // A number a GPU word owns ("GPUs: 4, A100 80GB") stays that word's count.
    if (t.type === 'number' && /^\d+$/.test(t.text) && !TAKES_NUMBER.has(out[i - 1]?.type ?? '') && out[i - 1]?.type !== 'gpus' && countsAcrossClause(out, i, between)) {
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
      // "…do not work.\nIm running ollama": a negation ends with its sentence; "never had an issue
      // with offloading": it reaches only over the words of using a setting (negation.ts).
      if (next && (between.sentenceEnd(t, next) || !negationReaches(outAfter[i]))) {
        filler.push({ ...t, type: 'word' });
        continue;
      }
      const negated = negate(t, next, notes);
      if (negated.consumed) {
        if (negated.token) final.push(negated.token);
        if (negated.token?.type === 'attention') negatedKernels.add(negated.token);
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
      // "最高支持10000token左右" (QwenLM/Qwen3#120): a count glued to its unit is a length; the unit is its cue.
      if (GLUED_TOKEN_COUNT.test(t.text) && !TAKES_NUMBER.has(final.at(-1)?.type ?? '')) {
        final.push({ ...t, type: 'seqPost' });
        continue;
      }
      // "RTX 3060Ti" with no such card in the catalog: say the GPU is unknown, not just an unread word.
      if (/^\d{3,4}(?:ti|super)$/.test(t.text)) notes.push(`I don't know the GPU "${t.text}": no GPU read from it`);
      unread.push({ text: t.text, offset: t.offset, foreign: t.type === 'foreign' });
      continue;
    }
    // "context limit (50% the limit …", "context loads with two 3090s": its next number counts another thing.
    const other = numberCountsAnother(out, outGaps, i, shares, (a, b) => between.sentenceEnd(a, b));
    if (other) {
      filler.push({ ...t, type: 'word' });
      if (other.counts === 'share') shared.add(other.at);
      continue;
    }
    // The share itself ("50%") is no setting: a word (no-setup-numbers.ts says why it is not asked about).
    if (shared.has(i)) {
      filler.push({ ...t, type: 'word' });
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
    // "output" with no number is a program's output ("[attached with my terminal output](…)",
    // NVIDIA/Megatron-LM#525, corpus c531), no length of generated tokens and no sign of inference.
    if (t.type === 'genKw' && t.text === 'output' && !numberNext(next)) {
      filler.push({ ...t, type: 'word' });
      continue;
    }
    // "completion" with no number is a word of prose ("completion only loss", "the completion"), no length.
    if (t.type === 'completionKw' && !numberNext(next)) {
      filler.push({ ...t, type: 'word' });
      continue;
    }
    // "generate" with no number after it asks for inference.
    if (t.type === 'genKw' && !numberNext(next)) {
      final.push({ ...t, type: 'mode', value: 'inference' });
      continue;
    }
    // "4000 tokens", "8k tokens": a sequence length, unless a keyword before already took it.
    if ((t.type === 'number' || t.type === 'knum') && isWord(next) && /^tokens?$/.test(next.text) && !TAKES_NUMBER.has(final.at(-1)?.type ?? '')) {
      // ("3k tokens" stays 3,072: behaviours-strangers.test.ts pins the window reading for "N tokens".)
      final.push({ ...t, type: 'seqPost' });
      continue;
    }
    // "a 54K long prompt": a measured prompt, its "k" counted in thousands (numbers.ts countedKNumber).
    if (promptCount(t, [...(outAfter[i] ?? []), ...(isWord(next) && !(outAfter[i] ?? []).length ? [next.text, ...(outAfter[i + 1] ?? [])] : [])]) && !TAKES_NUMBER.has(final.at(-1)?.type ?? '')) {
      final.push({ ...t, value: COUNTED });
      continue;
    }
    final.push(t);
    // "how about 2 nodes", "13b on a100, 2 nodes": nodes of the GPUs said elsewhere (or the thread's),
    // read as "2 nodes of gpus" so the grammar's hardware takes them.
    if (t.type === 'nodes' && !(next && ['of', 'count', 'number', 'gpu', 'capacity', 'gpus'].includes(next.type) && !(outGaps[i + 1] ?? '').includes(PROSE))) {
      final.push({ type: 'gpus', value: 'gpus', text: '', offset: t.offset + t.text.length });
    }
  }
  return { kept: kernelNamedOverNegated(final, negatedKernels), filler, unread, notes: [...new Set(notes)], impossibleCard: cards.impossible, guesses };
}

/**
 * A number after a keyword that takes one: a number, "8k", or a bare card number the lexer read as a
 * card ("completion 4080"; numeric-cards.ts turns it back into the number it spells), which had made
 * "completion" a word of prose and 4080 an RTX 4080 (found by grpo-completion's property).
 */
function numberNext(next: Token | undefined): boolean {
  return next?.type === 'number' || next?.type === 'knum' || (next?.type === 'gpu' && /^\d+$/.test(next.text));
}

/** Kept tokens the grammar passes over between a count and its card (words it does not read). */
const PASSED_TO_CARD = new Set(['word', 'foreign']);

/**
 * Whether the number `out[i]` reaches the next card or GPU word (past words the grammar drops) only across a
 * clause's end: then it is no count of them (issue 22 item 2, a cue broken by a comma or a stop).
 */
function countsAcrossClause(out: readonly Token[], i: number, between: Between): boolean {
  // A keyword's number said with "of" ("batch size of 16. … your GPUs") is the keyword's.
  if (out[i - 1]?.type === 'of' && TAKES_NUMBER.has(out[i - 2]?.type ?? '')) return false;
  let k = i + 1;
  while (k < out.length && k <= i + 6 && PASSED_TO_CARD.has(out[k]!.type)) {
    // A word in the number's own clause is its noun ("16000 tokens. GPU: A100" is a length): left to its reader.
    if (out[k]!.type === 'word' && !between.clauseBreak(out[i]!, out[k]!)) return false;
    k++;
  }
  const card = out[k];
  return !!card && (card.type === 'gpu' || card.type === 'gpus') && between.clauseBreak(out[i]!, card);
}
