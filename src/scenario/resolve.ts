import { MODELS, gpuById, modelById } from '../catalog/index.js';
import { servedContextLengthOf, servedRopeFactorOf } from '../catalog/context-lengths.js';
import type { ModelSpec } from '../catalog/types.js';
import { nativeWeightFormat } from '../memory/checkpoint.js';
import { isGgufFormat } from '../memory/gguf.js';
import { batchShape } from '../memory/overhead.js';
import { sglangDefaultMemFraction } from '../memory/sglang.js';
import { hubScenarioModel, hubSilence } from '../hub/resolve-model.js';
import type { HubContext } from '../hub/types.js';
import { errorReply } from '../language/errors.js';
import { R1_DISTILLS, seriesKey, seriesTable } from '../language/families.js';
import { sizeNumber } from '../language/numbers.js';
import { withoutInvisibles } from '../language/normalise.js';
import type { Item } from '../language/items.js';
import { parseRequest, type ParseOutcome } from '../language/parse.js';
import { ENGINE_NAMED } from '../language/vocabulary.js';
import type { ErrorReply } from '../reply/types.js';
import { notUsedIn, type NotUsed } from '../language/accounting.js';
import { checkScenario } from './checks.js';
import { factsOf, weakFactNotices, type FactTrace } from './facts.js';
import { cloneArchitecture, cloneScenario } from './clone.js';
import { DEFAULTS, DEFAULT_WORDS, LORA_DEFAULTS, defaultInference, defaultWeights, newScenario } from './defaults.js';
import { DEFAULT_PER_NODE, resolveHardware } from './hardware.js';
import { gpuCountOf, gpusPerNodeOf, unnamedGpusWords } from './gpus.js';
import { Patch, collectPatch } from './patch.js';
import { presetFor } from './presets.js';
import { checkRanges } from './ranges.js';
import { DRIVERS, unstatedDrivers, withUnstated } from './unstated.js';
import type { HelpTopic, Lora, Scenario, ScenarioModel, WeightFormat } from './schema.js';
import { MAX_PARAMS, MIN_PARAMS, shapeForSize } from './shape.js';
import { carriedPipelineFitted } from './split.js';
import { threadKeepsItsModel } from './thread-model.js';
import { undoSplitOverOldCount } from './split-follows-count.js';
import { describesModel } from '../language/describing-words.js';
import { setupOf, whichModelQuestion, wordsRead, PLACEHOLDER_SIZE } from './model-question.js';

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
    const result = new Resolution('', new Patch(''), previous).run();
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
    const result = new Resolution(text, patch, null, hub).run();
    if ('kind' in result) return null;
    const trace = factsOf(patch, parsed.items, parsed.traces, result.scenario, false, text, { previous: null, modelChosenAmong: false, notes: parsed.notes });
    return setupOf(trace);
  } catch {
    return null;
  }
}

function resolveUnsafe(text: string, readAlone: ReadItems, previous: Scenario | null, hub: HubContext): ResolveOutcome {
  // In a thread, a model said only of another run leaves the thread's model in place.
  const read = previous ? threadKeepsItsModel(readAlone, previous) : readAlone;
  const collected = collectPatch(read.items, text, read.tolerant === true);
  if ('kind' in collected) return fail(collected);
  const patch = collected;
  llamaCppOffload(patch);
  const parsed = patch.setAside.length ? { ...read, notes: [...read.notes, ...patch.setAside] } : read;
  const ignored = parsed.ignored;
  const control = patch.value<'undo' | 'reset'>('control') ?? 'none';
  // A loop, not filter: the parse cache hands out frozen arrays, on which filter is several times slower.
  const others: Item[] = [];
  for (const i of parsed.items) if (i.kind !== 'control') others.push(i);

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
    const unknown = parsed.unread.find((u) => looksLikeModelName(u.word, text));
    // "fine-tuning llama model" (c510): a family the catalog holds, named with no version or size, is asked which.
    const family = unknown ? familyMembers(unknown.word) : [];
    const named = family.length ? undefined : unknown;
    const other = NOT_LANGUAGE_MODELS.exec(text);
    const read = () => setupSaid(text, patch, parsed, hub) ?? wordsRead(others);
    const question = family.length
      ? whichModelQuestion(read(), { family: unknown!.word, members: family })
      : other
      ? `"${other[0]}" is ${other[1] ? 'a speech model' : other[2] ? 'an image-generation model' : 'a vision model'}; headroom estimates language models (decoder LLMs, with their vision towers, and BERT-style encoders). Name one, e.g. "llama-3-8b lora on a 4090".`
      : named
        ? `I don't know the model "${named.word}". Give its size with it (e.g. "${named.word} 70b") or its Hub id, and I'll estimate it as a model of that size.`
        : whichModelQuestion(read());
    const error = errorReply(text, named?.at ?? others[0]?.at ?? 0, question, {
      expected: ['a model name (llama-2-13b)', 'a model size (13b)'],
    });
    // Naming no model is no fault in the words: the renders ask it, with no caret under the text.
    return { ok: false, error: other || named ? error : { ...error, question: true }, missing: 'model' };
  }
  const result = new Resolution(text, patch, base, hub).run();
  if ('kind' in result) return fail(result);
  const [intent, ...rest] = result.assumptions;
  const intentFirst = intent && INTENT_WORDS.has(intent) ? [intent] : [];
  const modelChosenAmong = [...parsed.notes, ...patch.setAside].some((n) => /is another setup the message mentions|as your setup's model;/.test(n));
  const trace = factsOf(patch, parsed.items, parsed.traces, result.scenario, base !== null, text, { previous: base, modelChosenAmong, notes: parsed.notes });
  const notUsed = accountFor(text, parsed, trace, patch);
  const notices = unique([...intentFirst, ...weakFirst(weakFactNotices(trace), readingNotes(parsed), trace)]);
  const assumptions = [...notices, ...(intentFirst.length ? rest : result.assumptions)];
  return {
    ok: true,
    control,
    scenario: result.scenario,
    helpOnly: false,
    helpTopics: [...patch.help],
    assumptions: unique(assumptions),
    ignored,
    unread: parsed.unread.map((u) => u.word),
    notices,
    trace,
    notUsed,
  };
}

/**
 * The weak facts first (issue 22, item 5), so the first screen's clipped notices always hold them:
 * their own lines, then the notes that ask about the words of a weak fact or ask which of two
 * readings was meant, then the rest.
 */
function weakFirst(weak: string[], notes: string[], trace: FactTrace[]): string[] {
  const words = trace.filter((f) => f.weak && f.words.trim()).map((f) => f.words);
  const quotes = (n: string) => [...n.matchAll(/"([^"]{2,})"/g)].map((m) => m[1]!);
  const asks = (n: string) => /which did you mean/i.test(n) || quotes(n).some((q) => words.some((w) => w.includes(q)));
  return [...weak, ...notes.filter(asks), ...notes.filter((n) => !asks(n))];
}

/** What the message holds that no fact uses: the items set aside, unread words, set-aside keys, unused numbers. */
function accountFor(text: string, parsed: ReadItems, trace: FactTrace[], patch: Patch): NotUsed[] {
  const used = trace.filter((f) => f.at !== null && f.end !== null).map((f) => ({ at: f.at!, end: f.end! }));
  const setAside = [
    // Another run's settings (a past run, a paper's setup) first, with their reason.
    ...(parsed.otherRuns ?? []),
    ...parsed.items.filter((i) => patch.setAside.some((n) => n.includes(`"${i.text}"`))).map((i) => ({ at: i.at, end: i.end, words: i.text })),
  ];
  return notUsedIn(text, { used, setAside, unread: parsed.unread, keys: parsed.keys, logs: parsed.logs });
}

/** The words in order, each once: for lists this short, cheaper than spreading a Set. */
function unique(words: string[]): string[] {
  return words.filter((word, i) => words.indexOf(word) === i);
}

const INTENT_WORDS = new Set<string>([DEFAULT_WORDS.mode, DEFAULT_WORDS.inferenceIntent]);

/** What reading could not do or did by assumption, in words for the reply (issue 11: never silent). */
function readingNotes(parsed: ReadItems): string[] {
  const notes = [...parsed.notes];
  if (parsed.unread.length) {
    const words = [...new Set(parsed.unread.map((u) => (u.suggestion ? `"${u.word}" (did you mean "${u.suggestion}"?)` : `"${u.word}"`)))];
    notes.unshift(`not read: ${words.join(', ')}`);
  }
  return notes;
}

/** The GGUF type of a width said generically ("4bit" reads as NF4, "int4" as GPTQ, "8bit" as int8 elsewhere). */
const GGUF_OF_GENERIC: Partial<Record<WeightFormat, WeightFormat>> = { nf4: 'q4_k_m', 'nf4-dq': 'q4_k_m', gptq: 'q4_k_m', awq: 'q4_k_m', int8: 'q8_0' };
const QUANTISED: WeightFormat[] = ['int8', 'nf4', 'nf4-dq', 'gptq', 'awq', 'fp8', 'mxfp4', 'q8_0', 'q6_k', 'q5_k_m', 'q4_k_m', 'q3_k_m', 'q2_k'];

