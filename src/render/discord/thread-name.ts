import { gpuById } from '../../catalog/index.js';
import { gib } from '../../memory/format.js';
import type { DiagnosisReply, EstimateReply, Reply, VerdictStatus } from '../../reply/types.js';
import type { Scenario } from '../../scenario/schema.js';

/** Discord's thread names are 1–100 characters. */
export const THREAD_NAME_MAX = 100;

const MARKS: Record<VerdictStatus, string> = { yes: '✓', tight: '⚠', no: '✗', unknown: 'needs' };

/** The model as the user knows it: the catalog's name, or the size they wrote ("13b") for a shape read from it. */
function modelLabel(s: Scenario): string {
  return s.model.id !== null ? s.model.name : s.model.asWritten;
}

function methodLabel(s: Scenario): string {
  if (s.mode === 'lora') return 'LoRA';
  if (s.mode === 'qlora') return 'QLoRA';
  if (s.mode === 'full') return s.pretrain ? 'pre-training' : 'full';
  return s.inference.engine === 'vllm' ? (s.inference.server === 'sglang' ? 'SGLang' : s.inference.server === 'lmdeploy' ? 'lmdeploy' : 'vLLM') : 'inference';
}

function cardLabel(s: Scenario): string | null {
  const h = s.hardware;
  if (!h) return s.unnamedGpus ? `${s.unnamedGpus} GPUs` : null;
  const name = h.gpuId ? gpuById(h.gpuId).name : `${Number((h.capacityBytes / 2 ** 30).toFixed(1))} GiB GPU`;
  return `${h.count}× ${name}`;
}

function clipName(name: string): string {
  const one = name.replace(/\s+/g, ' ').trim();
  return one.length <= THREAD_NAME_MAX ? one : `${one.slice(0, THREAD_NAME_MAX - 1)}…`;
}

/**
 * A thread's name says the setup and its verdict briefly (issue 24): model, method, card, then the
 * verdict's mark and the memory per GPU — "13b LoRA · 1× RTX 4090 24GB · ✗ 63.8 GiB" — or, for a
 * question (max batch, compare …), its answer's headline. Not the canonical dump.
 */
export function estimateThreadName(reply: EstimateReply): string {
  const s = reply.scenario;
  const setup = [`${modelLabel(s)} ${methodLabel(s)}`, cardLabel(s)].filter(Boolean).join(' · ');
  const verdict = reply.answer ? reply.answer.headline : `${MARKS[reply.verdict.status]} ${gib(reply.verdict.deviceBytes)} GiB`;
  return clipName(`${setup} · ${verdict}`);
}

/** A diagnosis's thread: its headline up to the first clause ("Out of memory for real: short by at least 489 MiB for this allocation"). */
export function diagnosisThreadName(reply: DiagnosisReply): string {
  const clause = reply.headline.split(/ — |; |, and |\. /)[0]!.replace(/\.$/, '');
  return clipName(clause);
}

/** The thread an answer opens, named by it; null for answers that open none (help, errors, an unreadable log). */
export function threadNameOf(reply: Reply): string | null {
  if (reply.kind === 'estimate') return estimateThreadName(reply);
  if (reply.kind === 'diagnosis' && reply.readable) return diagnosisThreadName(reply);
  return null;
}
