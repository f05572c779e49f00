import { gib } from '../memory/format.js';
import type { Verdict } from './types.js';

/**
 * The user reports an out-of-memory ("OOM on step 0", "keeps OOMing") on a setup the estimate says
 * fits: the two disagree, and the verdict's second line says so instead of a bare ✓ (issue 22,
 * item 5: a reading the user's own words contradict is said, not hidden; issue 23: the verdict is the
 * word a user acts on). What fits as read leaves the cause outside what was read: a longer sample than
 * the length read, evaluation or generation inside the run, another process on the card, or a setting
 * read wrongly. A "tight" fit says how little it takes.
 */
export function reportedOomNotice(verdict: Verdict): string | null {
  if (verdict.status !== 'yes' && verdict.status !== 'tight') return null;
  const spare = verdict.headroomBytes !== null && verdict.headroomBytes > 0 ? ` with ${gib(verdict.headroomBytes)} GiB to spare` : '';
  const how = verdict.status === 'tight' ? `only just fits${spare}, so a longer sample or fragmentation can tip it over` : `fits${spare} as I read it, so the cause is outside what I read`;
  return `You report running out of memory, but this setup ${how}: check your longest sample against the length above, evaluation or generation inside the run, another process on the card (nvidia-smi), and any setting read wrongly above.`;
}
