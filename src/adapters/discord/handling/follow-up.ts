import type { Reply } from '../../../reply/types.js';
import type { InteractionPlace } from './replies.js';

/**
 * How a slash command's answer is followed up (issue 24: it used to be a dead end). In a thread
 * already, the thread goes on. Elsewhere an estimate gets a thread on it, as a mention's does;
 * where there can be none (a DM; a channel where the app may not open threads) the answer says
 * in one line how to follow up instead.
 */
export type FollowUp = { kind: 'none' } | { kind: 'thread' } | { kind: 'hint'; line: string };

/** One line: where to write the follow-up, and two of the answer's own follow-up examples. */
export function followUpHint(reply: Reply, dm: boolean): string {
  const examples = reply.kind === 'estimate' ? reply.followUps.slice(0, 2).map((f) => `"${f}"`).join(', ') : '';
  const how = dm ? 'To follow up, write here' : 'No thread here: to follow up, reply to this answer';
  return examples ? `${how} (${examples}).` : `${how}.`;
}

export function followUpOf(reply: Reply, place: InteractionPlace): FollowUp {
  if (place.inThread || reply.kind !== 'estimate') return { kind: 'none' };
  if (!place.dm && place.canOpenThreads && place.channelId) return { kind: 'thread' };
  return { kind: 'hint', line: followUpHint(reply, place.dm === true) };
}