/** Training on quantised weights trains adapters on them: QLoRA on NF4, LoRA on any other format. */
const adaptersOn = (weights: WeightFormat): 'qlora' | 'lora' => (weights === 'nf4' || weights === 'nf4-dq' ? 'qlora' : 'lora');

/** TRL's online trainers, whose rollouts vLLM may generate (GRPOConfig / PPO use_vllm). */
const ROLLOUT_TRAINERS = new Set(['grpo', 'ppo']);
/** Frameworks that only train (a DPO or torchtune run "loads" a model to train it). */
const TRAINING_FRAMEWORKS = new Set(['dpo', 'orpo', 'grpo', 'ppo', 'torchtune', 'axolotl', 'llama-factory', 'torchtitan', 'megatron', 'llama-recipes', 'alpaca-lora']);

/** Slots only a training run has: with one of them and no intent word, the request trains. */
const TRAINING_SLOTS = ['optimizer', 'impl', 'ga', 'gbs', 'recompute', 'offload.optimizer', 'sharding', 'loss'];


/** Models of other kinds people ask about: speech (1), image generation (2), vision backbones (3). */
const NOT_LANGUAGE_MODELS = /\b(?:(whisper(?:[\s-](?:large|medium|small|base|tiny)(?:[\s-]v\d)?)?|wav2vec\s?2?|hubert)|(sdxl|stable[\s-]?diffusion(?:[\s-]xl)?|sd\s?(?:1\.5|2\.1|3(?:\.5)?)|flux(?:\.1)?(?:[\s-](?:dev|schnell))?|controlnet)|(yolo(?:v\d+)?|resnet-?\d*|convnext))\b/i;

/**
 * No intent word ("run", "train", "serve" …): a training-only setting (an optimizer, ZeRO / FSDP,
 * checkpointing, accumulation, a training framework) means training; with none, the request is
 * about running the model, the question most such messages ask (DESIGN §2, issue 22 item 7:
 * "llama 3 70b on 2x a100" asks whether it runs there). The reply says which was assumed on its
 * first screen, with the one word that switches it.
 */
/** "compare zero2 vs zero3", "lora vs qlora": a comparison of training settings asks about training. */
function comparesTrainingSettings(question: Item | undefined): boolean {
  if (question?.kind !== 'compare') return false;
  return [question.a, question.b].some(
    (side) => TRAINING_SIDE_KINDS.has(side.kind) || (side.kind === 'mode' && side.value !== 'inference' && side.value !== 'run') || side.kind === 'lora',
  );
}

const TRAINING_SIDE_KINDS = new Set<Item['kind']>(['optimizer', 'impl', 'sharding', 'recompute', 'loss']);

function intentByDefault(trainingSetting: boolean): Scenario['mode'] {
  return trainingSetting ? 'full' : 'inference';
}

/**
 * The architecture overrides a request may give: its word, the field it sets, and its patch slot.
 * Slot names are built once here: a template string per lookup cost more than the lookup.
 */
const ARCH_FIELDS = (
  [
    ['layers', 'layers'],
    ['hidden', 'hidden'],
    ['heads', 'heads'],
    ['kv', 'kvHeads'],
    ['ffn', 'ffn'],
    ['vocab', 'vocab'],
    ['headdim', 'headDim'],
  ] as const
).map(([word, field]) => ({ word, field, slot: `arch.${word}` }));

/** The parallel degrees a request may give, with their patch slots. */
const PARALLEL_SLOTS = (['tp', 'pp', 'cp', 'ep', 'vpp'] as const).map((dim) => ({ dim, slot: `par.${dim}` }));

/** One resolution: the draft scenario, the defaults used, and the steps in dependency order. */
/** What a training word that names no method is said as: a full fine-tune, until a framework's default names one. */
const noMethodWords = (word: string) => `full fine-tune: "${word}" names no method (say lora or qlora to train adapters)`;

class Resolution {
  private s!: Scenario;
  private readonly assumptions: string[] = [];
  private readonly isNew: boolean;
  /** Fields a framework preset set in this request (their defaults are not "assumed"). */
  private readonly presetSet = new Set<string>();
  /** The weight format a Hub model's quantization_config names (AWQ, GPTQ …), for its inference default. */
  private hubWeights: WeightFormat | null = null;

  constructor(
    private readonly text: string,
    private readonly patch: Patch,
    private readonly base: Scenario | null,
    private readonly hub: HubContext = {},
  ) {
    this.isNew = base === null;
  }

  run(): { scenario: Scenario; assumptions: string[] } | ErrorReply {
    const steps = [
      () => this.model(),
      () => this.arch(),
      () => this.mode(),
      () => this.parallel(),
      () => this.hardware(),
      () => this.layerSplit(),
      () => this.framework(),
      () => this.precision(),
      () => this.trainingChoices(),
      () => this.sharding(),
      () => this.batch(),
      () => this.inference(),
      () => this.questions(),
      () => this.keptFromThread(),
    ];
    for (const step of steps) {
      const error = step();
      if (error) return error;
    }
    const error = checkScenario(this.s, this.patch, this.text, this.base);
    if (error) return error;
    // The scenario's shape is guaranteed by the steps above and checked against scenarioSchema in
    // the tests (test/scenario, test/language/tolerant.test.ts), not here: zod costs ~60 ms of
    // every cold start of the CLI (issue 11), and the request path never needs it.
    return { scenario: this.s, assumptions: unique(this.assumptions) };
  }

  private err(slot: string, message: string, extra: { suggestion?: string; expected?: string[] } = {}): ErrorReply {
    return errorReply(this.text, this.patch.get(slot)?.item.at ?? 0, message, extra);
  }

  private assume(words: string): void {
    this.assumptions.push(words);
  }

  private unassume(words: string): void {
    const at = this.assumptions.indexOf(words);
    if (at >= 0) this.assumptions.splice(at, 1);
  }

  /** The intent assumption comes first: it is the one that changes the question answered. */
  private intent(words: string): void {
    this.assumptions.unshift(words);
  }

  private model(): ErrorReply | null {
    const slot = this.patch.get<Item>('model');
    if (!slot) {
      this.s = cloneScenario(this.base!);
      return null;
    }
    const item = slot.value;
    const asWritten = item.text.toLowerCase().replace(/\s+/g, ' ').trim();
    let model: ScenarioModel;
    if (item.kind === 'model') {
      const spec = modelById(item.id);
      model = { id: spec.id, name: spec.name, asWritten, requestedParams: null, arch: cloneArchitecture(spec.arch), overrides: [] };
    } else if (item.kind === 'size') {
      if (!(item.params >= MIN_PARAMS && item.params <= MAX_PARAMS)) {
        return this.err(
          'model',
          `"${item.text}" is not a model size I can shape: sizes run from 10M to 10,000B parameters (e.g. "350m", "7b", "70b", "8x7b").`,
          { expected: ['a model size 10m–10000b'] },
        );
      }
      // "32b model can run smoothly on RTX 4090" in a thread about DeepSeek R1 (huggingface/open-r1#113):
      // a bare size R1 was distilled at is that distill, as "deepseek-r1:32b" would be.
      const distill = this.base?.model.id === 'deepseek-r1' && !item.experts && !item.family ? R1_DISTILLS[`${Number((item.params / 1e9).toPrecision(3))}b`] : undefined;
      // "now 14b" in a Qwen2.5-7B thread is Qwen2.5-14B: a bare size keeps the thread's model series
      // when the series has that size.
      const thread = !distill && this.base?.model.id && item.family === null && item.experts === null ? modelById(this.base.model.id) : null;
      const sibling = thread ? seriesSibling(thread.id, item.params) : null;
      if (distill) {
        const spec = modelById(distill);
        model = { id: spec.id, name: spec.name, asWritten: spec.id, requestedParams: null, arch: cloneArchitecture(spec.arch), overrides: [] };
        this.assume(`"${item.text}" in a thread about DeepSeek R1 read as its ${item.text} distill, a ${spec.name} fine-tune (say deepseek-r1 for the 671B model)`);
      } else if (sibling) {
        model = { id: sibling.id, name: sibling.name, asWritten: sibling.id, requestedParams: null, arch: cloneArchitecture(sibling.arch), overrides: [] };
        this.assume(sibling === thread ? `"${item.text.trim()}" read as the thread's ${sibling.name}` : `"${item.text.trim()}" read as ${sibling.name}, the thread's ${thread!.name} at that size`);
      } else {
        const choice = shapeForSize(item.params, item.experts, item.family, asWritten);
        if ('error' in choice) return this.err('model', choice.error);
        model = choice.model;
        this.assume(choice.note);
      }
    } else if (item.kind === 'hub' && item.offline?.model && hubSilence(item.repo, this.hub)) {
      // No answer from the Hub: a repo named after a catalog model reads as that model, with the
      // catalog's published values.
      const spec = modelById(item.offline.model);
      model = { id: spec.id, name: spec.name, asWritten, requestedParams: null, arch: cloneArchitecture(spec.arch), overrides: [] };
      this.hubWeights = item.offline.weights as WeightFormat | null;
      this.assume(`"${item.text}" read as the catalog's ${spec.name} (published values): ${hubSilence(item.repo, this.hub)}`);
    } else if (item.kind === 'hub' && item.offline?.size && hubSilence(item.repo, this.hub)) {
      // …and a repo the catalog lacks reads by the size its name holds, as the same name in prose would.
      const { params, experts, family } = item.offline.size;
      const choice = shapeForSize(params, experts, family, asWritten);
      if ('error' in choice) return this.err('model', choice.error);
      model = choice.model;
      this.hubWeights = item.offline.weights as WeightFormat | null;
      this.assume(`I don't know the model "${item.text}" and ${hubSilence(item.repo, this.hub)}: read by its name as a ${Number((params / 1e9).toPrecision(3))}B model${family ? ` of ${family} shape` : ''}`);
      this.assume(choice.note);
    } else if (item.kind === 'hub') {
      const found = hubScenarioModel(item.repo, item.text, this.hub);
      if (!found.ok) return this.err('model', found.message);
      model = found.model;
      this.hubWeights = found.weights;
      for (const note of found.notes) this.assume(note);
    } else {
      return this.err('model', 'Internal: model slot holds a non-model item.');
    }
    // A follow-up naming a new model keeps everything else (DESIGN §2), but not the old overrides.
    this.s = this.base ? { ...cloneScenario(this.base), model } : newScenario(model);
    return null;
  }

