import { mixedCards } from './reconcile/mixed-cards.js';
import { plannedSettings } from './reconcile/planned-settings.js';
import type { ErrorReply } from '../reply/types.js';
import { looksLikeSetup } from './setup-looking.js';
import { impossibleCardSize } from './card-sizes.js';
import { errorReply } from './errors.js';
import { amongUnread, estimableSetup, readFromFewWords } from './estimable.js';
import { insideNoRequest, noRequestSpans } from './no-request.js';
import { meaningfulSuggestion, typoOf } from './near-miss.js';
import { checkInput, MAX_GRAMMAR_TOKENS, tooManyItems } from './input-check.js';
import type { Item, ParseOutcome, ReportedTopic } from './items.js';
import { isFiller } from './filler.js';
import { isForeignFiller } from './foreign-filler.js';
import { isOtherScript } from './letters.js';
import { isModelVariantWord } from './model-variant-words.js';
import { isWeightFormatNoun } from './format-nouns.js';
import { isNoSetupNumber } from './no-setup-numbers.js';
import { traceItem, type Doubt } from './item-trace.js';
import { COUNTED_NUMBER_COST, KEYWORD_WITH_VALUE_COST, countsTheNext, hasItsValue, readAcross } from './set-aside-tokens.js';
import type { Token } from './lexer.js';
import type { MappedText } from './mapped-text.js';
import { withoutInvisibles } from './normalise.js';
import { numbersWhereCardsCannotGo } from './numeric-cards.js';
import { withoutOrphanFamilies } from './orphan-family.js';
import { noModelSizeNote, withoutNoModelSizes } from './no-model-sizes.js';
import { expectedAfter, runParser, runParserWithout, type ParserRun, type ParseWork } from './parser.js';
import { readHostMemory } from './hardware/host-memory.js';
import { earlyStages, hardwareOf, proseOf, tokensOf } from './early-stages.js';
import { readTokens, type TokenReading } from './read-tokens.js';
import { reconcile, restatements } from './reconcile.js';
import { distillRoles } from './reconcile/distill-roles.js';
import { removedMethod } from './reconcile/removed-method.js';
import { methodInName } from './reconcile/method-evidence.js';
import { codeKind } from './reconcile/code-kind.js';
import { saidAgain } from './said-again.js';
import { reportsNotRead, reportsSetAside } from './reconcile/settings.js';
import { reportedTopic } from './prose/rules/oom-reports.js';
import { strictReports } from './reconcile/strict-reports.js';
import type { OwnedRuns } from './reconcile/owners.js';
import { releaseQuestionAt } from './releases.js';

export type { Item, ParseOutcome, ReportedTopic } from './items.js';

/**
 * Text → typed items, no defaults (DESIGN §2, issue 11). The road in: normalise the chat text,
 * read config keys as request words, read prose (Hub ids, name suffixes, number words), lex,
 * read tokens (cards with memory, unknown names with a size, negation), then the grammar.
 * Filler words are listed in `ignored`; other words in `unread` (a short request refuses them
 * instead, with a suggestion when it keeps the meaning). Never throws.
 */
export function parseRequest(message: string): ParseOutcome {
  const text = withoutInvisibles(message);
  const cached = recent.get(text);
  if (cached) {
    recent.delete(text);
    recent.set(text, cached);
    return cached;
  }
  const outcome = parseSafely(text);
  remember(text, outcome);
  return outcome;
}

/**
 * Parsing depends on the text alone, and the same short texts come back all the time (every
 * reply re-applies the same lever changes: "gc", "zero3", "chunked ce"). A small LRU of frozen
 * outcomes keeps the lexer's catalog-wide regex off that hot path.
 */
const RECENT_LIMIT = 512;
const recent = new Map<string, ParseOutcome>();

function remember(text: string, outcome: ParseOutcome): void {
  if (text.length > 200) return;
  if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value!);
  recent.set(text, deepFreeze(outcome));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function parseSafely(text: string): ParseOutcome {
  try {
    return parseUnsafe(text);
  } catch (e) {
    // A bug here must not take a bot down: answer with an error the user can act on.
    return { ok: false, error: errorReply(text, 0, `I could not read this request (${(e as Error).message}). Try a simpler one.`) };
  }
}

