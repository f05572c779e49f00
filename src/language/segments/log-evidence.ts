import { ENGINE_NAMED } from '../vocabulary.js';
import { ENGINE_PRINTOUTS } from '../engine-printouts.js';
import { WRAPPER_ECHO_RULES } from './wrapper-echo-rules.js';
import { LOG_EVIDENCE as LOG_EVIDENCE_RULES, type LogEvidence } from './log-evidence-rules.js';
import { LOG_DEVICE_RULES } from './log-device-rules.js';
import { pathModelSpan, sizesSaidAlone } from './log-path-model.js';

export { VLLM_RELEASE_SAID, nominalGB, type LogEvidence } from './log-evidence-rules.js';

/**
 * What a log still tells, though its numbers set nothing (issue 22, b13). A log segment is
 * blanked (segments/read.ts) except for these spans, each found by its shape on one line of the log:
 * - the script a launcher ran, named in its failure summary ("pretrain_llama.py FAILED"): what the
 *   user ran, kept as written so the entry-point readers see it (a Megatron-LM pretrain_*.py);
 * - an engine's own logger ("text_generation_launcher:", TurboMind's "[TM]"): weak evidence of the
 *   engine, written as its name, once, and only where nothing outside the logs names an engine —
 *   a logger name is the engine's, but a log can be pasted from another run than the one asked about;
 * - an RL trainer's own worker names (verl's Ray actors, "ray::WorkerDict.actor_rollout_…"): weak
 *   evidence of the trainer, written as its algorithm, once, where nothing outside the logs names one.
 */

/**
 * The table, a wrapper's echo of the command it ran (wrapper-echo-rules.ts), and after them an engine's own printouts (engine-printouts.ts: a source path in a traceback, a logger's
 * tag or line format), each weak evidence of its engine as a logger's name is.
 */
export const LOG_EVIDENCE: readonly LogEvidence[] = [
  ...LOG_EVIDENCE_RULES,
  ...LOG_DEVICE_RULES,
  ...WRAPPER_ECHO_RULES,
  ...ENGINE_PRINTOUTS.filter((p) => !p.outsideLogsOnly).map((p) => ({ id: `log.engine.${p.id}`, pattern: p.pattern, engine: p.engine, example: p.example, ...(p.source ? { source: p.source } : {}) })),
];

/** An engine named outside the logs (the vocabulary's engine words, and TGI's and llama.cpp's). */
const ENGINE_WORDS = new RegExp(`${ENGINE_NAMED.source}|\\btgi\\b|text-generation-inference|text_generation_launcher|llama[.\\- ]?cpp|llama-(?:cli|server)|\\bollama\\b`, 'i');

/** An RL trainer or its algorithm named outside the logs. */
const TRAINER_WORDS = /\b(?:ppo|grpo|dpo|rloo|reinforce\+\+|remax|verl|openrlhf|trl|rlhf)\b/i;

/** A training program named outside the logs (the programs a log rule names: torchtune, its CLI, torchtitan). */
const PROGRAM_WORDS = /\btorchtune\b|\btune (?:run|cp|download)\b|\btorchtitan\b/i;

/** A model named outside the logs: a name with a size ("Llama-2-7B", "qwen2.5 7b"), or a bare size ("a 13b model"). */
const MODEL_NAMED = /(?<![a-z0-9])\d+(?:\.\d+)?b(?![a-z0-9])/i;

/**
 * A setting of the run written outside the logs: a long flag, or a snake_case keyword glued to its value
 * (`tensor_parallel_size=2`). A spaced `key = value` file is not counted: TurboMind's config.ini dump
 * (`tensor_para_size = 8`, c378) is the model's converted config, printed beside the same echo.
 */
const SETTINGS_GIVEN = /(?:^|\s)--[a-z][\w-]*|\b[a-z]+(?:_[a-z0-9]+)+=\S/i;

/** One span a log keeps, or writes as an engine's name, and the rule that found it. */
export interface LogSpan {
  at: number;
  to: number;
  /** The words written in its place; null keeps the span as written. */
  says: string | null;
  rule: { id: string; weak?: boolean };
}

/**
 * The spans of the log segments [start, end) of `text` that still tell, in order. `outside` is
 * the text with its logs blanked: an engine it names wins over a logger's weak evidence.
 */
