import type { Estimate } from '../memory/types.js';
import type { Envelope } from '../reply/types.js';
import type { Scenario } from '../scenario/schema.js';
import { unstatedDrivers } from '../scenario/unstated.js';
import { largestBatch, longestSeq } from './solvers.js';

/**
 * The envelope of a half-stated setup (issue 23, item 8): when the user named a card but not the
 * sequence length or the batch, the two drivers of activations (and of the KV cache), a verdict
 * on the defaults says little about their run. What fits along each driver is answered instead,
 * by the searches that answer "max seq" and "max batch" (largest.ts, over `estimate`, which is
 * monotone in both): the longest sequence at the batch as read, the largest batch at the
 * sequence as read.
 *
 * Null when both were stated, when no card is named (nothing to fit against: the reply lists
 * the cards that hold it), when the request asks a question (its answer is the reply), or when
 * nothing fits along what was left unstated (then the verdict is ✗, as for a stated setup).
 * `asEstimated`: the reply's estimate of `s`, which both searches start from instead of estimating it again.
 */
export function envelopeOf(s: Scenario, asEstimated?: Estimate): Envelope | null {
  if (s.question.kind !== 'none' || !s.hardware) return null;
  const unstated = unstatedDrivers(s);
  if (unstated.length === 0) return null;
  const envelope: Envelope = {
    maxSeqAtBatch: { batch: s.microBatch, seq: longestSeq(s, asEstimated) },
    maxBatchAtSeq: { seq: s.seq, batch: largestBatch(s, asEstimated) },
    unstated,
  };
  return isEmpty(envelope) ? null : envelope;
}

/**
 * Nothing fits along the drivers left unstated: a shorter sequence when the sequence was not
 * said, or (the batch alone unsaid) batch 1 at the stated sequence; a batch below the default 1
 * does not exist.
 */
function isEmpty(e: Envelope): boolean {
  const alongSeq = e.unstated.includes('seq') && e.maxSeqAtBatch.seq !== null;
  const alongBatch = e.unstated.includes('batch') && e.maxBatchAtSeq.batch !== null;
  return !alongSeq && !alongBatch;
}
