import type { Reply } from '../../../reply/types.js';
import type { InteractionPlace } from './replies.js';

/**
 * How a slash command's answer is followed up (issue 24: it used to be a dead end). In a thread
 * already, the thread goes on. Elsewhere an estimate or a diagnosis gets a thread on it, as a mention's does;
 * where there can be none (a DM; a channel where the app may not open threads) the answer says
 * in one line how to follow up instead.
 */
export type FollowUp = { kind: 'none' } | { kind: 'thread' } | { kind: 'hint'; line: string };

/** What the answer invites typing next, quoted: its own follow-ups, a diagnosis's levers, or the setup it asks for. */
function nextWords(reply: Reply): string {
  if (reply.kind === 'estimate') return reply.followUps.slice(0, 2).map((f) => `"${f}"`).join(', ');
  if (reply.kind !== 'diagnosis' || !reply.readable) return '';
  if (!reply.setup) return `your setup, e.g. "${SETUP_EXAMPLE}"`;
  const levers = reply.levers.slice(0, 2).map((l) => `"${l.change}"`).join(', ');
  return levers || 'a change to re-estimate, e.g. "gc"';
}

/** The setup a diagnosis without one asks for, as the diagnosis itself spells it. */
const SETUP_EXAMPLE = '8b full bf16 seq 4096 on H100';

/** One line: where to write the follow-up, and what to write there. */
export function followUpHint(reply: Reply, dm: boolean): string {
  const words = nextWords(reply);
  const how = dm ? 'To follow up, write here' : 'No thread here: to follow up, reply to this answer';
  return words ? `${how} (${words}).` : `${how}.`;
}

/** An answer that is the start of a conversation: an estimate, or a diagnosis (its follow-up is the setup, or a lever). */
function continues(reply: Reply): boolean {
  return reply.kind === 'estimate' || (reply.kind === 'diagnosis' && reply.readable);
}

export function followUpOf(reply: Reply, place: InteractionPlace): FollowUp {
  if (place.inThread || !continues(reply)) return { kind: 'none' };
  if (!place.dm && place.canOpenThreads && place.channelId) return { kind: 'thread' };
  return { kind: 'hint', line: followUpHint(reply, place.dm === true) };
}
