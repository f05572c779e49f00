import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { measurementSchema, type Measurement } from '../diagnose/measurement-schema.js';
import { scenarioSchema, type Scenario } from '../scenario/schema.js';
import type { ScenarioThread } from '../core/opening.js';
import type { EstimateBasis, Reply } from '../reply/types.js';
import { DEFAULT_WORDS } from '../scenario/defaults.js';

/**
 * The resolved scenario of one answer, as the answer itself carries it (issue 24, item 2): Slack
 * message metadata, a marker in a Discord embed, and a copy in the store. A button or a
 * follow-up starts from this, never from the request re-read: a pasted config.json, a Hub id's
 * fetched config or an attachment cannot be read again from the answer's text, and a Hub
 * model must not be fetched again to press a button.
 *
 *   s1.<base64url of deflate-raw(JSON { s: Scenario, m?: Measurement, r?: Reading }) with DICTIONARY>
 *
 * `r`, how the answer read its scenario (added within s1: a decoder that predates it ignores
 * it, and a code without it is read with its canonical request again, as before): `a` the assumptions in order,
 * each one of DEFAULT_WORDS written as `=key` and any other as its text (a text that itself
 * starts with `=` gets one more); `n` how many of them lead as notices (the reader puts the
 * notices first); `i` the words ignored. `r` costs 120–230 characters for a new request's
 * 7–16 defaults, about half of what their words would cost.
 *
 * Versioned: a code written by another format version, or whose scenario no longer passes the
 * current schema (a release changed it), decodes to null and the caller says the answer is too
 * old. A typical code is 200–450 characters; every code is at most MAX_SCENARIO_CODE_CHARS, so
 * it fits a Slack button value (2,000) and a Discord embed footer (2,048).
 */
export const SCENARIO_CODE_VERSION = 's1';

/** Slack's button value limit (DESIGN §5): the bound every code is held to. */
export const MAX_SCENARIO_CODE_CHARS = 2000;

/** How an answer read its scenario: the defaults it used, the notices it said up front, the words it ignored. */
export interface AnswerReading {
  assumptions: string[];
  notices: string[];
  ignored: string[];
}

/** What an answer stands for: its scenario, when the thread held one the OOM measured against it, and how it was read. */
export interface AnswerScenario {
  scenario: Scenario;
  measured?: Measurement;
  reading?: AnswerReading;
}

/**
 * Preset deflate dictionary: the JSON of ordinary scenarios (a LoRA on one card, a vLLM server,
 * an MoE under ZeRO-3, a vision model), so a code spends its bytes only on what differs. Part
 * of the `s1` format: never edit it; a new dictionary is a new version (`s2`).
 */