  private arch(): ErrorReply | null {
    const model = this.s.model;
    // A value that restates the named catalog model's own shape ("llama2-7b" with a launch script's
    // NUM_LAYERS=32 HIDDEN_SIZE=4096 …, NVIDIA/Megatron-LM#606) overrides nothing: the model stays as published.
    const published = model.id !== null ? modelById(model.id).arch : null;
    const restated = new Set<string>();
    let shapeChanged = false;
    for (const { word, field, slot } of ARCH_FIELDS) {
      const value = this.patch.value<number>(slot);
      if (value === undefined) continue;
      if (published?.[field] === value) restated.add(word);
      if ((word === 'hidden' || word === 'heads') && !(restated.has(word) && model.arch[field] === value)) shapeChanged = true;
      model.arch[field] = value;
    }
    const asked = ARCH_FIELDS.filter(({ word, slot }) => !restated.has(word) && (this.patch.has(slot) || model.overrides.includes(word))).map(({ word }) => word);
    model.overrides = asked;
    // An overridden shape counts its own parameters, not the bare size it started from.
    if (asked.length && model.requestedParams !== null && model.id === null) delete model.arch.sizeAdjustment;
    const { hidden, heads, kvHeads } = model.arch;
    // Gemma 3 and others set head_dim apart from hidden ÷ heads: an explicit head dim stands.
    const headDimAsked = this.patch.has('arch.headdim') || model.overrides.includes('headdim');
    if (shapeChanged && !headDimAsked) {
      if (hidden % heads !== 0) {
        const slot = this.patch.has('arch.heads') ? 'arch.heads' : 'arch.hidden';
        return this.err(slot, `hidden ${hidden} must be a multiple of heads ${heads} (head dim = hidden / heads).`);
      }
      model.arch.headDim = hidden / heads;
    }
    if (kvHeads > heads || heads % kvHeads !== 0) {
      const slot = this.patch.has('arch.kv') ? 'arch.kv' : 'arch.heads';
      return this.err(slot, `kv heads ${kvHeads} must divide heads ${heads} (grouped-query attention shares each KV head among heads / kv query heads).`);
    }
    return null;
  }

  private mode(): ErrorReply | null {
    const s = this.s;
    const previousMode = this.base?.mode ?? null;
    let asked = this.patch.value<Scenario['mode']>('mode');
    // "GRPO … with vllm for generation": TRL's online trainers generate rollouts with vLLM
    // (use_vllm); the run is still the training one.
    const trainer = this.patch.value<string>('framework') ?? this.base?.framework ?? '';
    if (asked === 'inference' && this.patch.has('engine') && ROLLOUT_TRAINERS.has(trainer) && this.patch.get('mode')?.item === this.patch.get('engine')?.item) {
      asked = undefined;
      this.patch.drop('mode');
      this.patch.drop('engine');
      this.assume(`"${this.patch.get('framework')?.item.text ?? trainer}" with vLLM: vLLM generates the rollouts (TRL use_vllm), the run is training; vLLM's own memory (its GPU in server mode, vllm_gpu_memory_utilization of this one colocated) is not modelled`);
    }
    // "GPU memory utilization=0.6" in a GRPO or PPO run (verl rollout.gpu_memory_utilization, OpenRLHF
    // vllm_gpu_memory_utilization, qiancheng0/ToolRL#53): the rollout engine's share of the card, not
    // a serving request; set aside, said, rather than read as a contradiction of the training.
    if (this.patch.has('util') && ROLLOUT_TRAINERS.has(trainer) && asked !== 'inference') {
      const said = this.patch.get('util')!.item.text;
      this.patch.drop('util');
      this.assume(`"${said}" is the rollout engine's (vLLM) share of GPU memory in a ${trainer.toUpperCase()} run: vLLM's own memory is not modelled`);
    }
    const inferenceOnly = ['gen', 'kv', 'util', 'ngl'].find((slot) => this.patch.has(slot));
    const trainingSetting =
      TRAINING_SLOTS.find((slot) => this.patch.has(slot)) ??
      (TRAINING_FRAMEWORKS.has(this.patch.value<string>('framework') ?? '') ? 'framework' : undefined) ??
      (comparesTrainingSettings(this.patch.get('question')?.item) ? 'question' : undefined);
    let mode: Scenario['mode'];
    // A quantised checkpoint ("unsloth/llama-3-8b-bnb-4bit", "…-GPTQ") is its weights too.
    const quantised = this.patch.value<WeightFormat>('weights') ?? this.hubWeights ?? undefined;
    if (asked) mode = asked;
    else if (this.patch.has('train') && quantised && QUANTISED.includes(quantised) && quantised !== 'fp8' && (!previousMode || previousMode === 'inference')) {
      // Training on quantised weights trains adapters on them: a full fine-tune cannot.
      mode = adaptersOn(quantised);
      if (this.isNew) this.intent(`${mode === 'qlora' ? 'QLoRA' : 'LoRA'}: training on ${quantised} weights trains adapters (say "full" with 16-bit weights to train every weight)`);
    } else if (this.patch.has('train')) {
      mode = !previousMode || previousMode === 'inference' ? 'full' : previousMode;
      // "training a 13B in a 24GB GPU": a training word names no method; the full fine-tune is said.
      if (mode === 'full' && this.isNew && !this.patch.has('mode') && !this.patch.has('sharding')) {
        this.intent(noMethodWords(this.patch.get('train')!.item.text));
      }
    }
    else if (inferenceOnly) mode = 'inference';
    else if (this.patch.has('run')) {
      // "run"/"load"/"deploy" is inference unless a training setting says otherwise.
      // …and a 4-bit or 8-bit checkpoint trains adapters on it (a DPO run on "llama-3-8b-bnb-4bit").
      const adapters = quantised && QUANTISED.includes(quantised) && quantised !== 'fp8' ? adaptersOn(quantised) : null;
      // "loaded through LLaMA-Factory" in a thread about running a model (QwenLM/Qwen3#499, c275):
      // loading is no training word, and a training framework loads models for its chat too; the
      // framework alone does not turn the thread's inference into training.
      const loadedIn = trainingSetting === 'framework' && previousMode === 'inference' && /^(?:load|加载)/i.test(this.patch.get('run')!.item.text.trim());
      mode = trainingSetting && !loadedIn ? (previousMode && previousMode !== 'inference' ? previousMode : (adapters ?? 'full')) : 'inference';
      const trained = mode === 'full' ? 'full fine-tune' : mode === 'qlora' ? `QLoRA (on the ${quantised} checkpoint)` : `LoRA (on the ${quantised} checkpoint)`;
      if (trainingSetting && this.isNew) this.intent(`${trained}: "${this.patch.get('run')!.item.text}" with a training setting ("${this.patch.get(trainingSetting)!.item.text}"); say "inference" to run it instead`);
    } else if (previousMode === 'inference' && trainingSetting !== undefined && TRAINING_SLOTS.includes(trainingSetting)) {
      // "zero3" or "gc" after "13b on 4x a100": a setting only training has turns the thread to a
      // fine-tune, as it does in a new request (intentByDefault), said with the word that switches back.
      mode = 'full';
      this.intent(`full fine-tune: "${this.patch.get(trainingSetting)!.item.text}" is a training setting; say "inference" to run the model instead`);
      // The layer split Hugging Face generate was given by default (splitForServing) is no training
      // layout: the fine-tune starts from one copy per GPU, as a new request does.
      const p = s.parallel;
      if (s.framework !== 'llamacpp' && p.tp === 1 && p.pp > 1 && p.pp === this.gpus() && !this.patch.has('par.pp')) {
        p.pp = 1;
        delete p.schedule;
      }
    } else if (previousMode) mode = previousMode;
    else {
      mode = intentByDefault(trainingSetting !== undefined);
      this.intent(mode === 'inference' ? DEFAULT_WORDS.inferenceIntent : DEFAULT_WORDS.mode);
    }
    if (inferenceOnly && mode !== 'inference') {
      return this.err(inferenceOnly, `"${this.patch.get(inferenceOnly)!.item.text}" applies to inference; it contradicts "${this.patch.get('mode')?.item.text ?? mode}".`);
    }
    s.mode = mode;
    s.pretrain = this.patch.has('mode') ? this.patch.value<boolean>('pretrain') === true : mode === 'full' && s.pretrain;
    if (mode === 'lora' || mode === 'qlora') {
      const kept = previousMode === 'lora' || previousMode === 'qlora' ? s.lora : null;
      // A field-by-field copy (its one array too): structuredClone was 1% of the request path.
      const from = kept ?? LORA_DEFAULTS;
      const lora: Lora = { ...from, targets: [...from.targets] };
      const rank = this.patch.value<number>('lora.rank');
      const targets = this.patch.value<Lora['targets']>('lora.targets');
      const dropout = this.patch.value<number>('lora.dropout');
      const alpha = this.patch.value<number>('lora.alpha');
      if (rank !== undefined) lora.rank = rank;
      if (targets !== undefined) lora.targets = [...targets];
      if (dropout !== undefined) lora.dropout = dropout;
      if (alpha !== undefined) lora.alpha = alpha;
      if (!kept) {
        if (rank === undefined) this.assume(DEFAULT_WORDS.loraRank);
        if (targets === undefined) this.assume(DEFAULT_WORDS.loraTargets);
        if (dropout === undefined) this.assume(DEFAULT_WORDS.loraDropout);
      }
      s.lora = lora;
    } else {
      s.lora = null;
    }
    return null;
  }

