import type { Scenario } from '../scenario/schema.js';
import { resolveRequest } from '../scenario/resolve.js';
import { segmentsOf, type TracedSegment } from '../language/segments/index.js';
import { readPaste } from './detect/index.js';

/** A request line is short; a longer first line is prose or part of the log. */
const MAX_REQUEST_LINE = 200;

/**
 * The setup a message states beside a pasted log: the whole message less its log, read as a
 * request (a setup split around the log — "finetune mistral 7b … getting this:", the OOM, then
 * "batch size is 4" — is one setup); else its first line above the log, or the error's own line;
 * null when there is none.
 */
export function statedScenario(text: string): Scenario | null {
  return statedSetup(text)?.scenario ?? null;
}

/**
 * The stated setup with the notices its reading says on an estimate's first screen (its weak
 * facts and questions first: "llama2 — which size: 7b, 13b or 70b? read as 7b"), so a diagnosis
 * held against it says the same doubts (issue 22, item 5).
 */
export interface StatedSetup {
  scenario: Scenario;
  notices: string[];
}

export function statedSetup(text: string): StatedSetup | null {
  const segments = segmentsOf(text);
  return setupBesideLog(text, segments) ?? setupAroundQuotedError(text, segments) ?? firstLineSetup(text) ?? setupOnTheErrorLine(text);
}

/** Where a pasted error starts within a line: an exception's name, or the words CUDA's OOM opens with. */
const ERROR_START = /\b[\w.]*(?:Error|Exception)\b|\bCUDA out of memory\b|\bTraceback \(most recent call last\)/;

/**
 * A setup on the one line that also holds the error (a slash command is one line: "/headroom 13b
 * lora on 1x 4090 seq 4096 torch.OutOfMemoryError: …"): the words before the error (however long), else the
 * last sentence after it, read as a request. A sentence of the log itself names no model, so it
 * reads as no setup. An error quoted in prose without an exception's name ("vllm serve … on two
 * L40S, getting 'No available memory for the cache blocks'") has no start to cut at: the whole
 * line is read, as any message is (the reader lists the error's words as not used).
 */
function setupOnTheErrorLine(text: string): StatedSetup | null {
  const line = text.trim();
  if (line.includes('\n')) return null;
  const start = ERROR_START.exec(line);
  if (!start) return scenarioOf(line);
  // The words before the error are the user's whatever their length: a message that tells its setup in
  // two sentences, then quotes the error inline ("… Command: vllm serve … --tensor-parallel-size 2. It crashes
  // with 'ValueError: …'"), had its setup dropped for being over a request line's length.
  const before = line.slice(0, start.index).replace(/[\s:;,.'"`—–-]+$/, '');
  const stated = before ? scenarioOf(before) : null;
  if (stated) return stated;
  const after = line.slice(start.index).split(/(?<=[.)])\s+/).at(-1)!.trim();
  return after !== line.slice(start.index).trim() && after.length <= MAX_REQUEST_LINE ? scenarioOf(after) : null;
}

function firstLineSetup(text: string): StatedSetup | null {
  const newline = text.indexOf('\n');
  if (newline < 0) return null;
  const first = text.slice(0, newline).trim();
  if (!first || first.length > MAX_REQUEST_LINE || readPaste(first).errorLike) return null;
  return scenarioOf(first);
}

/** PyTorch's OOM message is a `report` segment (read for the card only), a traceback a `log`. */
const pasted = (kind: string) => kind === 'log' || kind === 'report';

/**
 * A setup written anywhere beside the log ("This is llama-30b-hf on 4x24gb gpus" above a
 * traceback, a config under it): the whole message read as a request, whose reader sets the
 * log's segments aside (language/segments), so no number of the log is taken for the setup.
 */
function setupBesideLog(text: string, segments: readonly TracedSegment[]): StatedSetup | null {
  if (!segments.some((s) => pasted(s.kind)) || segments.every((s) => pasted(s.kind))) return null;
  return scenarioOf(text);
}

/**
 * A setup written around an error quoted in prose, with no log pasted ("when I try to run the model,
 * I get … \"torch.cuda.OutOfMemoryError: CUDA out of memory\". … I only have two NVIDIA GeForce
 * RTX3070 GPUs", lm-sys/FastChat#1312): the whole message read as a request, as any message is, so
 * the setup on the lines before or after the error is read too (issue 22, item 1: "both answers,
 * one reply"). Only when a diagnostic was found: without one, a line after the first is prose, and
 * nothing is taken from it.
 */
function setupAroundQuotedError(text: string, segments: readonly TracedSegment[]): StatedSetup | null {
  if (!text.trim().includes('\n') || segments.some((s) => pasted(s.kind)) || !readPaste(text).errorLike) return null;
  return scenarioOf(text);
}

function scenarioOf(text: string): StatedSetup | null {
  const outcome = resolveRequest(text, null);
  return outcome.ok && outcome.scenario && !outcome.helpOnly && outcome.control === 'none' ? { scenario: outcome.scenario, notices: outcome.notices } : null;
}
