import type { EstimateReply } from '../../src/reply/types.js';
import { loadCorpus, type CorpusLine } from './corpus.js';
import { freshAnswer } from './fresh.js';

export interface CorpusEstimate {
  line: CorpusLine;
  reply: EstimateReply;
}

let estimates: readonly CorpusEstimate[] | null = null;

/**
 * The corpus lines that answer with an estimate, each with its reply to a fresh thread. Worked
 * out once per module graph: test files share one per worker (vitest.config.ts), and each of
 * several files used to answer all ~430 lines again while it was being collected. Each answer
 * is the worker's one for its text (fresh.ts), which chat-turn and scenario-code read too. Read only.
 */
export function corpusEstimates(): readonly CorpusEstimate[] {
  return (estimates ??= loadCorpus()
    .map((line) => ({ line, reply: freshAnswer(line.text).reply }))
    .filter((r): r is CorpusEstimate => r.reply.kind === 'estimate'));
}