  private modeChanged(): boolean {
    return this.isNew || this.base!.mode !== this.s.mode;
  }

  /**
   * A thread that ran on one GPU (or named none) moved onto several by this message ("两张卡" with
   * vLLM after "how much memory to run Qwen1.5-72B", "on 2x a100-80g"): the model is split over
   * them as a new request on those GPUs would be, not copied to each (QwenLM/Qwen3#88, c273).
   * A thread already on several GPUs keeps the layout it had.
   */
  private firstOnSeveralGpus(): boolean {
    if (this.isNew || !this.base) return false;
    return gpuCountOf(this.base) <= 1 && this.gpus() > 1 && this.base.parallel.tp === 1 && this.base.parallel.pp === 1;
  }

  private parallel(): ErrorReply | null {
    const p = this.s.parallel;
    for (const { dim, slot } of PARALLEL_SLOTS) {
      const v = this.patch.value<number>(slot);
      if (v !== undefined) p[dim] = v;
    }
    if (this.patch.has('par.sp')) p.sp = true;
    if (this.patch.has('allocator')) this.s.expandableSegments = true;
    const batches = this.patch.value<'packed' | 'padded'>('batches');
    if (batches) this.s.batches = batches;
    this.evaluation();
    return null;
  }

  /** HF Trainer evaluation: per_device_eval_batch_size defaults to 8 (TrainingArguments, v4.x). */
  private evaluation(): void {
    const batch = this.patch.value<number>('eval.batch');
    const metrics = this.patch.has('eval.metrics');
    if (batch === undefined && !metrics && !this.patch.has('eval.on')) return;
    const before = this.s.evaluation;
    if (batch === undefined && !before) this.assume('per_device_eval_batch_size 8 (Trainer default)');
    this.s.evaluation = { batch: batch ?? before?.batch ?? 8, keepLogits: metrics || (before?.keepLogits ?? false) };
  }

  private hardware(): ErrorReply | null {
    const p = this.s.parallel;
    const before = this.s.unnamedGpus ? { count: this.s.unnamedGpus, perNode: gpusPerNodeOf(this.s) } : undefined;
    const result = resolveHardware(this.patch, this.s.hardware, p.tp * p.pp * p.cp, before);
    if (!result.ok) return this.err(result.slot, result.message);
    this.s.hardware = result.hardware;
    this.carriedSplitYields(result.hardware?.count ?? result.unnamed?.count);
    // "2 nodes" with no GPUs per node said, here or before in the thread: the common 8-GPU node.
    if (this.patch.has('nodes') && !this.patch.has('perNode') && !previousPerNode(before, this.base)) {
      this.assume(`${DEFAULT_PER_NODE} GPUs per node (default; say "2 nodes of 4x a100" for another)`);
    }
    // The GPUs a stated tp/pp split needs: "tp 2 h100s" (a card with no count), or prose that says
    // "seems to only use one gpu" next to a pasted `tp_size=2`.
    const split = p.tp * p.pp * p.cp;
    const hw = this.s.hardware;
    const countSaid = this.patch.has('gpuCount') || this.patch.has('nodes');
    const splitSaid = this.patch.has('par.tp') || this.patch.has('par.pp');
    if (hw && hw.count < split && splitSaid && ((!countSaid && this.patch.has('gpuType')) || this.patch.tolerant)) {
      // A count derived from the split is said as derived (issue 22, item 2): "16 GPUs — from tp 4 × pp 4".
      const from = `tp ${p.tp}${p.pp > 1 ? ` × pp ${p.pp}` : ''}`;
      this.assume(
        countSaid
          ? `${split} GPUs in all — from the message's ${from}, which needs that many ("${this.patch.get('gpuCount')?.item.text ?? 'the GPU count'}" said ${hw.count})`
          : `${split} GPUs in all — from the ${from} split (no GPU count was given)`,
      );
      this.s.hardware = { ...hw, count: split, perNode: Math.min(split, DEFAULT_PER_NODE) };
    }
    delete this.s.unnamedGpus;
    delete this.s.unnamedPerNode;
    if (result.unnamed) {
      this.s.unnamedGpus = result.unnamed.count;
      if (result.unnamed.perNode !== Math.min(result.unnamed.count, DEFAULT_PER_NODE)) this.s.unnamedPerNode = result.unnamed.perNode;
    }
    const counted = unnamedGpusWords(this.s);
    if (counted && (this.isNew || this.patch.has('gpuCount') || this.patch.has('nodes') || this.patch.has('par.dp'))) {
      this.assume(`${counted}: memory per GPU and the cards it fits`);
    } else if (!this.s.hardware && this.isNew && !this.comparesCards()) this.assume(DEFAULT_WORDS.noHardware);
    const hostRam = this.patch.value<number>('hostRam');
    if (hostRam !== undefined) this.s.hostMemoryBytes = hostRam * 2 ** 30;
    return null;
  }

  /** A pp carried from the thread yields to this message's stated count and tp (split.ts). */
  private carriedSplitYields(statedCount: number | undefined): void {
    const said = { count: this.patch.has('gpuCount') || this.patch.has('nodes'), tp: this.patch.has('par.tp'), pp: this.patch.has('par.pp') };
    const fitted = carriedPipelineFitted(this.s.parallel, statedCount, said);
    if (!fitted) return;
    this.assume(fitted.note);
    this.s.parallel.pp = fitted.pp;
    if (fitted.pp === 1) delete this.s.parallel.schedule;
  }

  /**
   * device_map="auto" / "split the model across both cards": accelerate's big-model placement
   * dispatches whole layers over the visible GPUs (accelerate docs, usage_guides/big_modeling:
   * load_checkpoint_and_dispatch "dispatches the weights for each layer across all available
   * devices"; transformers treats "auto" as "balanced", an even split) and the forward walks them in
   * order in one process (axolotl sets device_map "auto" only when world_size is 1). So it is pp over
   * every GPU with one micro-batch in flight. A later GPU count moves the split with it.
   */
  private layerSplit(): ErrorReply | null {
    const p = this.s.parallel;
    const asked = this.patch.has('layerSplit');
    if (!asked && p.schedule !== 'sequential') return null;
    const n = this.gpus();
    const countChanged = this.patch.has('gpuCount') || this.patch.has('nodes');
    if (!this.patch.has('par.pp') && p.tp === 1 && p.cp === 1 && n > 1 && (asked || countChanged)) p.pp = Math.min(n, this.s.model.arch.layers);
    // Inference on Hugging Face generate is already this layer split (pp N, one process): no mark.
    if (p.pp > 1 && this.s.mode === 'inference') {
      delete p.schedule;
      if (asked) this.assume(`layers split over ${p.pp} GPUs in one process (device_map="auto"), one GPU at a time`);
    } else if (p.pp > 1) {
      p.schedule = 'sequential';
      if (asked) this.assume(`layers split over ${p.pp} GPUs in one process (device_map="auto"): one GPU works at a time, one micro-batch in flight`);
    } else {
      delete p.schedule;
      if (asked && n <= 1) this.assume('device_map="auto" on one GPU: nothing to split (name the GPU count, e.g. "on 2x 3090")');
    }
    return null;
  }

  private gpus(): number {
    return gpuCountOf(this.s);
  }

