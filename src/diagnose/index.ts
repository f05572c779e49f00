import { gib } from '../memory/format.js';
import { levers } from '../plan/levers.js';
import type { DiagnosisReply, Lever } from '../reply/types.js';
import { LOG_WORDS, readPaste } from './detect/index.js';
import { explainBareCudaOom, explainCublas, explainNccl } from './explain/libraries.js';
import { explainLossScale, explainNan } from './explain/numerics.js';
import { explainLlamaCpp, explainTgi, explainVllmMemory, explainVllmNoBlocks, explainVllmTokens } from './explain/serving.js';
import { explainTorchOom } from './explain/torch-oom.js';
import type { Cause, Explanation, ThreadSetup } from './explain/types.js';
import type { Finding, Reading } from './findings.js';
import type { Measurement } from './measurement.js';

export type { ThreadSetup } from './explain/types.js';
export { measurementTip, type Measurement } from './measurement.js';
export { readPaste } from './detect/index.js';
export { statedScenario, statedSetup } from './stated-setup.js';
export { isNanQuestion, nanTriage } from './nan-question.js';

export interface Diagnosis {
  reply: DiagnosisReply;
  /** What to keep with the thread (an OOM's numbers held against its estimate), or null. */
  measurement: Measurement | null;
}

/** Said in one line (a terminal's 80 columns) when a pasted error was recognised but none of it could be read. */
export const UNREADABLE = 'I cannot read this error: I know OOM, KV-cache, loss-scale and NaN logs.';

function find<K extends Finding['kind']>(findings: Finding[], kind: K): Extract<Finding, { kind: K }> | null {
  return (findings.find((f) => f.kind === kind) as Extract<Finding, { kind: K }> | undefined) ?? null;
}

/** The finding that explains the failure, in the order a log's causes chain (an OOM explains the NCCL error after it). */
function explain(reading: Reading, setup: ThreadSetup | null): Explanation | null {
  const f = reading.findings;
  const profile = find(f, 'vllm-profile');
  const torch = find(f, 'torch-oom');
  if (torch) return explainTorchOom(torch, setup);
  const tokens = find(f, 'vllm-kv-tokens');
  if (tokens) return explainVllmTokens(tokens, profile, setup);
  const memory = find(f, 'vllm-kv-memory');
  if (memory) return explainVllmMemory(memory, profile, setup);
  if (find(f, 'vllm-no-cache-blocks')) return explainVllmNoBlocks(profile, setup);
  const tgi = find(f, 'tgi-prefill');
  if (tgi) return explainTgi(tgi);
  const llama = find(f, 'llamacpp-alloc');
  if (llama) return explainLlamaCpp(llama);
  const nccl = find(f, 'nccl-oom');
  if (nccl) return explainNccl(nccl);
  if (find(f, 'cublas-alloc')) return explainCublas();
  if (find(f, 'cuda-oom')) return explainBareCudaOom();
  const nan = find(f, 'nan');
  const scale = find(f, 'loss-scale');
  if (scale) return explainLossScale(scale, nan, setup);
  if (nan) return explainNan(nan, reading.precision, setup);
  return null;
}

/**
 * The memory failures whose log has no numbers to hold against the estimate: a library's or the
 * runtime's allocation, llama.cpp's buffer. A PyTorch OOM's explanation chooses its own levers from
 * its numbers (none for fragmentation, whose fix is the allocator), and vLLM's from its budget.
 */
const NUMBERLESS_FAILURES: ReadonlySet<Cause> = new Set<Cause>(['library-oom', 'llamacpp-buffer']);

/** As many levers as a shortage's diagnosis offers (torch-oom.ts calibratedLevers). */
const MOST_LEVERS = 5;

/**
 * The setup's own levers beside a memory failure whose log carries no numbers to re-estimate
 * against (llama.cpp's "cudaMalloc failed", a bare "CUDA error: out of memory", cuBLAS, NCCL):
 * where the estimate too says the setup does not fit, its levers — fewer -ngl layers, a shorter
 * context, … each re-estimated — are the answer, not only the log's generic advice. A
 * stranger's llama.cpp OOM beside "-ngl 80 -c 8192 on a 3090" got "check nvidia-smi" where the
 * estimate had "ngl 45: 23.5 GiB ✓". Where the estimate says it fits, its levers would all read ✓
 * against a run that failed, so none are offered (the verdict line says the log wins).
 */
function setupLevers(e: Explanation, setup: ThreadSetup | null): Lever[] {
  if (e.levers.length > 0 || !setup || setup.estimate.fits !== false || !NUMBERLESS_FAILURES.has(e.cause)) return e.levers;
  return levers(setup.scenario, setup.estimate).slice(0, MOST_LEVERS);
}

/** The first thing to do when the estimate's levers answer a numberless failure: the first that fits, named. */
function leverAction(e: Explanation, offered: readonly Lever[]): string[] {
  if (offered === e.levers || offered.length === 0) return e.actions;
  const fitting = offered.find((l) => l.fits);
  const first = fitting ? ` — first, "${fitting.change}" (${gib(fitting.deviceBytes)} GiB, fits)` : '; none fits alone: a larger card or more GPUs';
  return [`My estimate says this setup does not fit either: the levers below are each re-estimated${first}.`, ...e.actions];
}

function unreadable(): DiagnosisReply {
  return { kind: 'diagnosis', cause: 'unreadable', source: 'pasted error', headline: UNREADABLE, evidence: [], actions: [], levers: [], comparison: null, readable: false };
}

/**
 * A pasted error log read and explained, or null when the text is not an error log (then it is
 * a request, and the request parser reads it). `setup` is asked for only when the text is an
 * error log (estimating the thread's scenario is not free). Pure; never throws on any string.
 */
export function diagnose(text: string, setup: () => ThreadSetup | null): Diagnosis | null {
  if (!LOG_WORDS.test(text)) return null;
  const reading = readPaste(text);
  if (!reading.errorLike) return null;
  const held = setup();
  const e = explain(reading, held);
  if (!e) return { reply: unreadable(), measurement: null };
  const offered = setupLevers(e, held);
  return {
    reply: { kind: 'diagnosis', cause: e.cause, source: e.source, headline: e.headline, evidence: e.evidence, actions: leverAction(e, offered), levers: offered, comparison: e.comparison, readable: true },
    measurement: e.measurement,
  };
}