const DICTIONARY = Buffer.from(
  [
    '{"s":{"model":{"id":null,"name":"Llama-3-70B shape","asWritten":"70b","requestedParams":70000000000,"arch":{"mlp":"gated","norm":"rmsnorm","positions":"rope","attentionBias":"none","mlpBias":false,"layers":80,"hidden":8192,"heads":64,"kvHeads":8,"headDim":128,"ffn":28672,"vocab":128256,"tiedEmbeddings":false,"sizeAdjustment":-553706496},"overrides":[]},"mode":"inference","pretrain":false,"lora":null,"recipe":"mixed","compute":"bf16","weights":"bf16","optimizer":"adamw","optimizerImpl":"foreach","sharding":{"kind":"ddp","stage":0},"offload":{"optimizer":"none","params":"none"},"parallel":{"tp":2,"pp":1,"sp":false,"cp":1,"ep":1},"seq":8192,"microBatch":50,"gradAccum":1,"recompute":"none","attention":"flash","loss":"full","framework":"hf","hardware":{"gpuId":"h100-80g","capacityBytes":84665171968,"count":2,"perNode":2},"hostMemoryBytes":null,"inference":{"engine":"vllm","newTokens":0,"kvDtype":"bf16","gpuMemoryUtilization":0.9},"question":{"kind":"none"},"help":[],"chart":"none"}}',
    '{"model":{"id":"mixtral-8x7b","name":"Mixtral-8x7B","asWritten":"mixtral 8x7b","requestedParams":null,"arch":{"experts":8,"expertsPerToken":2,"vision":{"name":"Qwen2.5-VL ViT","params":676550144}},"overrides":[]},"mode":"qlora","lora":{"rank":8,"targets":["q","v"],"dropout":0},"weights":"nf4","sharding":{"kind":"zero","stage":3},"offload":{"optimizer":"cpu","params":"none"},"question":{"kind":"maxBatch"},"unstated":["seq","batch"]}',
    '{"s":{"model":{"id":null,"name":"Llama-2-7B shape","asWritten":"7b","requestedParams":7000000000,"arch":{"mlp":"gated","norm":"rmsnorm","positions":"rope","attentionBias":"none","mlpBias":false,"layers":32,"hidden":4096,"heads":32,"kvHeads":32,"headDim":128,"ffn":11008,"vocab":32000,"tiedEmbeddings":false,"sizeAdjustment":261584384},"overrides":[]},"mode":"lora","pretrain":false,"lora":{"rank":8,"targets":["q","v"],"dropout":0},"recipe":"mixed","compute":"bf16","weights":"bf16","optimizer":"adamw","optimizerImpl":"foreach","sharding":{"kind":"none","stage":0},"offload":{"optimizer":"none","params":"none"},"parallel":{"tp":1,"pp":1,"sp":false,"cp":1,"ep":1},"seq":2048,"microBatch":1,"gradAccum":1,"recompute":"none","attention":"flash","loss":"full","framework":"hf","hardware":{"gpuId":"rtx-4090","capacityBytes":25393364992,"count":1,"perNode":1},"hostMemoryBytes":null,"inference":{"engine":"hf","newTokens":0,"kvDtype":"bf16","gpuMemoryUtilization":0.9},"question":{"kind":"none"},"help":[],"chart":"none","unstated":["seq","batch"]}}',
  ].join(''),
  'utf8',
);

const readingSchema = z.object({ a: z.array(z.string()), n: z.number().int().nonnegative(), i: z.array(z.string()) });
const codeBodySchema = z.object({ s: scenarioSchema, m: measurementSchema.optional(), r: readingSchema.optional() });

const PREFIX = `${SCENARIO_CODE_VERSION}.`;

/** DEFAULT_WORDS by their words: a default is written as its key. */
const DEFAULT_KEY = new Map<string, string>(Object.entries(DEFAULT_WORDS).map(([key, words]) => [words, key]));
const KEY_MARK = '=';

function packAssumption(words: string): string {
  const key = DEFAULT_KEY.get(words);
  return key !== undefined ? KEY_MARK + key : words.startsWith(KEY_MARK) ? KEY_MARK + words : words;
}

/** The words an assumption stands for; null for the key of a default this release no longer has. */
function unpackAssumption(packed: string): string | null {
  if (packed.startsWith(KEY_MARK + KEY_MARK)) return packed.slice(1);
  if (!packed.startsWith(KEY_MARK)) return packed;
  const key = packed.slice(1);
  return Object.hasOwn(DEFAULT_WORDS, key) ? DEFAULT_WORDS[key as keyof typeof DEFAULT_WORDS] : null;
}

/** The reading as written: the notices lead the assumptions (src/scenario/resolve.ts), so a count says which they are. */
function packReading(reading: AnswerReading): z.infer<typeof readingSchema> {
  const leading = reading.notices.every((notice, i) => reading.assumptions[i] === notice);
  const assumptions = leading ? reading.assumptions : [...reading.notices, ...reading.assumptions.filter((a) => !reading.notices.includes(a))];
  return { a: assumptions.map(packAssumption), n: reading.notices.length, i: reading.ignored };
}

function unpackReading(packed: z.infer<typeof readingSchema>): AnswerReading {
  const read = packed.a.map(unpackAssumption);
  const assumptions = read.filter((a): a is string => a !== null);
  const notices = read.slice(0, packed.n).filter((a): a is string => a !== null);
  return { assumptions, notices, ignored: packed.i };
}

/**
 * The deflate level codes are written at. Any level reads back the same; 9 is the shortest and costs
 * no more CPU than 1: a code's deflate (~45 µs) is zlib's set-up of each call, not its search
 * (bench/scenario-code-cost.ts prints characters and µs per level on the corpus's answers).
 */