  private framework(): ErrorReply | null {
    // -ngl is llama.cpp's flag: a new request that says it and names no framework runs llama.cpp.
    // A GGUF file type (Q4_K_M …) is llama.cpp's format, run by llama.cpp or Ollama (built on it):
    // a new inference request naming one, and no engine, runs llama.cpp (stated). "deploy" and "host"
    // name no engine: deploying a Q6_K file is serving it with llama.cpp (llama-server, Ollama).
    // "serve" is vLLM's own verb (`vllm serve`): it keeps vLLM's layout, as a named engine does.
    const weights = this.patch.value<WeightFormat>('weights');
    const engineWord = this.patch.get<string>('engine');
    const engineNamed = engineWord !== undefined && (ENGINE_NAMED.test(engineWord.item.text) || /^serv/i.test(engineWord.item.text.trim()));
    const gguf = weights !== undefined && isGgufFormat(weights) && this.s.mode === 'inference' && !engineNamed;
    // A follow-up that names llama.cpp's format or -ngl in a thread still on the default engine (hf
    // inference) moves it to llama.cpp as a new request would (c461: the thread's title asked about
    // offloading, the reply's LocalAI YAML runs a q4_0 GGML file with gpu_layers).
    const onDefaultEngine = !this.isNew && this.s.mode === 'inference' && this.s.framework === 'hf' && this.s.inference?.engine !== 'vllm' && !engineNamed;
    const asked = this.patch.value<Scenario['framework']>('framework') ?? ((this.isNew || onDefaultEngine) && (this.patch.has('ngl') || gguf) ? 'llamacpp' : undefined);
    if (gguf && !this.patch.has('framework') && !this.patch.has('ngl') && asked === 'llamacpp') {
      this.assume(`llama.cpp (GGUF ${this.patch.value<string>('weights')!.toUpperCase()} is its format, as Ollama runs it; say vllm or hf for another engine)`);
    }
    // DeepSpeed on an inference run ("mii.serve", "can deepspeed split it over two cards?") is no
    // training framework: DeepSpeed-Inference and MII are not modelled, so the run is estimated in
    // Hugging Face's layout (weights and KV cache), said (DeepSpeed-MII#435, haotian-liu/LLaVA#870).
    // A DeepSpeed training thread that turns to inference in a follow-up ("gen 256") goes the same
    // way, so a thread reaches the scenario its canonical text reads back as.
    if ((asked ?? (this.isNew ? undefined : this.s.framework)) === 'deepspeed' && this.s.mode === 'inference') {
      this.assume('DeepSpeed on an inference run: DeepSpeed-Inference / MII is not modelled, so the Hugging Face layout (weights and KV cache) is estimated; say vllm for a vLLM server');
      this.s.framework = 'hf';
      return null;
    }
    if (!asked) {
      if (this.isNew) this.assume(DEFAULT_WORDS.framework);
      // A framework that runs SP with TP (Megatron) turns it on when TP arrives in a later follow-up
      // too, so a thread reaches the scenario its canonical text reads back as.
      else if (this.patch.has('par.tp') && this.s.parallel.tp > 1 && presetFor(this.s.framework, this.s.mode, this.gpus()).sequenceParallel) this.s.parallel.sp = true;
      return null;
    }
    this.s.framework = asked;
    // LoRA on an NF4 base is QLoRA already here (the weights step names it later): litgpt's
    // `--quantize bnb.nf4` run takes its paged AdamW.
    const nf4 = ['nf4', 'nf4-dq'].includes(this.patch.value<string>('weights') ?? '');
    let preset = presetFor(asked, this.s.mode === 'lora' && nf4 ? 'qlora' : this.s.mode, this.gpus());
    // A framework whose standard recipe is another mode (Unsloth: 4-bit QLoRA) sets it when none was stated.
    // A generic "finetune" with Unsloth is its QLoRA recipe; "full" or "lora" said is kept.
    if (preset.mode && this.isNew && !this.patch.has('mode') && this.s.mode !== preset.mode && (!this.patch.has('train') || this.s.mode === 'full')) {
      this.s.mode = preset.mode;
      this.s.lora = preset.mode === 'lora' || preset.mode === 'qlora' ? structuredClone(LORA_DEFAULTS) : null;
      this.unassume(DEFAULT_WORDS.mode);
      // The framework's own default names the method now (its preset note says which and why).
      const train = this.patch.get('train');
      if (train) this.unassume(noMethodWords(train.item.text));
      if (preset.modeNote) this.intent(preset.modeNote);
      preset = presetFor(asked, this.s.mode, this.gpus());
    }
    Object.assign(this.s, structuredClone(preset.fields));
    for (const key of Object.keys(preset.fields)) this.presetSet.add(key);
    if (preset.sequenceParallel && this.s.parallel.tp > 1) this.s.parallel.sp = true;
    this.assume(preset.note);
    const words = { rank: DEFAULT_WORDS.loraRank, targets: DEFAULT_WORDS.loraTargets, dropout: DEFAULT_WORDS.loraDropout } as const;
    for (const [key, value] of Object.entries(preset.lora ?? {}) as [keyof typeof words, never][]) {
      if (!this.s.lora || this.patch.has(`lora.${key}`)) continue;
      this.s.lora[key] = structuredClone(value);
      this.unassume(words[key]);
    }
    return null;
  }

  private precision(): ErrorReply | null {
    const s = this.s;
    const before = this.base?.compute ?? 'bf16';
    let compute = this.patch.get<Scenario['compute']>('compute');
    const recipe = this.patch.get<Scenario['recipe']>('recipe');
    let weights = this.patch.get<WeightFormat>('weights');
    // In inference "fp8" names the stored weights (DESIGN §2 table: weight format fp8).
    if (s.mode === 'inference' && compute?.value === 'fp8') {
      if (weights && weights.value !== 'fp8') {
        return this.err('weights', `"${compute.item.text}" and "${weights.item.text}" contradict each other: both set the weight format. Keep one of them.`);
      }
      weights = { value: 'fp8', item: compute.item };
      compute = undefined;
    }
    // fp8 compute carried over from training into inference means fp8 weights there.
    if (s.mode === 'inference' && !compute && s.compute === 'fp8') {
      s.compute = 'bf16';
      weights ??= { value: 'fp8', item: this.patch.get<Scenario['mode']>('mode')?.item ?? this.patch.items[0]! };
    }
    if (recipe) s.recipe = recipe.value;
    // LoRA on a 4-bit NF4 base is QLoRA (load_in_4bit with a LoRA adapter).
    if (s.mode === 'lora' && (weights?.value === 'nf4' || weights?.value === 'nf4-dq')) s.mode = 'qlora';
    if (compute) s.compute = compute.value;
    if (s.recipe === 'fp32' && !compute) s.compute = 'fp32';
    if (s.recipe !== 'fp32' && s.compute === 'fp32') s.compute = 'bf16';
    // Leaving fp32 for a 16-bit compute takes the framework's own recipe, as a fresh request would
    // (Megatron's fp32 main grads, torchtune's pure bf16), else mixed precision.
    if (s.recipe === 'fp32' && s.compute !== 'fp32') s.recipe = presetFor(s.framework, s.mode, this.gpus()).fields.recipe ?? 'mixed';
    // A card without bf16 (V100, T4): the 16-bit default is fp16, as the trainers there must run
    // (HF's bf16=True refuses them); same bytes, stated.
    const card = s.hardware?.gpuId ? gpuById(s.hardware.gpuId) : null;
    // A recipe said without its dtype ("amp", Unsloth's bf16=is_bfloat16_supported()) runs in fp16 there too.
    const noBf16 = this.isNew && !compute && s.compute === 'bf16' && !this.presetSet.has('compute') && card !== null && !card.bf16;
    if (noBf16) s.compute = 'fp16';
    // bf16 asked for on a card without it: estimated as asked (fp16 takes the same bytes), said.
    else if (compute?.value === 'bf16' && card && !card.bf16 && s.mode !== 'inference') {
      this.assume(`the ${card.name} has no bf16: Hugging Face's bf16=True refuses it ("Your setup doesn't support bf16/gpu"); fp16 takes the same memory (say fp16)`);
    }
    // Serving bf16 asked for on such a card: vLLM refuses it below compute capability 8.0
    // (vllm/worker/worker.py _check_if_gpu_supports_dtype: "Bfloat16 is only supported on GPUs with
    // compute capability of at least 8.0 … use float16 instead … --dtype=half"); same bytes, said.
    else if (compute?.value === 'bf16' && card && !card.bf16 && s.mode === 'inference') {
      this.assume(`the ${card.name} has no bf16: vLLM refuses bf16 below compute capability 8.0 and runs with --dtype half (fp16); fp16 takes the same memory (say fp16)`);
    }
    const baseCard = this.base?.hardware?.gpuId ? gpuById(this.base.hardware.gpuId) : null;
    // A thread that moves its served model onto a card without bf16 (a title "Qwen-14B-Chat推理报错",
    // then "V100 32GB", InternLM/lmdeploy#800): the engine serves it in fp16 there, as a new request would.
    if (!this.isNew && !compute && s.mode === 'inference' && s.compute === 'bf16' && card && !card.bf16 && card !== baseCard) {
      s.compute = 'fp16';
      this.assume(`fp16 on the ${card.name}: it has no bf16 (compute capability below 8.0), so the model is served in fp16 (say bf16 if your engine runs otherwise)`);
    }
    // …and a follow-up moving from such a card to one with bf16 goes back to bf16, said.
    if (!this.isNew && !compute && !recipe && s.compute === 'fp16' && s.recipe === 'mixed' && baseCard && !baseCard.bf16 && card?.bf16 && card !== baseCard) {
      s.compute = 'bf16';
      this.assume(`bf16 on the ${card.name} (the thread's fp16 was for the ${baseCard.name}, which has no bf16; say fp16 to keep it)`);
    }
    // Inference has no training recipe: only its weight format is worth stating.
    if (this.isNew && !recipe && !this.presetSet.has('recipe') && s.mode !== 'inference') {
      this.assume(compute ? DEFAULT_WORDS.recipe : noBf16 ? `fp16 mixed precision with fp32 master weights, 16 B/param (the ${card!.name} has no bf16)` : DEFAULT_WORDS.precision);
    } else if (noBf16) this.assume(`fp16 compute (the ${card!.name} has no bf16)`);

    const computeChanged = s.compute !== before;
    // A quantised Hub checkpoint is served (or LoRA-trained) in the format it is stored in.
    if (!weights && this.hubWeights && (s.mode === 'inference' || s.mode === 'lora')) {
      weights = { value: this.hubWeights, item: this.patch.get<Item>('model')!.item };
    }
    // A catalog model whose checkpoint ships block-scaled (gpt-oss in MXFP4, DeepSeek-V3 / Kimi K2
    // in FP8) is served in that format unless another is named (vLLM loads the checkpoint as is).
    // llama.cpp (and Ollama) has no FP8 type: a DeepSeek-V3/R1 it runs is a GGUF (its preset's
    // Q4_K_M unless one is named). gpt-oss's MXFP4 is a GGUF type too (ggml MXFP4), so it stays.
    const shipped = nativeWeightFormat(s.model.arch);
    const native = s.framework === 'llamacpp' && shipped === 'fp8' ? null : shipped;
    if (!weights && !compute && native && s.mode === 'inference' && (this.patch.has('model') || this.modeChanged())) {
      weights = { value: native, item: this.patch.get<Item>('model')?.item ?? this.patch.items[0]! };
      this.assume(`${native} weights, the format the checkpoint ships in (default; say bf16 for 16-bit)`);
    }
    if (weights) {
      s.weights = weights.value;
      // llama.cpp runs GGUF only: "4bit", "int4", "8-bit" with it are the GGUF type of that width.
      const gguf = s.framework === 'llamacpp' && !isGgufFormat(weights.value) ? GGUF_OF_GENERIC[weights.value] : undefined;
      if (gguf) {
        s.weights = gguf;
        this.assume(`"${weights.item.text.trim()}" with llama.cpp read as GGUF ${gguf.toUpperCase()} (llama.cpp runs GGUF files only)`);
      }
    } else {
      const keep =
        (this.presetSet.has('weights') && (s.mode === 'qlora' || s.mode === 'inference')) ||
        (!this.modeChanged() && QUANTISED.includes(s.weights) && s.mode !== 'full' && !(s.mode === 'inference' && computeChanged));
      if (!keep) {
        s.weights = defaultWeights(s.mode, s.compute);
        if (s.mode === 'qlora') this.assume(DEFAULT_WORDS.qloraWeights);
      }
    }
    // "QLoRA" on a GPTQ or AWQ checkpoint (LLaMA-Factory's quantization_bit on a -GPTQ model):
    // LoRA on that 4-bit base, not bitsandbytes NF4.
    if (s.mode === 'qlora' && weights && weights.value !== 'nf4' && weights.value !== 'nf4-dq' && QUANTISED.includes(weights.value)) {
      s.mode = 'lora';
      this.assume(`QLoRA on ${weights.value} weights: LoRA on the ${weights.value} base as it is stored`);
    }
    // Float formats always follow the compute dtype, so canonical text never has to name them.
    if (!QUANTISED.includes(s.weights)) s.weights = defaultWeights(s.mode, s.compute);
    return null;
  }

