import type { Message, ThreadChannel } from 'discord.js';
import type { ThreadState, Turn } from '../../core/assistant.js';
import { decodeCustomId, hashStoreKey, isHeadroomCustomId, RESET_FOOTER, type ScenarioRef } from '../../render/discord.js';
import type { HandlerDeps } from './deps.js';

/** DESIGN §5: Discord conversations are keyed by thread (or message / DM channel) id. */
export function threadKey(id: string): string {
  return `discord:${id}`;
}

/** An interaction's answer names its conversation by the message it became, and by the thread it was given in. */
export function answerKeys(messageId: string, place: { channelId: string | null; inThread: boolean }): string[] {
  return [threadKey(messageId), ...(place.inThread && place.channelId ? [threadKey(place.channelId)] : [])];
}

/**
 * Text that asks respond() to re-estimate the previous scenario unchanged. Used only for
 * scenarios referenced by hash (canonical text too long for a custom id), where the store holds
 * the state but not the text.
 */
export const RESTATE_TEXT = '';

/** The turn a button's scenario gives: re-read from its canonical text, or from the store by hash. */
export async function turnForRef(ref: ScenarioRef, deps: HandlerDeps): Promise<Turn | null> {
  if (ref.kind === 'text') {
    const turn = await deps.respond(ref.canonical, null);
    return turn.reply.kind === 'estimate' ? turn : null;
  }
  const state = await deps.store.get(hashStoreKey(ref.hash));
  if (!state) return null;
  const turn = await deps.respond(RESTATE_TEXT, state);
  return turn.reply.kind === 'estimate' ? { ...turn, state: turn.state ?? state } : null;
}

/** Saves the new state under every key that names this conversation, plus the hash reference when used. */
export async function persistTurn(deps: HandlerDeps, keys: string[], state: ThreadState | null, ref: ScenarioRef | null): Promise<void> {
  if (!state) return;
  const writes = keys.map((key) => deps.store.set(key, state));
  if (ref?.kind === 'hash') writes.push(deps.store.set(hashStoreKey(ref.hash), state));
  await Promise.all(writes);
}

function headroomRef(message: Message, botId: string): ScenarioRef | null {
  if (message.author.id !== botId) return null;
  for (const row of message.components) {
    if (!('components' in row)) continue;
    for (const component of row.components) {
      const id = 'customId' in component ? component.customId : null;
      if (id && isHeadroomCustomId(id)) return decodeCustomId(id)?.ref ?? null;
    }
  }
  return null;
}

/**
 * A thread whose state is not in the store (expired, other process, store wiped): read the
 * scenario back from the newest headroom button in the thread, else from the message it was
 * started on.
 */
export async function recoverThreadState(thread: ThreadChannel, botId: string, deps: HandlerDeps): Promise<ThreadState | null> {
  const recent = await thread.messages.fetch({ limit: 25 }).catch(() => null);
  const candidates = recent ? [...recent.values()].sort((a, b) => b.createdTimestamp - a.createdTimestamp) : [];
  const starter = await thread.fetchStarterMessage().catch(() => null);
  if (starter) candidates.push(starter);
  for (const message of candidates) {
    // Our answer to `reset`: nothing before it is to be picked up again.
    if (message.author.id === botId && message.embeds.some((e) => e.footer?.text === RESET_FOOTER)) return null;
    const ref = headroomRef(message, botId);
    if (!ref) continue;
    const turn = await turnForRef(ref, deps);
    if (turn?.state) {
      deps.log({ event: 'discord.thread.recovered', thread: thread.id, from: message.id });
      return turn.state;
    }
  }
  return null;
}
