import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { loadCorpus, type CorpusLine } from './corpus.js';

export interface CorpusEstimate {
  line: CorpusLine;
  reply: EstimateReply;
}

let estimates: readonly CorpusEstimate[] | null = null;

/**
 * The corpus lines that answer with an estimate, each with its reply to a fresh thread. Worked
 * out once per module graph: test files share one per worker (vitest.config.ts), and each of
 * several files used to answer all ~430 lines again while it was being collected. Read only.
 */
export function corpusEstimates(): readonly CorpusEstimate[] {
  return (estimates ??= loadCorpus()
    .map((line) => ({ line, reply: respond(line.text, null).reply }))
    .filter((r): r is CorpusEstimate => r.reply.kind === 'estimate'));
}
