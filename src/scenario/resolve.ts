import type { HubContext } from '../hub/types.js';
import { errorReply } from '../language/errors.js';
import { withoutInvisibles } from '../language/normalise.js';
import type { Item } from '../language/items.js';
import { parseRequest, type ParseOutcome, type ReportedTopic } from '../language/parse.js';
import type { ErrorReply } from '../reply/types.js';
import type { NotUsed } from '../language/accounting.js';
import { factsOf, weakFactNotices, type FactTrace } from './facts.js';
import { DEFAULT_WORDS } from './defaults.js';
import { Patch, collectPatch } from './patch.js';
import { checkRanges, setAsideAcceptedOutOfRange, setAsideFractionalCounts, setAsideOutOfRangeInProse } from './ranges.js';
import { familyMembers } from './model-series.js';
import { accountFor, readingNotes, unique, weakFirst } from './resolve-notes.js';
import { runResolution } from './resolve-steps.js';
import { resolvedSettingAside } from './check-set-aside.js';
import type { HelpTopic, Scenario, WeightFormat } from './schema.js';
import { isGgufFormat } from '../memory/gguf.js';
import { threadKeepsItsModel } from './thread-model.js';
import { secondModelNotice } from './second-model.js';
import { NOT_LANGUAGE_MODELS, looksLikeModelName } from './unknown-model.js';
import { nearestReleases, unknownReleaseQuestion, unknownReleases } from '../language/releases.js';
import { setupOf, unknownModelQuestion, whichModelQuestion, wordsRead, PLACEHOLDER_SIZE } from './model-question.js';

// The steps of a resolution live one job to a file (resolve-steps.ts lists them); this file is
// the entry: text or items in, the outcome the replies read out.
export { shardingOf } from './resolve-sharding.js';


export type ResolveOutcome =
  | {
      ok: true;
      control: 'none' | 'undo' | 'reset';
      /** null only when there is nothing to estimate (pure help with no previous scenario, undo, a bare reset). */
      scenario: Scenario | null;
      /** The text only asked for help topics (scenario may still be the previous one). */
      helpOnly: boolean;
      /** The help topics this text asked for (`oom`, `nan` …), with or without a scenario. */
      helpTopics: HelpTopic[];
      /** Defaults filled in, in human words. */
      assumptions: string[];
      /** Filler words ignored, as written. */
      ignored: string[];
      /** Words not read (also stated in assumptions, so no reply can leave them out). */
      unread: string[];
      /**
       * What the reply must say up front, never behind a click (issue 11: no silent reading):
       * the intent assumed when none was said, and what reading noted (words not read, a name
       * read by its size, a card read by its memory …). Each is also in `assumptions`.
       */
      notices: string[];
      /** Every fact the reply states, traced to the user's words and the rules, or to a default (issue 22, item 6). */
      trace?: FactTrace[];
      /** Every number and setup-looking word no fact uses, once each (issue 22, item 4). */
      notUsed?: NotUsed[];
      /** What the user reported happened (an out-of-memory), read by its rule: no fact, a topic the reply answers. */
      reported?: ReportedTopic[];
    }
  /** `missing: 'model'`: refused only for naming no model (or one the catalog lacks), so a thread can wait for it. */
  | { ok: false; error: ErrorReply; missing?: 'model' };

/**
 * Text (a request or a follow-up) → the full scenario (DESIGN §2): the language reads the
 * text into items, then `applyItems` applies them. A follow-up is a patch on `previous`:
 * later wins over previous, and within one request two conflicting items are an error.
 * Never throws.
 */
export function resolveRequest(message: string, previous: Scenario | null, hub: HubContext = {}): ResolveOutcome {
  // The text the reader read (src/language/normalise.ts): error carets point into it.
  const text = withoutInvisibles(message);
  const parsed = parseRequest(text);
  if (!parsed.ok) return parsed;
  return applyItems(text, parsed, previous, hub);
}

/**
 * The scenario's half, one way: items (and what reading noted) in, scenario out. It never
 * reads text itself; `text` is only where error carets point. `hub` holds the Hub models the
 * adapter fetched for the request's `hub` items.
 */
export function applyItems(text: string, parsed: ReadItems, previous: Scenario | null, hub: HubContext = {}): ResolveOutcome {
  try {
    return resolveUnsafe(text, parsed, previous, hub);
  } catch (e) {
    return { ok: false, error: errorReply(text, 0, `I could not resolve this request (${(e as Error).message}). Try a simpler one.`) };
  }
}

export type ReadItems = Extract<ParseOutcome, { ok: true }>;

