import type { ReportedTopic } from '../items.js';

/**
 * A request the grammar takes whole ("qwen2.5-7b qlora seq 2048 on a 4090, getting OOM", "… on 8x a100,
 * CUDA out of memory") may still report what happened: the `reported.*` rule marked the words, but only
 * the tolerant reader's reconcile step handed them on (reconcile/settings.ts), so the reply showed the
 * OOM tips and a bare ✓ with no word that the user's own run disagrees. In the request language a bare
 * `oom` is the help topic (DESIGN.md §2: "help: oom, nan"; a thread's follow-up "oom" asks for the
 * tips), so it stays a request for help; words that say it happened — "out of memory", "OOMs",
 * "OOMed", "getting OOM", "still OOM" — are the report.
 */
const HAPPENED_BEFORE = /\b(?:get|gets|getting|got|hit|hits|hitting|have|has|having|had|keep|keeps|still|always|throws?|giving|gives|gave|see|seeing|saw|results?\s+in|leads?\s+to|ends?\s+(?:up\s+)?(?:in|with)|fails?\s+with|failed\s+with|but)\s+(?:an?\s+|the\s+)?(?:cuda\s+)?$/i;

export function strictReports(said: readonly ReportedTopic[], text: string): ReportedTopic[] {
  return said.filter((r) => {
    const words = text.slice(r.at, r.end).trim().toLowerCase();
    if (words !== 'oom') return true;
    return HAPPENED_BEFORE.test(text.slice(Math.max(0, r.at - 40), r.at));
  });
}
