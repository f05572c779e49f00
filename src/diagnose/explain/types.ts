import type { Estimate } from '../../memory/types.js';
import type { Lever } from '../../reply/types.js';
import type { Scenario } from '../../scenario/schema.js';
import type { Measurement } from '../measurement.js';

/** The thread a pasted log lands in, when it has a scenario: the estimate to hold the log against. */
export interface ThreadSetup {
  scenario: Scenario;
  estimate: Estimate;
  canonical: string;
}

export type Cause =
  | 'fragmentation'
  | 'shortage'
  | 'too-large'
  | 'absurd-size'
  | 'other-process'
  | 'no-contiguous-block'
  | 'kv-cache'
  | 'no-kv-room'
  | 'prefill-budget'
  | 'llamacpp-buffer'
  | 'library-oom'
  | 'fp16-overflow'
  | 'loss-scale-ok'
  | 'nan-fp16'
  | 'nan-bf16'
  | 'nan-unknown';

/**
 * The causes by which a log shows the run itself failed for memory (an OOM, a KV cache too small to
 * start, a prefill over its budget, a llama.cpp buffer that would not allocate). NaN findings and a
 * loss scale that recovered are no memory failure; memory another process holds is no fault of the
 * run's own estimate.
 */
export const MEMORY_FAILURES: ReadonlySet<Cause> = new Set<Cause>(['fragmentation', 'shortage', 'too-large', 'absurd-size', 'no-contiguous-block', 'kv-cache', 'no-kv-room', 'prefill-budget', 'llamacpp-buffer', 'library-oom']);

/** One finding explained: the parts of a DiagnosisReply, plus what to keep in the thread. */
export interface Explanation {
  cause: Cause;
  source: string;
  headline: string;
  evidence: string[];
  actions: string[];
  levers: Lever[];
  comparison: string | null;
  measurement: Measurement | null;
}

export function explanation(cause: Cause, source: string, headline: string, evidence: string[], actions: string[]): Explanation {
  return { cause, source, headline, evidence, actions, levers: [], comparison: null, measurement: null };
}