/**
 * The scenario a follow-up that sets nothing resolves `previous` to: every step run again with an
 * empty patch, then the checks; null where they refuse it (or it cannot be resolved). A follow-up
 * that sets only fields no step reads but its own is this scenario with those fields set
 * (src/plan/levers.ts applies its one-setting levers so; test/plan/setting-levers.test.ts).
 */
export function reresolved(previous: Scenario): Scenario | null {
  try {
    const result = runResolution('', new Patch(''), previous);
    return 'kind' in result ? null : result.scenario;
  } catch {
    return null;
  }
}

const fail = (error: ErrorReply): ResolveOutcome => ({ ok: false, error });

/**
 * The setup a message said with no model, in the reply's own words ("4× A800 80GB · batch 1 ·
 * full fine-tune"): resolved on a placeholder size, and only the facts read from the user's text
 * kept. Null when that does not resolve (the question then lists the words as written).
 */
function setupSaid(text: string, patch: Patch, parsed: ReadItems, hub: HubContext): string[] | null {
  try {
    const placeholder: Item = { kind: 'size', params: PLACEHOLDER_SIZE, experts: null, family: null, at: text.length, end: text.length, text: '' };
    if (patch.set('model', placeholder, placeholder)) return null;
    const result = runResolution(text, patch, null, hub);
    if ('kind' in result) return null;
    const trace = factsOf(patch, parsed.items, parsed.traces, result.scenario, false, text, { previous: null, modelChosenAmong: false, notes: parsed.notes });
    return setupOf(trace);
  } catch {
    return null;
  }
}

/**
 * What a follow-up `change` resolves `previous` to, or null where it is refused: the scenario of
 * `resolveRequest(change, previous)`, without the facts' trace, the notices and the words no fact
 * used, which only a reply reads (src/plan/levers.ts applyChange: a lever's scenario is estimated,
 * never shown as read). Never throws.
 */
export function followUpScenario(change: string, previous: Scenario): Scenario | null {
  const text = withoutInvisibles(change);
  const parsed = parseRequest(text);
  if (!parsed.ok) return null;
  try {
    const resolved = resolution(text, parsed, previous, {});
    if ('ok' in resolved) return resolved.ok ? resolved.scenario : null;
    return resolved.result.scenario;
  } catch {
    return null;
  }
}

/** A resolution that got as far as a scenario, with what its trace is read from. */
interface Resolution {
  text: string;
  patch: Patch;
  parsed: ReadItems;
  base: Scenario | null;
  control: 'none' | 'undo' | 'reset';
  result: { scenario: Scenario; assumptions: string[]; perNodeDefault?: { nodes: number; perNode: number } | null };
}

function resolveUnsafe(text: string, readAlone: ReadItems, previous: Scenario | null, hub: HubContext): ResolveOutcome {
  const resolved = resolution(text, readAlone, previous, hub);
  return 'ok' in resolved ? resolved : traced(resolved);
}