export const CODE_DEFLATE_LEVEL = 9;

/** A code of any body in this version's packing (also what a test writes as another release's code would be). */
export function pack(body: object, level: number = CODE_DEFLATE_LEVEL): string {
  return PREFIX + deflateRawSync(Buffer.from(JSON.stringify(body), 'utf8'), { level, dictionary: DICTIONARY }).toString('base64url');
}

/**
 * The code of an answer's scenario, within `room` characters (MAX_SCENARIO_CODE_CHARS at most).
 * When how it was read would take it past, the reading is left out (a restatement then lists no
 * defaults); null only when the scenario alone is past it (the answer then relies on the store).
 */
export function encodeAnswerScenario(answer: AnswerScenario, room: number = MAX_SCENARIO_CODE_CHARS): string | null {
  const limit = Math.min(room, MAX_SCENARIO_CODE_CHARS);
  const body = { s: answer.scenario, ...(answer.measured !== undefined ? { m: answer.measured } : {}) };
  const code = answer.reading ? pack({ ...body, r: packReading(answer.reading) }) : pack(body);
  if (code.length <= limit) return code;
  const bare = answer.reading ? pack(body) : code;
  return bare.length <= limit ? bare : null;
}

/** Inflated output is bounded: a hostile code cannot make a decoder allocate without limit. */
const MAX_INFLATED_BYTES = 64 * 1024;

/** The scenario a code carries; null for anything else (another version, damaged, or no longer a valid scenario). */
export function decodeAnswerScenario(code: unknown): AnswerScenario | null {
  if (typeof code !== 'string' || !code.startsWith(PREFIX) || code.length > MAX_SCENARIO_CODE_CHARS) return null;
  const packed = code.slice(PREFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(packed)) return null;
  let raw: unknown;
  try {
    const json = inflateRawSync(Buffer.from(packed, 'base64url'), { dictionary: DICTIONARY, maxOutputLength: MAX_INFLATED_BYTES }).toString('utf8');
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = codeBodySchema.safeParse(raw);
  if (!parsed.success) return null;
  const { s, m, r } = parsed.data;
  return { scenario: s, ...(m !== undefined ? { measured: m } : {}), ...(r !== undefined ? { reading: unpackReading(r) } : {}) };
}

/** The thread an answer's code stands for: its scenario (and measurement, and how it was read), no undo history. */
export function threadOfAnswer(answer: AnswerScenario): ScenarioThread {
  return {
    scenario: answer.scenario,
    history: [],
    ...(answer.measured !== undefined ? { measured: answer.measured } : {}),
    ...(answer.reading !== undefined ? { reading: answer.reading } : {}),
  };
}

/**
 * What a reply stands for as an answer: an estimate's scenario as it read it, with the OOM its
 * thread measured; a NaN triage's setup ("Memory estimate" answers for it). Null for others.
 */
export function basisOfReply(reply: Reply): AnswerScenario | null {
  const basis: EstimateBasis | undefined = reply.kind === 'estimate' ? reply : reply.kind === 'diagnosis' ? reply.memory : undefined;
  if (!basis) return null;
  const { scenario, assumptions, notices, ignored, measured } = basis;
  return { scenario, ...(measured !== undefined ? { measured } : {}), reading: { assumptions, notices, ignored } };
}

/**
 * The code a reply carries (basisOfReply), within `room` characters. Null for a reply that
 * stands for no scenario, or when it would be too long.
 *
 * Not validated here: an answer's scenario is valid by construction (src/scenario/resolve-steps.ts:
 * its steps guarantee the shape, the tests check it against the schema), or was validated where
 * it came in (a stored thread, src/state/codec.ts; an answer's own code, decodeAnswerScenario).
 * Checking it again on the way out cost a full zod pass on the main thread for every answer
 * (about half of this function's CPU, bench/scenario-code-cost.ts), and a code that does not read
 * back is already what every reader treats as no code: decodeAnswerScenario gives null for both.
 */
export function codeOfAnswer(reply: Reply, room: number = MAX_SCENARIO_CODE_CHARS): string | null {
  const answer = basisOfReply(reply);
  return answer ? encodeAnswerScenario(answer, room) : null;
}