  private trainingChoices(): ErrorReply | null {
    const s = this.s;
    const training = s.mode !== 'inference';
    const pick = <K extends keyof Scenario>(slot: string, key: K, words: string | null) => {
      const v = this.patch.value<Scenario[K]>(slot);
      if (v !== undefined) s[key] = v;
      else if (this.isNew && training && words && !this.presetSet.has(key)) this.assume(words);
    };
    pick('optimizer', 'optimizer', DEFAULT_WORDS.optimizer);
    pick('impl', 'optimizerImpl', s.optimizer.includes('adam') ? DEFAULT_WORDS.optimizerImpl : null);
    pick('recompute', 'recompute', DEFAULT_WORDS.recompute);
    pick('attention', 'attention', DEFAULT_WORDS.attention);
    pick('loss', 'loss', DEFAULT_WORDS.loss);
    // The allocator's variable-length slack rests on the batch shape (memory/overhead.ts): say which was assumed.
    if (this.isNew && training && !this.patch.has('batches') && !this.patch.has('allocator')) {
      this.assume(batchShape(s) === 'packed' ? DEFAULT_WORDS.batchesPacked : DEFAULT_WORDS.batchesPadded);
    }
    const opt = this.patch.value<'none' | 'cpu' | 'nvme'>('offload.optimizer');
    const params = this.patch.value<'none' | 'cpu' | 'nvme'>('offload.params');
    if (opt !== undefined) s.offload.optimizer = opt;
    if (params !== undefined) s.offload.params = params;
    if (this.isNew && training && opt === undefined && params === undefined) this.assume(DEFAULT_WORDS.offload);
    return null;
  }