/** The text as the lexer reads it, with the way back to the user's words. */
interface Prepared {
  mapped: MappedText;
  reading: TokenReading;
  ignoredKeys: string[];
  notes: string[];
  /** Config pairs or lines: a pasted config or command, read tolerantly. */
  configLike: boolean;
  /** Hardware phrases whose reading was guessed (a count's meaning, a total that disagrees): weak facts. */
  doubts: Doubt[];
  /** Logs and tool reports: their numbers set no setup, and none is listed as not used. */
  logs: { at: number; end: number }[];
  /** Framework options not modelled: the fact kinds each would change, said as weak (config-keys/frameworks/). */
  unmodelled: { key: string; weakens: readonly string[] }[];
}

function prepare(text: string): Prepared {
  // Segments first (segments/): logs blanked, parsed configs one key a line, before any rewrite;
  // then config keys. Remembered with the hardware and prose readings for the last text (early-stages.ts).
  const { segmented, config } = earlyStages(text);
  // Hardware phrases next (hardware/): one grammar reads nodes × cards × card × memory in any notation.
  const hardwareNotes: string[] = [];
  // Host memory said as sticks ("RAM : 32GB * 2") first: the hardware grammar would read it as cards.
  const hardware = hardwareOf(readHostMemory(config.text), hardwareNotes);
  const doubts: Doubt[] = hardware.readings
    .filter((r) => r.notes.length > 0)
    .map((r) => ({ ...config.text.userSpan(r.at, r.end), note: r.notes.join('; ') }));
  const prose = proseOf(hardware.text);
  const reading = readTokens(tokensOf(prose.text.text));
  const notes = [...config.notes, ...hardwareNotes, ...prose.notes, ...reading.notes];
  // A model read from the size in a name the catalog lacks is a guess, said as a weak fact.
  for (const g of reading.guesses) doubts.push({ ...prose.text.userSpan(g.at, g.end), note: g.note, guess: { rule: g.rule, words: prose.text.userText(g.at, g.end).trim() } });
  if (config.unknownKeys.length) notes.push(`settings I do not read: ${config.unknownKeys.join(', ')}`);
  return {
    mapped: prose.text,
    reading,
    ignoredKeys: config.ignoredKeys,
    notes,
    configLike: config.ignoredKeys.length + config.unknownKeys.length + config.notes.length > 0 || config.text.text !== config.source,
    doubts,
    logs: [...segmented.segments.filter((s) => s.kind === 'log' || s.kind === 'report').map((s) => ({ at: s.userStart, end: s.userEnd })), ...segmented.stamps],
    unmodelled: config.unmodelled,
  };
}

/**
 * The `hub` tokens of a message as the lexer reads them after normalise, config keys and prose
 * (so a path, a file or a catalog alias is no Hub id here either), with the user's own text:
 * what an adapter fetches before respond() (src/hub/prefetch.ts).
 */
export function hubTokensIn(text: string): { value: string; written: string }[] {
  const prose = proseOf(hardwareOf(earlyStages(withoutInvisibles(text)).config.text, []).text);
  return tokensOf(prose.text.text)
    .filter((t) => t.type === 'hub')
    .map((t) => ({ value: t.value, written: prose.text.userText(t.offset, t.offset + t.text.length) }));
}

/**
 * A request of a few words is items (a word we cannot read there is most likely an item we got
 * wrong: refuse and suggest). Prose, a pasted config or several lines is read tolerantly: words
 * that are not items are listed as not read, and a token the grammar cannot place is set aside.
 */
const TOLERANT_FROM_WORDS = 6;
/** Han, kana and Hangul: scripts whose words run together, so a whole sentence may lex as one token. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
/** Most times a tolerant reading sets a token aside and parses again. */
export const TOLERANT_TRIES = 24;
/**
 * How far before the failing token a tolerant reading looks for a bare number to set aside.
 * Prose puts the orphaned number a few words before the place it breaks the parse.
 */
export const BARE_NUMBER_REACH = 8;
/** Unread words a reading looks up the nearest spelling for (typo fixes in prose, "did you mean"). */
const SUGGESTED_WORDS = 128;
/** Tokens that name the model or the cards: the last a tolerant reading sets aside. */
const PRECIOUS = new Set(['size', 'moeSize', 'model', 'hub', 'family', 'gpu', 'capacity']);

function parseUnsafe(text: string): ParseOutcome {
  return readText(text).outcome;
}

