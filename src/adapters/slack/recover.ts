import { ANSWER_EVENT_TYPE, type SlackMessage } from '../../render/slack.js';
import type { LookupOptions, SlackLookups } from './lookups.js';
import { decodeAnswerScenario, type AnswerScenario } from '../../state/scenario-code.js';

interface MessageWithMetadata {
  ts?: string;
  bot_id?: string;
  metadata?: { event_type?: string; event_payload?: { canonical?: unknown; opening?: unknown; asker?: unknown; scenario?: unknown } };
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

/**
 * The resolved scenario one of our answers carries (issue 24, item 2); null on answers from
 * older releases, or when it cannot be read with this release (the canonical request is then
 * all there is).
 */
export function scenarioOf(message: MessageWithMetadata | undefined, botId: string | undefined): AnswerScenario | null {
  if (!message || message.metadata?.event_type !== ANSWER_EVENT_TYPE) return null;
  if (botId && message.bot_id && message.bot_id !== botId) return null;
  return decodeAnswerScenario(message.metadata.event_payload?.scenario);
}

/** The thread's latest headroom answer; `none` when it has none (not our thread); `failed` when Slack could not be asked. */
export type LatestAnswer =
  | { kind: 'answer'; canonical: string; scenario: AnswerScenario | null; ts: string; asker?: string }
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
    if (canonical && message.ts) return { kind: 'answer', canonical, scenario: scenarioOf(message, botId), ts: message.ts, ...askerOf(message) };
    const opening = openingOf(message, botId);
    if (opening && message.ts) return { kind: 'opening', opening, ts: message.ts, ...askerOf(message) };
  }
  return { kind: 'none' };
}

/** Our answer to `reset` carries an empty canonical: nothing before it is picked up again. */
function isResetAnswer(message: MessageWithMetadata, botId: string | undefined): boolean {
  return message.metadata?.event_type === ANSWER_EVENT_TYPE && message.metadata.event_payload?.canonical === '' && (!botId || message.bot_id === botId);
}

/** What one answer message (a button's message) stands for, from its metadata: its resolved scenario and canonical request. */
export interface AnswerOfMessage {
  scenario: AnswerScenario | null;
  canonical: string | null;
  asker?: string;
}

/**
 * One answer message's metadata, read with conversations.history. A reply in a thread is not
 * in the channel's history: conversations.replies with the thread root (`root`) reads it.
 */
export async function answerOfMessage(lookups: SlackLookups, channel: string, ts: string, root: string, botId: string | undefined): Promise<AnswerOfMessage | null> {
  const result =
    root === ts
      ? await lookups.read('conversations.history', { channel, latest: ts, inclusive: true, limit: 1, include_all_metadata: true })
      : // The thread's root comes first whatever the window; `oldest` makes the answer the next one.
        await lookups.read('conversations.replies', { channel, ts: root, oldest: ts, inclusive: true, limit: 2, include_all_metadata: true });
  if (!result.ok) return null;
  const messages = ((result.value as { messages?: unknown[] }).messages ?? []) as MessageWithMetadata[];
  const message = messages.find((m) => m.ts === ts);
  return message ? { scenario: scenarioOf(message, botId), canonical: canonicalOf(message, botId), ...askerOf(message) } : null;
}