/** The items applied: an outcome where the request ends before a scenario (refused, undo, help), else the resolution. */
function resolution(text: string, readAlone: ReadItems, previous: Scenario | null, hub: HubContext): ResolveOutcome | Resolution {
  // In a thread, a model said only of another run leaves the thread's model in place.
  const read = previous ? threadKeepsItsModel(readAlone, previous) : readAlone;
  const collected = collectPatch(read.items, text, read.tolerant === true);
  if ('kind' in collected) return fail(collected);
  const patch = collected;
  llamaCppOffload(patch);
  // A program's own accepted values ("-c 0": the model's context) first: said as what they mean, not as out of range.
  setAsideAcceptedOutOfRange(patch);
  // An item whose words run over a line break ("batch)\n        loss = outputs[0" in a pasted training_step,
  // Lightning-AI/pytorch-lightning#19721, c981) was read across lines, on a guess like a weak rule's.
  if (read.tolerant) setAsideOutOfRangeInProse(patch, (item) => read.traces[read.items.indexOf(item)]?.weak === true || /\n/.test(item.text));
  if (read.tolerant) setAsideFractionalCounts(patch);
  let parsed = patch.setAside.length ? { ...read, notes: [...read.notes, ...patch.setAside] } : read;
  const ignored = parsed.ignored;
  let control: 'undo' | 'reset' | 'none' = patch.value<'undo' | 'reset'>('control') ?? 'none';
  // A loop, not filter: the parse cache hands out frozen arrays, on which filter is several times slower.
  const others: Item[] = [];
  for (const i of parsed.items) if (i.kind !== 'control') others.push(i);
  // "undo", "go back", "revert" inside prose that names a setup ("so I have to go back to 0.0.18",
  // turboderp-org/exllamav2#465 c1116; "I had to revert to the older driver") tell what the user did,
  // not a command to the bot: set aside and said once, and the message read (undo alone still undoes).
  // "reset", "clear", "start over" likewise ("So just to be clear, on an M1 MAX…" c1088, "requires a
  // hard reset" c2458, "I don't see a clear error trace" c1874 had each wiped the thread): said only
  // where a thread had a setup to keep. Inside a sentence only: a line that starts with it ("undo
  // 7b", the answer to a question) is a command to the bot, and stays the mistake it is.
  const controlItem = parsed.items.find((i) => i.kind === 'control');
  const midSentence = controlItem !== undefined && text.slice(text.lastIndexOf('\n', controlItem.at - 1) + 1, controlItem.at).trim() !== '';
  if (control !== 'none' && read.tolerant && midSentence && (others.length || control === 'reset')) {
    const word = controlItem?.text.trim() ?? control;
    if (control === 'undo') parsed = { ...parsed, notes: [...parsed.notes, `"${word}" set aside: it tells what you did; "undo" alone goes back one step`] };
    else if (previous) parsed = { ...parsed, notes: [...parsed.notes, `"${word}" set aside: it is part of a sentence; "reset" alone starts a new request`] };
    control = 'none';
  }

  if (control === 'undo') {
    if (others.length) return fail(errorReply(text, others[0]!.at, '"undo" goes back one step and stands alone: send it by itself, then the change.'));
    return { ok: true, control, scenario: null, helpOnly: false, helpTopics: [], assumptions: [], ignored, unread: [], notices: [] };
  }
  const base = control === 'reset' ? null : previous;
  if (others.every((i) => i.kind === 'help')) {
    const helpOnly = patch.help.length > 0;
    const scenario = base && helpOnly ? { ...base, help: [...patch.help] } : base;
    const notes = readingNotes(parsed);
    return { ok: true, control, scenario, helpOnly, helpTopics: [...patch.help], assumptions: notes, ignored, unread: parsed.unread.map((u) => u.word), notices: notes };
  }
  // "7b vs 13b" with no other model: the first side is the model, the question compares.
  const compare = others.find((i) => i.kind === 'compare');
  if (!base && !patch.has('model') && compare?.kind === 'compare' && (compare.a.kind === 'size' || compare.a.kind === 'model' || compare.a.kind === 'hub')) {
    patch.set('model', compare.a, compare.a);
  }
  const rangeError = checkRanges(patch, text);
  if (rangeError) return fail(rangeError);
  if (!base && !patch.has('model')) {
    // "SFT the nemotron-3-super model": a name the user gave that the catalog lacks is said as such.
    // …and a family word standing alone ("Qwen用这个6G显存真的能跑吗", QwenLM/Qwen#94, c943; "can I run qwen on a
    // 3060?") is asked which of the family, not which model, as if the user had said nothing; one that
    // begins a longer name the catalog lacks ("Qwen3-Coder-Next-Base", c687) is not the family's question.
    const alone = (u: { word: string; at: number }) => !/[\w.\-/]/.test(text[u.at - 1] ?? '') && !/[\w.\-/]/.test(text[u.at + u.word.length] ?? '');
    const unknown =
      parsed.unread.find((u) => looksLikeModelName(u.word, text, u.at)) ??
      parsed.unread.find((u) => /^[a-z][a-z0-9.]*$/i.test(u.word) && text.slice(u.at, u.at + u.word.length) === u.word && alone(u) && familyMembers(u.word).length > 0);
    // "fine-tuning llama model" (c510): a family the catalog holds, named with no version or size, is asked which.
    const family = unknown ? familyMembers(unknown.word) : [];
    const named = family.length ? undefined : unknown;
    const other = NOT_LANGUAGE_MODELS.exec(text);
    const read = () => setupSaid(text, patch, parsed, hub) ?? wordsRead(others);
    // "GLM 4.7", "qwen 3.6": a release of a family the catalog knows, newer than it, is asked by its name.
    const release = other ? undefined : unknownReleases(text)[0];
    const question = release
      ? unknownReleaseQuestion(release.written, nearestReleases(release.family, release.version), read())
      : family.length
      ? whichModelQuestion(read(), { family: unknown!.word, members: family })
      : other
      ? `"${other[0]}" is ${other[1] ? 'a speech model' : other[2] ? 'an image-generation model' : 'a vision model'}; headroom estimates language models (decoder LLMs, with their vision towers, and BERT-style encoders). Name one, e.g. "llama-3-8b lora on a 4090".`
      : named
        ? unknownModelQuestion(wholeName(text, named), read())
        : whichModelQuestion(read());
    const error = errorReply(text, release?.at ?? named?.at ?? others[0]?.at ?? 0, question, {
      expected: ['a model name (llama-2-13b)', 'a model size (13b)'],
    });
    // Naming no model is no fault in the words: the renders ask it, with no caret under the text.
    return { ok: false, error: other || named || release ? error : { ...error, question: true }, missing: 'model' };
  }
  // A split check failed by a setting read from pasted prose sets that setting aside, said (check-set-aside.ts).
  const { result, notes: setAside } = resolvedSettingAside(patch, read.tolerant === true, () => runResolution(text, patch, base, hub));
  if ('kind' in result) return fail(result);
  if (setAside.length) parsed = { ...parsed, notes: [...parsed.notes, ...setAside] };
  return { text, patch, parsed, base, control, result };
}

