import { ANSWER_EVENT_TYPE, type SlackMessage } from '../../render/slack.js';
import type { LookupOptions, SlackLookups } from './lookups.js';

interface MessageWithMetadata {
  ts?: string;
  bot_id?: string;
  metadata?: { event_type?: string; event_payload?: { canonical?: unknown; opening?: unknown; asker?: unknown } };
}

/**
 * What a "Which model?" refusal carries when it leaves the thread's words waiting for the model
 * (issue 11): the words themselves, so a thread whose saved state is gone still reads the answer
 * after them, as an answer's canonical request lets its follow-ups be read.
 */
export function openingMetadata(opening: string): NonNullable<SlackMessage['metadata']> {
  return { event_type: ANSWER_EVENT_TYPE, event_payload: { opening } };
}

/** Who asked in the thread, as one of our answers records it (issue 24); absent on answers from older releases. */
function askerOf(message: MessageWithMetadata): { asker?: string } {
  const asker = message.metadata?.event_payload?.asker;
  return typeof asker === 'string' && asker !== '' ? { asker } : {};
}

function openingOf(message: MessageWithMetadata, botId: string | undefined): string | null {
  if (message.metadata?.event_type !== ANSWER_EVENT_TYPE) return null;
  if (botId && message.bot_id && message.bot_id !== botId) return null;
  const opening = message.metadata.event_payload?.opening;
  return typeof opening === 'string' && opening.trim() !== '' ? opening : null;
}

function canonicalOf(message: MessageWithMetadata, botId: string | undefined): string | null {
  if (message.metadata?.event_type !== ANSWER_EVENT_TYPE) return null;
  // Only our own answers are trusted: another app could post look-alike metadata.
  if (botId && message.bot_id && message.bot_id !== botId) return null;
  const canonical = message.metadata.event_payload?.canonical;
  return typeof canonical === 'string' && canonical.trim() !== '' ? canonical : null;
}

/** The thread's latest headroom answer; `none` when it has none (not our thread); `failed` when Slack could not be asked. */
export type LatestAnswer =
  | { kind: 'answer'; canonical: string; ts: string; asker?: string }
  /** Our answer to `reset` came last: the thread is ours, with nothing to continue. */
  | { kind: 'reset'; ts: string; asker?: string }
  /** Our "Which model?" came last: the thread's words wait for the model. */
  | { kind: 'opening'; opening: string; ts: string; asker?: string }
  | { kind: 'none' }
  | { kind: 'failed' };

/**
 * The thread's latest headroom answer, read from message metadata (conversations.replies with
 * include_all_metadata; the thread root is the first message): the recovery path when the store
 * has nothing for a thread (restart, another process, expiry) or may be behind (an outage).
 * A lookup under the lookup budget (lookups.ts): refused, rate-limited or late, it is `failed`
 * at once and the caller answers from what it has.
 */
export async function latestAnswerInThread(
  lookups: SlackLookups,
  channel: string,
  threadTs: string,
  botId: string | undefined,
  options?: LookupOptions,
): Promise<LatestAnswer> {
  const result = await lookups.read('conversations.replies', { channel, ts: threadTs, include_all_metadata: true, limit: 200 }, options);
  if (!result.ok) return { kind: 'failed' };
  const messages = ((result.value as { messages?: unknown[] }).messages ?? []) as MessageWithMetadata[];
  for (const message of [...messages].reverse()) {
    if (isResetAnswer(message, botId) && message.ts) return { kind: 'reset', ts: message.ts, ...askerOf(message) };
    const canonical = canonicalOf(message, botId);
    if (canonical && message.ts) return { kind: 'answer', canonical, ts: message.ts, ...askerOf(message) };
    const opening = openingOf(message, botId);
    if (opening && message.ts) return { kind: 'opening', opening, ts: message.ts, ...askerOf(message) };
  }
  return { kind: 'none' };
}

/** Our answer to `reset` carries an empty canonical: nothing before it is picked up again. */
function isResetAnswer(message: MessageWithMetadata, botId: string | undefined): boolean {
  return message.metadata?.event_type === ANSWER_EVENT_TYPE && message.metadata.event_payload?.canonical === '' && (!botId || message.bot_id === botId);
}

/** The canonical request of one answer message (a button's message), from its metadata. */
export async function canonicalOfMessage(lookups: SlackLookups, channel: string, ts: string, botId: string | undefined): Promise<string | null> {
  const result = await lookups.read('conversations.history', { channel, latest: ts, inclusive: true, limit: 1, include_all_metadata: true });
  if (!result.ok) return null;
  const message = ((result.value as { messages?: unknown[] }).messages ?? [])[0] as MessageWithMetadata | undefined;
  return message && message.ts === ts ? canonicalOf(message, botId) : null;
}