  private sharding(): ErrorReply | null {
    const s = this.s;
    const word = this.patch.value<string>('sharding');
    const frameworkAsked = this.patch.has('framework');
    if (word) {
      s.sharding = shardingOf(word);
      // axolotl loads a full fine-tune in bf16 (its preset's pure bf16), but under DeepSpeed ZeRO the
      // Trainer hands bf16 to DeepSpeed, whose optimizer keeps fp32 master weights: mixed, said.
      if (s.framework === 'axolotl' && s.sharding.kind === 'zero' && s.recipe === 'pure' && this.presetSet.has('recipe') && !this.patch.has('recipe')) {
        s.recipe = 'mixed';
        this.assume('bf16 mixed with fp32 master weights: under DeepSpeed ZeRO, DeepSpeed\'s bf16 optimizer keeps them (axolotl alone loads pure bf16)');
      }
      if (!frameworkAsked) {
        // The sharding word names the framework that provides it, unless one was named.
        if (s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp') s.framework = 'fsdp';
        // (DeepSpeed on an inference run is estimated in Hugging Face's layout: see framework().)
        else if (s.framework === 'fsdp') s.framework = s.sharding.kind === 'zero' && s.mode !== 'inference' ? 'deepspeed' : 'hf';
      }
    } else if (s.parallel.schedule === 'sequential' && this.gpus() <= s.parallel.tp * s.parallel.pp) {
      // A device_map split over every GPU is one process: nothing to shard or replicate, whatever
      // a preset's default sharding (Megatron's distributed optimizer) would be.
      s.sharding = { kind: 'none', stage: 0 };
    } else if (!this.presetSet.has('sharding') && (s.sharding.kind === 'none' || s.sharding.kind === 'ddp')) {
      const split = s.parallel.tp * s.parallel.pp;
      const kind = this.gpus() > 1 ? 'ddp' : 'none';
      const replicated = s.mode !== 'inference' || (this.gpus() > split && s.framework !== 'llamacpp');
      if (kind === 'ddp' && s.mode === 'inference' && this.splitForServing()) {
        s.sharding = { kind, stage: 0 };
      } else if (kind === 'ddp' && replicated && (this.isNew || s.sharding.kind !== 'ddp')) {
        this.assume(
          s.mode === 'inference'
            ? split > 1
              ? `${Math.floor(this.gpus() / split)} replicas of tp ${s.parallel.tp}${s.parallel.pp > 1 ? ` × pp ${s.parallel.pp}` : ''} (default)`
              : `one full replica per GPU (default; say tp ${this.gpus()} to split the model)`
            : `DDP across ${this.gpus()} GPUs (default with more than one GPU; say zero3 or fsdp to shard)`,
        );
      }
      s.sharding = { kind, stage: 0 };
    }
    if (s.framework === 'fsdp' && s.sharding.kind !== 'fsdp' && s.sharding.kind !== 'hsdp') {
      s.framework = s.sharding.kind === 'zero' && s.mode !== 'inference' ? 'deepspeed' : 'hf';
    }
    return null;
  }

  /**
   * One model served on several GPUs is split over them (vLLM/TGI shard with tensor
   * parallelism; HF's device_map splits layers), not copied to each: tp = the GPU count when
   * nothing about parallelism was said and the heads divide. Stated, with how to ask for copies.
   */
  private splitForServing(): boolean {
    const s = this.s;
    const n = this.gpus();
    const p = s.parallel;
    if (this.patch.has('par.tp') || this.patch.has('par.pp') || this.patch.has('par.dp')) return false;
    // "…how can I run such model with vllm?" in a thread read as Hugging Face generate: the layer
    // split that engine was given by default becomes the serving engine's tensor split.
    const nowServed = this.patch.has('engine') && this.base?.inference.engine !== 'vllm' && this.base?.mode === 'inference';
    if (nowServed && p.tp === 1 && p.pp === n && n > 1) p.pp = 1;
    else if (!(this.isNew || this.modeChanged() || this.firstOnSeveralGpus() || undoSplitOverOldCount(this.base, p, n))) return false;
    // llama.cpp splits layers over its GPUs itself (--split-mode layer, its default; memory/gguf.ts),
    // not tensors: the split is written as the layer split it is, as Hugging Face's device_map below.
    if (s.framework === 'llamacpp' && p.tp === 1 && p.pp === 1 && n > 1 && n <= s.model.arch.layers) {
      p.pp = n;
      this.assume(`layers split over the ${n} GPUs (llama.cpp --split-mode layer, its default)`);
      return true;
    }
    if (p.tp !== 1 || p.pp !== 1 || s.framework === 'llamacpp') return false;
    // Hugging Face generate with device_map="auto" (accelerate's big-model inference) places
    // whole layers on each GPU in turn: a layer split, run one GPU at a time.
    // One process per GPU (`torchrun --nproc-per-node 8 generate.py`, Meta's and DeepSeek's reference
    // inference code) is model parallel over tensors, not accelerate's single-process layer split.
    const perProcess = /nproc|num_processes|world_size/i.test(this.patch.get('gpuCount')?.item.text ?? this.patch.get('perNode')?.item.text ?? '');
    // (A thread already served by vLLM, moved onto several GPUs, is split as vLLM splits: c273.)
    if (!this.patch.has('engine') && s.inference.engine !== 'vllm' && s.framework !== 'tgi' && !perProcess && n <= s.model.arch.layers) {
      p.pp = n;
      this.assume(`one model split over the ${n} GPUs layer by layer (device_map="auto", as Hugging Face places it; say tp ${n} for a serving engine's tensor split, or tp 1 for a full copy per GPU)`);
      return true;
    }
    const { heads, kvHeads } = s.model.arch;
    if (heads % n !== 0 || kvHeads % n !== 0) return false;
    p.tp = n;
    this.assume(`one model split over the ${n} GPUs (tensor parallel ${n}, as vLLM/TGI shard it; say tp 1 for a full copy per GPU)`);
    return true;
  }

  private batch(): ErrorReply | null {
    const s = this.s;
    const seq = this.patch.value<number>('seq');
    const mbs = this.patch.value<number>('mbs');
    const ga = this.patch.value<number>('ga');
    const gbs = this.patch.value<number>('gbs');
    // Learned position embeddings (BERT 512, GPT-2 1024) bound the sequence: the default is that bound.
    const positions = s.model.arch.positions === 'learned' ? s.model.arch.maxPositions : undefined;
    if (seq !== undefined) {
      s.seq = seq;
      if (positions !== undefined && seq > positions) {
        return this.err('seq', `${s.model.name} has ${positions} learned positions: a sequence of ${seq} tokens cannot run on it (say seq ${positions} or less).`, { expected: [`seq ${positions} or less`] });
      }
    } else if (positions !== undefined && positions < s.seq) {
      const was = this.isNew ? '' : `; the thread's seq ${s.seq} is longer`;
      s.seq = positions;
      this.assume(`seq ${positions} (${s.model.name}'s learned positions, the longest it takes${was})`);
    } else if (this.isNew) this.assume(DEFAULT_WORDS.seq);
    const derived = mbs === undefined ? this.microBatchOfGlobal(gbs, ga) : undefined;
    if (mbs !== undefined) s.microBatch = mbs;
    else if (derived !== undefined) {
      s.microBatch = derived.microBatch;
      this.assume(`micro-batch ${derived.microBatch} per GPU: gbs ${gbs} ÷ (${derived.replicas} data-parallel replicas × ga ${ga}), as DeepSpeed derives train_micro_batch_size_per_gpu`);
    } else if (this.isNew) this.assume(DEFAULT_WORDS.microBatch);
    if (ga !== undefined) s.gradAccum = ga;
    if (gbs !== undefined) {
      const p = s.parallel;
      const replicas = Math.max(1, Math.floor(this.gpus() / (p.tp * p.pp * p.cp)));
      const perStep = s.microBatch * replicas;
      const steps = gbs / perStep;
      if (!Number.isInteger(steps) || steps < 1) {
        return this.err(
          'gbs',
          `global batch ${gbs} is not a whole multiple of micro-batch ${s.microBatch} × ${replicas} data-parallel replicas (${perStep}); choose a multiple of ${perStep}.`,
          { suggestion: `gbs ${Math.max(1, Math.round(gbs / perStep)) * perStep}` },
        );
      }
      if (ga !== undefined && ga !== steps) {
        return this.err('gbs', `gbs ${gbs} means ${steps} accumulation steps with micro-batch ${s.microBatch} on ${replicas} replicas, which contradicts ga ${ga}. Keep one.`);
      }
      // A count derived from other numbers is said with its derivation (issue 22, item 5): the
      // replicas rest on the GPU count and the split, either of which may be misread.
      if (ga === undefined && steps > 1) this.assume(`gradient accumulation ${steps} from global batch ${gbs} ÷ (micro-batch ${s.microBatch} × ${replicas} data-parallel replica${replicas === 1 ? '' : 's'})`);
      s.gradAccum = steps;
    } else if (ga === undefined && this.isNew && s.mode !== 'inference') this.assume(DEFAULT_WORDS.gradAccum);
    // What the user left to the defaults, kept through the thread until they say it (issue 23).
    // Learned positions bound the sequence by the model itself: no envelope over it.
    const unstated = new Set(this.isNew ? DRIVERS : unstatedDrivers(this.base!));
    if (seq !== undefined || positions !== undefined) unstated.delete('seq');
    if (mbs !== undefined || derived !== undefined) unstated.delete('batch');
    this.s = withUnstated(s, [...unstated]);
    return null;
  }

  /**
   * A global batch with its accumulation steps and no micro-batch (a DeepSpeed config's
   * train_batch_size and gradient_accumulation_steps) fixes the micro-batch per GPU:
   * train_batch_size = micro-batch × accumulation × data-parallel replicas (DeepSpeed config docs).
   */
  private microBatchOfGlobal(gbs: number | undefined, ga: number | undefined): { microBatch: number; replicas: number } | undefined {
    if (gbs === undefined || ga === undefined) return undefined;
    const p = this.s.parallel;
    const replicas = Math.max(1, Math.floor(this.gpus() / (p.tp * p.pp * p.cp)));
    const microBatch = gbs / (replicas * ga);
    return Number.isInteger(microBatch) && microBatch >= 1 ? { microBatch, replicas } : undefined;
  }

  private inference(): ErrorReply | null {
    const s = this.s;
    const previousCompute = this.base?.compute ?? 'bf16';
    if (s.mode !== 'inference') {
      s.inference = defaultInference(s.compute);
      return null;
    }
    if (this.modeChanged()) s.inference = defaultInference(s.compute);
    const inf = s.inference;
    const engine = this.patch.get<string>('engine');
    // "serving with tgi", "deploy … with llama.cpp": the server is the one named, not vLLM.
    const namedServer = s.framework === 'tgi' || s.framework === 'llamacpp';
    if (engine && !(namedServer && !ENGINE_NAMED.test(engine.item.text))) {
      inf.engine = 'vllm';
      // "deploy", "host", "serve": a server, with no engine named.
      if (!ENGINE_NAMED.test(engine.item.text)) {
        this.assume(`served with vLLM's memory layout (assumed for "${engine.item.text}"; name the engine, e.g. tgi or llama.cpp, for another)`);
      }
    }
    else if (this.isNew && !namedServer) this.assume(DEFAULT_WORDS.engine);
    // SGLang plans its own budget (--mem-fraction-static), not vLLM's: memory/sglang.ts.
    if (engine && /sglang/i.test(engine.item.text)) inf.server = 'sglang';
    else if (engine) delete inf.server;
    this.servedContext();
    const gen = this.patch.value<number>('gen');
    const kv = this.patch.value<Scenario['inference']['kvDtype']>('kv');
    const util = this.patch.value<number>('util');
    if (this.patch.has('eager')) inf.enforceEager = true;
    const release = this.patch.value<string>('vllmVersion');
    if (release !== undefined) inf.vllmVersion = release;
    // "with eager" on a vLLM thread is --enforce-eager, not the eager attention kernel.
    const attention = this.patch.get<string>('attention');
    // Only in a follow-up on a thread already served by vLLM: a new request's "eager" stays the
    // attention kernel, so canonical text ("… eager … vllm") reads back as itself.
    if (!this.isNew && this.base?.inference.engine === 'vllm' && inf.engine === 'vllm' && attention?.value === 'eager' && /^eager$/i.test(attention.item.text.trim())) {
      inf.enforceEager = true;
      s.attention = this.base?.attention ?? 'flash';
      this.assume('"eager" on vLLM read as --enforce-eager (no CUDA graphs), not the eager attention kernel');
    }
    if (gen !== undefined) inf.newTokens = gen;
    else if (this.isNew) this.assume(DEFAULT_WORDS.newTokens);
    this.promptBeforeGenerated(gen);
    if (kv !== undefined) inf.kvDtype = kv;
    else if (inf.kvDtype === previousCompute || this.modeChanged()) inf.kvDtype = defaultInference(s.compute).kvDtype;
    const ngl = this.patch.value<number>('ngl');
    if (ngl !== undefined) inf.gpuLayers = ngl;
    const batched = this.patch.value<number>('batched');
    if (batched !== undefined) inf.batchedTokens = batched;
    const maxSeqs = this.patch.value<number>('maxSeqs');
    if (maxSeqs !== undefined) inf.maxSeqs = maxSeqs;
    if (util !== undefined) inf.gpuMemoryUtilization = util;
    else if (inf.server === 'sglang' && (this.isNew || this.modeChanged() || this.patch.has('engine'))) {
      inf.gpuMemoryUtilization = sglangDefaultMemFraction(s.parallel.tp);
      this.assume(`SGLang's --mem-fraction-static ${inf.gpuMemoryUtilization} (its default at tp ${s.parallel.tp}): weights and KV cache inside it, prefill activations outside`);
    } else if (inf.engine === 'vllm' && (this.isNew || this.modeChanged())) this.assume(DEFAULT_WORDS.utilization);
    return null;
  }

  /**
   * `--max_new_tokens 8192` with no length said (kvcache-ai/ktransformers#740): seq counts the prompt
   * and the generated tokens, so a default seq below the generated ones cannot hold them. The prompt
   * is assumed the default length and said as a default, rather than the request refused.
   */
  private promptBeforeGenerated(gen: number | undefined): void {
    const s = this.s;
    if (gen === undefined || this.patch.has('seq') || s.seq > gen) return;
    const prompt = DEFAULTS.seq;
    s.seq = prompt + gen;
    this.unassume(DEFAULT_WORDS.seq);
    this.assume(`seq ${s.seq} (default): a prompt of ${prompt.toLocaleString('en-US')} tokens (assumed, none stated) plus the ${gen.toLocaleString('en-US')} generated; say seq N for the prompt and answer together`);
  }

  /**
   * A server without a stated length serves the model's own context length. vLLM without
   * --max-model-len (vllm/config.py `_get_and_verify_max_len`) refuses to start when its KV cache
   * cannot hold one sequence of it. SGLang without --context-length takes it too
   * (python/sglang/srt/configs/model_config.py `ModelConfig.__init__`: derived_context_len =
   * get_context_length(hf_text_config), v0.4.x) and sizes its request-to-token table by it
   * (memory/sglang.ts), but clamps the longest request to the pool it finds (scheduler
   * max_req_input_len) instead of refusing. An unstated seq is that length, not the generic 2,048.
   * TGI clamps its length to the memory it finds (warmup's max_total_tokens), so it keeps the default.
   */
  private servedContext(): void {
    const s = this.s;
    const inf = s.inference;
    if (inf.engine !== 'vllm' || this.patch.has('seq')) return;
    if (!this.isNew && !this.modeChanged() && !this.patch.has('engine')) return;
    const context = servedContextLengthOf(s.model.id, s.model.arch.maxPositions);
    if (context === undefined || s.seq !== DEFAULTS.seq) return;
    const rope = servedRopeFactorOf(s.model.id);
    const own = rope > 1 ? `${s.model.name}'s max_position_embeddings × its linear RoPE factor ${rope} (config.json)` : `${s.model.name}'s own`;
    s.seq = context;
    // The engine decides the length, so it is no unstated driver: the envelope asks only what the server leaves open.
    this.s = withUnstated(s, unstatedDrivers(s));
    this.unassume(DEFAULT_WORDS.seq);
    // Said as the default it is, in the words every default length is said with ("seq N (default)"):
    // the model's own window is not the user's length, only what the server does without one.
    const served = inf.server === 'sglang'
      ? `context length ${context.toLocaleString('en-US')}, ${own}, which SGLang takes when --context-length is not given (it sizes the request table; longer requests are cut to the KV pool)`
      : `max-model-len ${context.toLocaleString('en-US')}, ${rope > 1 ? own : `${s.model.name}'s own context length`}, which vLLM serves when --max-model-len is not given`;
    this.assume(`seq ${context} (default): ${served}; say seq N for yours`);
  }

  /**
   * A follow-up that names another model and other GPUs reads like a new setup, yet the thread's
   * length, batch and engine switches still apply to it: the reply says which it kept.
   */
  private keptFromThread(): null {
    const s = this.s;
    if (this.isNew || !this.patch.has('model') || !(this.patch.has('gpuType') || this.patch.has('gpuCount'))) return null;
    const kept = [
      !this.patch.has('seq') && s.seq !== 2048 ? `seq ${s.seq}` : null,
      !this.patch.has('mbs') && s.microBatch !== 1 ? `micro-batch ${s.microBatch}` : null,
      !this.patch.has('eager') && s.mode === 'inference' && s.inference.enforceEager ? 'enforce eager' : null,
    ].filter((k): k is string => k !== null);
    if (kept.length) this.assume(`kept from the thread: ${kept.join(', ')} (say them again to change them)`);
    return null;
  }

  /** "A6000 vs 4090": the sides name the cards, so "no GPU named" would not be true. */
  private comparesCards(): boolean {
    const question = this.patch.value<Scenario['question']>('question');
    return question?.kind === 'compare' && sideNames(question.a, ['hardware']);
  }

  private questions(): ErrorReply | null {
    const s = this.s;
    const question = this.patch.value<Scenario['question']>('question');
    if (question) s.question = question;
    // "how many A100s …?" then "32 GPUs of 80 GB": a GPU count answers the how-many question.
    else if (s.question.kind === 'howMany' && (this.patch.has('gpuCount') || this.patch.has('nodes'))) s.question = { kind: 'none' };
    // "difference between Llama 3 8b and Llama 2 7b" then "llama 3 8b will consume around 20g on a 4090":
    // a follow-up that names one model answers for that model; the comparison of models ends, said.
    else if (s.question.kind === 'compare' && this.patch.has('model') && !this.isNew && sideNames(s.question.a, MODEL_KINDS)) {
      this.assume(`the comparison "${s.question.a} vs ${s.question.b}" ends here: this message names one model (say "compare" again for both)`);
      s.question = { kind: 'none' };
    }
    s.help = [...this.patch.help];
    const chart = this.patch.value<Scenario['chart']>('chart');
    if (chart) s.chart = chart;
    return null;
  }
}

/**
 * An unread word that reads as a model's name: said right before "model" ("the nemotron-3-super
 * model"), or a name with a version joined in ("nemotron-3-super", "phi4-mini").
 */
function looksLikeModelName(word: string, text: string): boolean {
  if (!/^[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*$/i.test(word) || word.length < 3) return false;
  const beforeModel = new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+model\\b`, 'i').test(text);
  // "such a powerful model" (c525): an adjective before "model" describes a model, it names none.
  if (beforeModel && describesModel(word)) return false;
  return beforeModel || (/[a-z]{3}/i.test(word) && /\d/.test(word) && /[-_.]/.test(word));
}

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

const SERIES = seriesTable(MODELS);

/** The catalog models of the families a bare name begins ("llama" → Llama 1, 2, 3 …), one of each family. */
function familyMembers(word: string): string[] {
  const key = seriesKey(word);
  if (key.length < 4) return [];
  return [...SERIES.entries()].filter(([k]) => k.startsWith(key)).map(([, members]) => members[0]!.id);
}

/** The member of a catalog model's series ("qwen2.5-7b" → Qwen2.5) with this many parameters, by its name's size. */
function seriesSibling(id: string, params: number): ModelSpec | null {
  const named = /^(.+)-(\d+(?:\.\d+)?[bm])$/.exec(id);
  const members = named ? SERIES.get(seriesKey(named[1]!)) : undefined;
  const member = members?.find((m) => sizeNumber(m.size) === params);
  return member ? modelById(member.id) : null;
}

/** GPUs per node the thread already had (its hardware, or its GPUs counted with no card). */
function previousPerNode(unnamed: { perNode: number } | undefined, base: Scenario | null): number | undefined {
  return base?.hardware?.perNode ?? unnamed?.perNode;
}

/** A comparison side that names a thing of these kinds: a model ("llama 3 8b", "13b"), a card ("a6000"). */
function sideNames(side: string, kinds: readonly Item['kind'][]): boolean {
  const read = parseRequest(side);
  return read.ok && read.items.some((i) => kinds.includes(i.kind));
}
const MODEL_KINDS: readonly Item['kind'][] = ['model', 'size', 'hub'];

export function shardingOf(word: string): Scenario['sharding'] {
  if (word === 'ddp') return { kind: 'ddp', stage: 0 };
  if (word.startsWith('zero')) return { kind: 'zero', stage: Number(word.slice(4)) };
  if (word === 'fsdp-grad-op') return { kind: 'fsdp', stage: 2 };
  if (word === 'hsdp') return { kind: 'hsdp', stage: 3 };
  return { kind: 'fsdp', stage: 3 };
}