export function logEvidence(text: string, logs: readonly { start: number; end: number }[], outside: string): LogSpan[] {
  const spans: LogSpan[] = [];
  // A link to an issue, a pull request or a discussion names no engine (prose/rules/engine-links.ts): "Issue is possibly
  // related to https://github.com/ollama/ollama/issues/1341" beside Ollama's own log (c588) leaves the log's evidence.
  let engineSaid = ENGINE_WORDS.test(outside.replace(/\bhttps?:\/\/\S+?\/(?:issues|pull|discussions)\/\d+\S*/gi, ' '));
  let trainerSaid = TRAINER_WORDS.test(outside);
  let programSaid = PROGRAM_WORDS.test(outside);
  // A link's hex ids are no size ("…/assets/139750690/495260f0-5303-426b-882a-…", oobabooga/text-generation-webui,
  // c685, hid the model its loader named); a Hub link names one and stays.
  const outsideNoLinks = outside.replace(/\bhttps?:\/\/(?!(?:www\.)?(?:huggingface\.co|hf\.co|modelscope\.cn)\/)\S+/gi, ' ');
  const modelSaid = MODEL_NAMED.test(outsideNoLinks);
  // The echo prints every setting, the engine's defaults too: where the message gives its own command or
  // config (`lmdeploy serve api_server … --tp 2`, c768), that is the run's, and the echo adds only defaults.
  const settingsSaid = SETTINGS_GIVEN.test(outside);
  const onceRead = new Set<string>();
  for (const log of logs) {
    for (let at = log.start; at < log.end; ) {
      const newline = text.indexOf('\n', at);
      const end = newline < 0 || newline >= log.end ? log.end : newline;
      const line = text.slice(at, end);
      for (const rule of LOG_EVIDENCE) {
        if ((rule.engine && engineSaid) || (rule.trainer && trainerSaid) || (rule.program && programSaid) || (rule.keptWeak && modelSaid) || (rule.settings && settingsSaid)) continue;
        if ((rule.once && onceRead.has(rule.once)) || rule.unless?.test(outside)) continue;
        const m = rule.pattern.exec(line);
        if (!m) continue;
        // A rule that writes from its match replaces the whole match (the length in its sentence); the others their group.
        const from = rule.writes ? at + m.index : at + m.index + m[0].indexOf(m[1]!);
        const to = rule.writes ? from + m[0].length : from + m[1]!.length;
        const says = rule.writes?.(m) ?? rule.engine ?? rule.trainer ?? rule.program?.(m) ?? null;
        const weak = rule.engine !== undefined || rule.trainer !== undefined || rule.program !== undefined || rule.keptWeak === true || rule.weak === true;
        spans.push({ at: from, to, says, rule: weak ? { id: rule.id, weak: true } : { id: rule.id } });
        if (rule.once) onceRead.add(rule.once);
        if (rule.engine) engineSaid = true;
        if (rule.trainer) trainerSaid = true;
        if (rule.program) programSaid = true;
        break;
      }
      at = end + 1;
    }
  }
  // No loader's line named the model: a path in any line of the logs may (log-path-model.ts).
  if (!spans.some(isModelSpan)) {
    const alone = modelSaid ? sizesSaidAlone(outsideNoLinks) : new Set<string>();
    const found = alone === null ? null : firstPathModel(text, logs, alone);
    if (found) spans.push(found);
    spans.sort((a, b) => a.at - b.at);
  }
  return oneModelOrNone(text, spans);
}

/** A span that keeps a model's name as written, read weak (the loader rules' and log-path-model's). */
const isModelSpan = (s: LogSpan) => s.says === null && s.rule.weak === true;

/** The first model a path in the logs names, line by line. */
function firstPathModel(text: string, logs: readonly { start: number; end: number }[], alone: ReadonlySet<string>): LogSpan | null {
  for (const log of logs) {
    for (let at = log.start; at < log.end; ) {
      const newline = text.indexOf('\n', at);
      const end = newline < 0 || newline >= log.end ? log.end : newline;
      const found = pathModelSpan(text.slice(at, end), at, alone);
      if (found) return found;
      at = end + 1;
    }
  }
  return null;
}

/** The size a kept model span names ("7b" of "mistral-7b-instruct-v0.2.q4_k_m.gguf" and of "Mistral 7B Instruct"). */
function modelSize(span: string): string | null {
  const m = /(?<![a-z0-9])(\d+(?:\.\d+)?b)(?![a-z0-9])/.exec(span.toLowerCase());
  return m ? m[1]! : null;
}

/**
 * One model from the logs, or none. A loader names its file and the file's metadata its name ("…/mistral-7b-
 * instruct-v0.2.Q4_K_M.gguf", "general.name str = mistralai_mistral-7b-instruct-v0.2"): one model, read from
 * the first. Logs that name two sizes (a loader's file and an engine's config of another run) name none the
 * reader may guess between: every model span is dropped, and the reply asks which model.
 */
function oneModelOrNone(text: string, spans: LogSpan[]): LogSpan[] {
  const models = spans.filter(isModelSpan);
  const sizes = new Set(models.map((s) => modelSize(text.slice(s.at, s.to))).filter((k) => k !== null));
  return spans.filter((s) => !models.includes(s) || (sizes.size <= 1 && s === models[0]));
}