/** The reading, and how many parses the grammar found for the tokens it kept (for tests). */
function readText(text: string): { outcome: ParseOutcome; parses: number; work: ReadingWork } {
  const work: ReadingWork = { given: 0, tokens: 0, states: 0 };
  const done = (outcome: ParseOutcome, parses = 0) => ({ outcome, parses, work });
  const bad = checkInput(text);
  if (bad) return done({ ok: false, error: bad });
  const p = prepare(text);
  const { mapped, reading } = p;
  const user = (offset: number) => mapped.userOffset(offset);
  const written = (t: { offset: number; text: string }) => mapped.userText(t.offset, t.offset + t.text.length);
  const words = reading.kept.length + reading.unread.length + reading.filler.length;
  // Item language (canonical text, button follow-ups) has no prose around it and stays exact,
  // and so does a run of items with a typo in it ("7b … zer3": refused with "did you mean").
  // Sentences (filler around the items): only a word that could be a setting is said back as not read, the rest
  // being the user's prose; a request written in items lists every word it holds that no rule reads.
  const sentences = reading.filler.length >= 2;
  const prose = sentences || reading.unread.some((u) => u.foreign || !meaningfulSuggestion(u.text));
  // A link is pasted prose too ("I'm running [Mixtral](https://huggingface.co/…-AWQ) on 4 L4").
  // Chinese, Japanese or Korean words are never item language: a short line in them ("我们有单机8卡
  // Tesla T4（16GB），能否运行MOSS", OpenMOSS/MOSS#182) is prose, its few tokens long runs of words.
  const cjk = reading.unread.some((u) => u.foreign && CJK.test(u.text));
  const tolerant = p.configLike || /\n/.test(text.trim()) || /https?:\/\//.test(text) || (words >= TOLERANT_FROM_WORDS && prose) || cjk;
  const ignored = [...reading.filler.map(written), ...p.ignoredKeys];
  let unread: { word: string; at: number; suggestion: string | null; listed?: boolean }[] = [];
  // A card with a memory it never had: two readings of one phrase. A short request is refused
  // with both; prose reads on and asks which was meant (issue 22, item 5), never in silence.
  const cardAsked: string[] = [];
  if (reading.impossibleCard) {
    const card = reading.impossibleCard;
    const message = impossibleCardSize(card.text);
    if (message && !tolerant) return done({ ok: false, error: errorReply(text, user(card.offset), message, { expected: expectedAfter([]) }) });
    if (message) cardAsked.push(`"${written(card)}": ${message} Which did you mean? (read as the card by its name)`);
  }
  const corrected: Token[] = [];
  const typoNotes: string[] = [];
  const noRequest = tolerant ? noRequestSpans(text) : [];
  for (const [k, u] of reading.unread.entries()) {
    const t = { offset: u.offset, text: u.text };
    const word = written(t);
    const noSuchCard = impossibleCardSize(u.text);
    if (noSuchCard) return done({ ok: false, error: errorReply(text, user(u.offset), noSuchCard, { expected: expectedAfter([]) }) });
    // A model's variant word beside its name ("Mistral instruct model"), a weight format's noun after it ("4-bit
    // quantization"): the model's or the format's, never listed nor a typo.
    // A time, speed, share, step count or version ("after ~30 steps"): no setup word; accounting lists the number.
    const at = user(u.offset);
    if (isModelVariantWord(text, word, at) || isWeightFormatNoun(text, word, at) || (tolerant && isNoSetupNumber(text, word, at))) {
      ignored.push(word);
      continue;
    }
    // Each new word is a scan of every spelling: a message of distinct unknown words gets suggestions for its first ones only.
    // A word written in CamelCase ("MainGPU:" in LocalAI's dump of its llama.cpp options, c972, and
    // mudler/LocalAI#969, once read as "min gpu", a question nobody asked) is a program's identifier:
    // never a typo of a keyword, and no "did you mean" beside it when it is listed as not read.
    const identifier = /[a-z][A-Z]/.test(word);
    const suggestion = u.foreign || identifier || k >= SUGGESTED_WORDS ? null : meaningfulSuggestion(u.text);
    if (!tolerant) {
      const before = numbersWhereCardsCannotGo(reading.kept.filter((k) => k.offset < u.offset));
      return done({ ok: false, error: unknownWord(text, user(u.offset), word, suggestion, u.foreign, before) });
    }
    // Particles and question words of Chinese and Korean ("我用", "的", "吗", "를") are filler: never listed.
    if (u.foreign && isForeignFiller(word)) {
      ignored.push(word);
      continue;
    }
    // "or" between two questions ("Is 12GB just not enough or am I doing something wrong?", a stranger's
    // post the lead saw) is never listed; it is no filler, which would make "LoRA or full fine-tune?" item
    // language, refused as a contradiction instead of read with the pair said (weak-method-pair).
    if (/^or$/i.test(word)) {
      ignored.push(word);
      continue;
    }
    // In prose, a long word one letter off a keyword ("meagatron", "deepseeed") is that keyword, stated.
    const fixed = suggestion ? typoOf(u.text, suggestion) : null;
    if (fixed) {
      corrected.push({ ...fixed, offset: u.offset, text: u.text });
      typoNotes.push(`"${word}" read as "${suggestion}"`);
      continue;
    }
    // A template's heading or checkbox, a command's quoted prompt: no request, not counted against it.
    if (insideNoRequest(noRequest, user(u.offset), word.length)) {
      ignored.push(word);
      continue;
    }
    unread.push({ word, at: user(u.offset), suggestion, listed: (!sentences && !CJK.test(word)) || looksLikeSetup(word, suggestion) });
  }
  let kept = numbersWhereCardsCannotGo(corrected.length ? [...reading.kept, ...corrected].sort((a, b) => a.offset - b.offset) : reading.kept);
  // Words of another script are prose we cannot read, listed but not counted against the
  // message: "3090 24g，跑llama-7b" is mostly items.
  // …while a word of Latin letters, accented or not ("pénurie", "Größe"), is a word of the message like any other.
  const latinUnread = unread.filter((u) => !isOtherScript(u.word));
  // A message whose words read make a setup (a model or size, and a card or what is done with it)
  // is answered however much prose is around it, the words not read said once and the reading said
  // to stand on few words (estimable.ts); only a message with nothing estimable in it is refused.
  const mostlyNotRead = latinUnread.length > 0 && latinUnread.length > kept.length;
  if (mostlyNotRead && !estimableSetup(kept)) return done({ ok: false, error: mostlyUnread(text, kept.map(written), latinUnread, exampleFrom(kept, written)) });
  if (mostlyNotRead) p.notes.push(readFromFewWords(latinUnread.length));
  if (kept.length === 0) {
    const message = unread.length
      ? `I found nothing to estimate in this message: I did not read ${quoteList(unread.map((u) => u.word))}. Name a model or a size and what you run, e.g. "llama-3-8b inference on a 4090".`
      : `I found nothing to estimate in "${text.trim()}": only filler words. Name a model or a size and what you run.`;
    return done({ ok: false, error: errorReply(text, 0, message, { expected: expectedAfter([]) }) });
  }
  if (kept.length > MAX_GRAMMAR_TOKENS) return done({ ok: false, error: tooManyItems(text, kept.length, user(kept[MAX_GRAMMAR_TOKENS]!.offset)) });
  // In prose, a size no model has ("many prompts (>1M)") counts something else: set aside before the parse (no-model-sizes.ts).
  const noModel = tolerant ? withoutNoModelSizes(kept) : null;
  if (noModel?.aside.length && noModel.kept.length) {
    for (const t of noModel.aside) {
      ignored.push(written(t));
      p.notes.push(noModelSizeNote(written(t)));
    }
    kept = noModel.kept;
  }
  // In prose, a family with no size after it is set aside before the parse, not the words after it (orphan-family.ts).
  // …and in a short request too ("Add LLaMA to Colab", a thread's title, oobabooga/textgen#217, c2797; "llama on
  // a 3090"): the family is asked which of it, a question a thread waits on, not a grammar error that drops its words.
  const orphans = tolerant ? withoutOrphanFamilies(kept, mapped.text) : withoutOrphanFamilies(kept, mapped.text, { familiesOnly: true });
  if (orphans?.aside.length && orphans.kept.length) {
    for (const t of orphans.aside) unread.push({ word: written(t), at: user(t.offset), suggestion: null });
    kept = orphans.kept;
  }
  work.given = kept.length;
  let run = runParser(kept);
  const count = (r: ParserRun) => {
    work.tokens += r.work.tokens;
    work.states += r.work.states;
  };
  count(run);
  const setAside: Token[] = [];
  // Tolerant reading sets aside a token the grammar cannot place (a bare number in prose, a
  // keyword cut off from its value) and says so; a short request gets the exact error instead.
  const setAsideUntilParsed = () => {
    for (let tries = 0; !run.ok && tolerant && tries < TOLERANT_TRIES && kept.length > 1; tries++) {
      // The token the parse failed at, or the one before it (a dangling "on", a keyword whose
      // number is missing, a bare number): set aside whichever lets the parse go further.
      const failed = Math.min(run.index, kept.length - 1);
      // …or the bare number nearest before it ("with 4096 max_completion_length on a 7b model and an
      // A6000": the orphaned 4096, never the model's size nor the "on" that would make 4096 a GPU count),
      // within a few tokens: each option is parsed again from the token it sets aside, so a number
      // far back would make every try cost the whole message again.
      let bare = -1;
      for (let k = failed; k >= Math.max(0, failed - BARE_NUMBER_REACH); k--) if (kept[k]!.type === 'number') { bare = k; break; }
      const previous = run;
      const options = [...new Set([failed, failed - 1, bare])].filter((i) => i >= 0).map((i) => ({ i, run: runParserWithout(previous, i) }));
      for (const o of options) count(o.run);
      const reach = (o: (typeof options)[number]) => (o.run.ok ? Infinity : o.run.index);
      // Between options that reach as far, set aside a bare number first; a model, a card or a
      // flag ("-ngl 48" over the prose "48 decoder layers") last.
      const cost = (o: (typeof options)[number]) => {
        const t = kept[o.i]!;
        const at = user(t.offset);
        const flag = /^--?[a-z]/i.test(written(t)) || /(?:^|[\s*`])--?$/.test(text.slice(Math.max(0, at - 3), at));
        if (t.type === 'number') return countsTheNext(kept, o.i) ? COUNTED_NUMBER_COST : 0;
        return PRECIOUS.has(t.type) || flag ? 2 : hasItsValue(kept, o.i) ? KEYWORD_WITH_VALUE_COST : 1;
      };
      const best = options.sort((a, b) => reach(b) - reach(a) || cost(a) - cost(b) || b.i - a.i)[0]!;
      const dropped = kept[best.i]!;
      setAside.push(dropped);
      // A filler word the grammar could not place ("gguf" beside a file name) is still filler: never listed.
      // So is a number that says no setup ("after ~30 steps", "11 tok/sec"): listed once as not used, by accounting.
      if (isFiller(written(dropped)) || isNoSetupNumber(text, written(dropped), user(dropped.offset))) ignored.push(written(dropped));
      else unread.push({ word: written(dropped), at: user(dropped.offset), suggestion: null });
      kept = [...best.run.tokens];
      run = best.run;
    }
  };
  setAsideUntilParsed();
  // Prose the tries ran out on, or left with one bare number ("我这边100多G", c1098; a log's dates,
  // "2月 11 14:49:03", ollama/ollama's load log in c1258): its numbers with no unit are set aside
  // at once and listed as not read, never a refusal for one stray number in a message of sentences.
  if (!run.ok && tolerant && kept.some((t) => t.type === 'number')) {
    const bare = kept.filter((t) => t.type === 'number');
    const rest = kept.filter((t) => t.type !== 'number');
    const again = rest.length ? runParser(rest) : null;
    if (again) count(again);
    // …and the words left are set aside again as before, with as many tries.
    for (const t of bare) unread.push({ word: written(t), at: user(t.offset), suggestion: null });
    if (!rest.length) return done({ ok: false, error: errorReply(text, 0, `I found nothing to estimate in this message: I did not read ${quoteList(unread.map((u) => u.word))}. Name a model or a size and what you run, e.g. "llama-3-8b inference on a 4090".`, { expected: expectedAfter([]) }) });
    setAside.push(...bare);
    kept = rest;
    run = again!;
    setAsideUntilParsed();
  }
  if (!run.ok) return done({ ok: false, error: parseError(text, mapped, kept, run.index, run.expected) });
  let items = run.results[0]!.map((item) => withText(item, text, mapped));
  const notes = [...cardAsked, ...p.notes, ...typoNotes];
  // Settings said of another run (owners/): weak facts to say, and items set aside for "not used".
  const owned: OwnedRuns = { doubts: [], aside: [], cues: [] };
  // What the user reported happened (an out-of-memory), marked by its rule: handed on where reconcile drops its help word.
  const said: ReportedTopic[] = mapped.steps.flatMap((s) => {
    const topic = reportedTopic(s.rule);
    return topic ? [{ topic, rule: s.rule, at: s.at, end: s.end }] : [];
  });
  const reported: ReportedTopic[] = [];
  const read = items;
  // A request the grammar took whole may still ask about a remedy ("run llama-3-8b on a 4090, would cpu offloading
  // help?"): the setting asked about is set aside there too (reconcile/planned-settings.ts; a follow-up that is only
  // the remedy, "would zero3 help?", keeps it: no run of its own is named).
  // A distillation's teacher only runs forward: the student is the run's model (reconcile/distill-roles.ts).
  // An adapter removed ("removed everything peft") is no method of the run, wherever else its name is said (reconcile/removed-method.ts).
  // Pasted code that only generates, or only trains, says what runs over the words outside it (reconcile/code-kind.ts).
  items = codeKind(removedMethod(distillRoles(items, text, notes, owned), text, notes, owned), text, notes, owned);
  // A method word inside a name (`--output_dir out/13b-qlora`) is weaker than a key or the words (reconcile/method-evidence.ts).
  items = methodInName(items, text, notes, owned, (at, end) => mapped.stepsOver(at, end).map((s) => s.rule));
  // Two kinds of card joined as one machine ("1张RTX5000ADA 32G+1张V100 32G", "a 4090 + 3090"): their count of the card
  // with less memory, weak, in a request the grammar took whole too (reconcile/mixed-cards.ts).
  items = mixedCards(items, text, notes, owned.doubts);
  items = tolerant ? reconcile(items, notes, ignored, text, owned, { said, reported }) : plannedSettings(restatements(items, text, notes, owned.doubts), text, notes, owned);
  if (tolerant) unread = reportsSetAside(unread, ignored, said, reported);
  if (tolerant) items = reportsNotRead(items, said, reported);
  // A request taken whole that says its run ran out of memory reports it too (reconcile/strict-reports.ts).
  if (!tolerant) reported.push(...strictReports(said, text));
  // A cue word that said whose run a setting is ("previously") was read: not listed as not read.
  if (owned.cues.length) unread = unread.filter((u) => !owned.cues.some((c) => c.at <= u.at && u.at + u.word.length <= c.end));
  const across = readAcross(items, setAside, mapped, text);
  // A fact an unmodelled option would change is said as weak: the option's note says why.
  const unmodelled: Doubt[] = p.unmodelled.flatMap((u) =>
    items.filter((i) => u.weakens.includes(i.kind)).map((i) => ({ at: i.at, end: i.end, note: `${u.key.includes('.') ? '' : '--'}${u.key} is not modelled` })),
  );
  const traced = items.map((item) => traceItem(item, mapped, [...p.doubts, ...owned.doubts, ...across, ...unmodelled]));
  const traces = mostlyNotRead ? traced.map(amongUnread) : traced;
  const otherRuns = {
    ...(owned.aside.length ? { otherRuns: owned.aside } : {}),
    ...(owned.doubts.length ? { keptFromOtherRuns: owned.doubts.map(({ at, end }) => ({ at, end })) } : {}),
  };
  return done({ ok: true, items, traces, aside: mapped.setAside(), ignored, keys: p.ignoredKeys, logs: p.logs, unread, notes: [...new Set(notes)], tolerant, ...otherRuns, ...(reported.length ? { reported } : {}), again: saidAgain(read, items, owned.aside) }, run.results.length);
}

const quoteList = (words: string[]) => [...new Set(words)].map((w) => `"${w}"`).join(', ');

function mostlyUnread(text: string, understood: string[], unread: { word: string; at: number }[], example: string): ErrorReply {
  const read = understood.length ? `I understood ${quoteList(understood)}` : 'I understood none of it';
  return errorReply(
    text,
    unread[0]!.at,
    `Most of this message is words I do not read. ${read}; I did not understand ${quoteList(unread.map((u) => u.word))}. Say it with a model, what you do and the GPU, e.g. "${example}".`,
    { expected: expectedAfter([]), example },
  );
}

/**
 * One example in the user's own terms: their model, what they do and their card where they said
 * them ("Llama-3.1-8B-Instruct train on 8x h100"), completed where they did not.
 */
function exampleFrom(kept: Token[], written: (t: Token) => string): string {
  const first = (types: string[]) => kept.find((t) => types.includes(t.type));
  const model = first(['model', 'hub', 'size', 'moeSize']);
  const intent = first(['mode', 'serve', 'lora']);
  const card = first(['gpu', 'capacity']);
  return `${model ? written(model) : 'llama-3-8b'} ${intent ? written(intent) : 'inference'} on ${card ? written(card) : 'a 4090'}`;
}

/** How many parses the grammar finds for the items read from a request (0 when it is refused); for tests. */
export function parseCount(text: string): number {
  return readText(withoutInvisibles(text)).parses;
}

/** What the grammar did to read a request: the tokens it was given, and over every try the tokens fed and Earley states made. */
export interface ReadingWork extends ParseWork {
  given: number;
}

/** The grammar's work for one request (for tests: the reader's cost is bounded per token). */
export function parseWork(text: string): ReadingWork {
  return readText(withoutInvisibles(text)).work;
}

function withText(item: Item, text: string, mapped: MappedText): Item {
  const span = mapped.userSpan(item.at, item.end);
  const filled = { ...item, at: span.at, end: span.end, text: text.slice(span.at, span.end) } as Item;
  if (filled.kind === 'compare') {
    filled.a = withText(filled.a, text, mapped);
    filled.b = withText(filled.b, text, mapped);
  }
  return filled;
}

function unknownWord(text: string, at: number, word: string, suggestion: string | null, foreign: boolean, before: Token[]): ErrorReply {
  const expected = expectedAfter(before);
  const release = releaseQuestionAt(text, at);
  if (release) return errorReply(text, release.at, release.message, { expected });
  if (foreign) {
    return errorReply(text, at, `I don't know "${word}" (position ${at + 1}): I read requests in English words, and this short one has no other meaning around it. Say it in English, e.g. "13b on an H100".`, { expected });
  }
  const message = suggestion
    ? `I don't know "${word}" (position ${at + 1}). Did you mean "${suggestion}"?`
    : `I don't know "${word}" (position ${at + 1}). It is not a keyword, model or GPU I know; say "help" for the items I read.`;
  return errorReply(text, at, message, { expected, suggestion });
}

function parseError(text: string, mapped: MappedText, kept: Token[], index: number, expected: string[]): ErrorReply {
  const at = (t: Token) => mapped.userOffset(t.offset);
  const written = (t: Token) => mapped.userText(t.offset, t.offset + t.text.length);
  const t = kept[index];
  const last = kept[kept.length - 1]!;
  if (!t && last.type === 'number') return bareNumber(text, at(last), written(last), expected);
  if (!t) {
    const end = mapped.userSpan(last.offset, last.offset + last.text.length).end;
    return errorReply(text, end, `The request ends too early: "${written(last)}" needs ${expected.join(' or ') || 'more'} after it.`, {
      expected,
    });
  }
  if (t.type === 'number') return bareNumber(text, at(t), written(t), expected);
  const previous = kept[index - 1];
  // A bare number only fails at the token after it ("7b 13 bf16"): point at the number.
  if (previous?.type === 'number') return bareNumber(text, at(previous), written(previous), expected);
  const after = previous ? ` after "${written(previous)}"` : ' at the start';
  return errorReply(
    text,
    at(t),
    `"${written(t)}" can't go here${after} (position ${at(t) + 1}). I expected ${expected.join(', or ') || 'the end of the request'}.`,
    { expected },
  );
}

function bareNumber(text: string, at: number, written: string, expected: string[]): ErrorReply {
  // "Gemma4 on a 4070", "Qwen 3.6": the number is a release the catalog lacks, asked by its name (releases.ts).
  const release = releaseQuestionAt(text, at);
  if (release) return errorReply(text, release.at, release.message, { expected });
  return errorReply(
    text,
    at,
    `"${written}" is a number with no unit (position ${at + 1}). Say what it counts: "${written}b" for a model size, "seq ${written}", "bs ${written}" or "${written}x H100".`,
    { expected, suggestion: `${written}b` },
  );
}