/**
 * The name as the user wrote it around the unread word: "glm-4.5V" for the "glm" the reader kept apart from its
 * version ("两张h100能部署glm-4.5V的fp8版本不", zai-org/GLM-V#116, c2542), so the question says back what was named.
 */
function wholeName(text: string, unread: { word: string; at: number }): string {
  if (text.slice(unread.at, unread.at + unread.word.length) !== unread.word) return unread.word;
  const whole = /^[A-Za-z0-9][\w.\-/]*/.exec(text.slice(unread.at))?.[0].replace(/[.\-_/]+$/, '') ?? '';
  return whole.length > unread.word.length ? whole : unread.word;
}

/** The resolved scenario with its facts traced to the words, the notices and the words no fact used. */
function traced({ text, patch, parsed, base, control, result }: Resolution): ResolveOutcome {
  const [intent, ...rest] = result.assumptions;
  const intentFirst = intent && INTENT_WORDS.has(intent) ? [intent] : [];
  const modelChosenAmong = [...parsed.notes, ...patch.setAside].some((n) => /is another setup the message mentions|as your setup's model;/.test(n));
  const perNodeDefault = result.perNodeDefault ?? null;
  const trace = factsOf(patch, parsed.items, parsed.traces, result.scenario, base !== null, text, { previous: base, modelChosenAmong, notes: parsed.notes, perNodeDefault });
  const notUsed = accountFor(text, parsed, trace, patch, result.scenario);
  const second = secondModelNotice(text, parsed.unread, trace);
  const notices = unique([...intentFirst, ...(second ? [second] : []), ...weakFirst(weakFactNotices(trace), readingNotes(parsed), trace)]);
  // The per-node default is said by the weak fact it makes (node-counts.ts); where no fact of this message holds the
  // node words, it is said as a default.
  const perNodeSaid = perNodeDefault === null || trace.some((f) => f.nodeSwitch);
  const perNodeWords = perNodeSaid ? [] : [`${perNodeDefault.perNode} GPUs per node (default; say "2 nodes of 4x a100" for another)`];
  const assumptions = [...notices, ...(intentFirst.length ? rest : result.assumptions), ...perNodeWords];
  return {
    ok: true,
    control,
    scenario: result.scenario,
    helpOnly: false,
    helpTopics: [...patch.help],
    assumptions: unique(assumptions),
    ignored: parsed.ignored,
    unread: parsed.unread.map((u) => u.word),
    notices,
    trace,
    notUsed,
    ...(parsed.reported ? { reported: parsed.reported } : {}),
  };
}

const INTENT_WORDS = new Set<string>([DEFAULT_WORDS.mode, DEFAULT_WORDS.inferenceIntent]);

/**
 * "mixtral 8x7b q4 on 3090 + 64gb ram, offload": with a GGUF model, "offload" is llama.cpp keeping
 * layers in host RAM (-ngl), not a trainer's optimizer offload; said, and left to the -ngl lever.
 */
function llamaCppOffload(patch: Patch): void {
  const offload = patch.get<string>('offload.optimizer');
  const weights = patch.value<WeightFormat>('weights');
  const gguf = (weights !== undefined && isGgufFormat(weights)) || patch.value<string>('framework') === 'llamacpp';
  if (!offload || !gguf || !/^(?:cpu\s+)?offload(?:s|ed|ing)?$/i.test(offload.item.text.trim())) return;
  patch.drop('offload.optimizer');
  patch.setAside.push(`"${offload.item.text.trim()}" with a GGUF model is llama.cpp keeping layers in host RAM: say -ngl N for how many go on the GPU (the reply offers the split that fits)`);
}
