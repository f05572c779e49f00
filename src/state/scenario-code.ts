import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { measurementSchema, type Measurement } from '../diagnose/measurement-schema.js';
import { scenarioSchema, type Scenario } from '../scenario/schema.js';
import type { ScenarioThread, ThreadState } from '../core/opening.js';

/**
 * The resolved scenario of one answer, as the answer itself carries it (issue 24, item 2): Slack
 * message metadata, a marker in a Discord embed, and a copy in the store. A button or a
 * follow-up starts from this, never from the request re-read: a pasted config.json, a Hub id's
 * fetched config or an attachment cannot be read again from the answer's text, and a Hub
 * model must not be fetched again to press a button.
 *
 *   s1.<base64url of deflate-raw(JSON { s: Scenario, m?: Measurement }) with DICTIONARY>
 *
 * Versioned: a code written by another format version, or whose scenario no longer passes the
 * current schema (a release changed it), decodes to null and the caller says the answer is too
 * old. A typical code is 80–200 characters; every code is at most MAX_SCENARIO_CODE_CHARS, so
 * it fits a Slack button value (2,000) and a Discord embed footer (2,048).
 */
export const SCENARIO_CODE_VERSION = 's1';

/** Slack's button value limit (DESIGN §5): the bound every code is held to. */
export const MAX_SCENARIO_CODE_CHARS = 2000;

/** What an answer stands for: its scenario and, when the thread held one, the OOM measured against it. */
export interface AnswerScenario {
  scenario: Scenario;
  measured?: Measurement;
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

const codeBodySchema = z.object({ s: scenarioSchema, m: measurementSchema.optional() });

const PREFIX = `${SCENARIO_CODE_VERSION}.`;

/** The code of an answer's scenario; null only past MAX_SCENARIO_CODE_CHARS (the answer then relies on the store). */
export function encodeAnswerScenario(answer: AnswerScenario): string | null {
  const body = JSON.stringify({ s: answer.scenario, ...(answer.measured !== undefined ? { m: answer.measured } : {}) });
  const code = PREFIX + deflateRawSync(Buffer.from(body, 'utf8'), { level: 9, dictionary: DICTIONARY }).toString('base64url');
  return code.length <= MAX_SCENARIO_CODE_CHARS ? code : null;
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
  return { scenario: parsed.data.s, ...(parsed.data.m !== undefined ? { measured: parsed.data.m } : {}) };
}

/** The thread an answer's code stands for: its scenario (and measurement), no undo history. */
export function threadOfAnswer(answer: AnswerScenario): ScenarioThread {
  return { scenario: answer.scenario, history: [], ...(answer.measured !== undefined ? { measured: answer.measured } : {}) };
}

/**
 * The code an estimate carries: its scenario, with the measurement its thread holds. Null when
 * it would be too long, or when the scenario does not pass the schema (it could not be read
 * back: a code is written only when it can be).
 */
export function codeOfAnswer(scenario: Scenario, state: ThreadState | null): string | null {
  const measured = state !== null && 'scenario' in state ? state.measured : undefined;
  const body = { s: scenario, ...(measured !== undefined ? { m: measured } : {}) };
  if (!codeBodySchema.safeParse(body).success) return null;
  return encodeAnswerScenario({ scenario, ...(measured !== undefined ? { measured } : {}) });
}
