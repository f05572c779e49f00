import type { Message, ThreadChannel } from 'discord.js';
import { scenarioThread, type ThreadState, type Turn } from '../../core/assistant.js';
import { decodeCustomId, hashStoreKey, isHeadroomCustomId, RESET_FOOTER, type DecodedCustomId, type ScenarioRef } from '../../render/discord.js';
import type { HandlerDeps } from './deps.js';
import { isNewerAnswer, type SavedThread } from '../../state/codec.js';
import { threadOfAnswer } from '../../state/scenario-code.js';
import { answerInFooter } from './scenario-marker.js';
import { RESTATE_TEXT } from '../answer-turn.js';

/** DESIGN §5: Discord conversations are keyed by thread (or message / DM channel) id. */
export function threadKey(id: string): string {
  return `discord:${id}`;
}

/**
 * One answer's own state, under its message id (issue 24, item 2): what a button on that answer
 * starts from when its message carries no scenario. Apart from `threadKey(id)`, which a thread
 * opened on the answer shares and moves on with every follow-up.
 */
export function answerKey(messageId: string): string {
  return `discord:answer:${messageId}`;
}

/** An interaction's answer names its conversation by the message it became, and by the thread it was given in. */
export function answerKeys(messageId: string, place: { channelId: string | null; inThread: boolean }): string[] {
  return [threadKey(messageId), ...(place.inThread && place.channelId ? [threadKey(place.channelId)] : [])];
}

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

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A thread's saved state; a failing store (Redis down) reads as a miss, logged, never as an apology. */
export async function loadState(deps: HandlerDeps, key: string): Promise<SavedThread | null> {
  try {
    return await deps.store.get(key);
  } catch (error) {
    deps.log({ event: 'discord.store_failed', op: 'get', error: errorText(error) });
    return null;
  }
}

/** The Discord message id inside a thread key (`discord:{id}`), when it is one. */
function idOf(key: string): string | undefined {
  return /^discord:(\d+)$/.exec(key)?.[1];
}

/**
 * Saves the new state under every key that names this conversation, plus the hash reference
 * when used. Every caller names the conversation by the answer message's id among the keys
 * (`threadKey(sent.id)`), and snowflakes grow with time, so the newest id among them is the
 * answer's: the state is stamped with it, and no store lets it replace a later answer's state.
 * The answer is already sent, so a failing store is logged, not apologised for.
 */
export async function persistTurn(deps: HandlerDeps, keys: string[], state: ThreadState | null, ref: ScenarioRef | null): Promise<void> {
  if (!state) return;
  const answerTs = keys.map(idOf).reduce<string | undefined>((newest, id) => (id && (!newest || isNewerAnswer(id, newest)) ? id : newest), undefined);
  const saved: SavedThread = answerTs ? { ...state, answerTs } : state;
  const writes = keys.map((key) => deps.store.set(key, saved));
  if (ref?.kind === 'hash') writes.push(deps.store.set(hashStoreKey(ref.hash), saved));
  if (answerTs && 'scenario' in state) writes.push(deps.store.set(answerKey(answerTs), saved));
  const results = await Promise.allSettled(writes);
  for (const result of results) {
    if (result.status === 'rejected') deps.log({ event: 'discord.store_failed', op: 'set', error: errorText(result.reason) });
  }
}

/**
 * Keeps a thread's words that wait for a model (issue 11), stamped with the message that added
 * them: a refusal posts no answer whose id could stamp it. Logged, never thrown.
 */
export async function keepWaiting(deps: HandlerDeps, key: string, state: ThreadState, messageId: string): Promise<void> {
  try {
    await deps.store.set(key, { ...state, answerTs: messageId });
  } catch (error) {
    deps.log({ event: 'discord.store_failed', op: 'set', error: errorText(error) });
  }
}

/** The buttons headroom minted on one of its messages, decoded. */
function headroomButtons(message: Message): DecodedCustomId[] {
  const decoded: DecodedCustomId[] = [];
  for (const row of message.components) {
    if (!('components' in row)) continue;
    for (const component of row.components) {
      const id = 'customId' in component ? component.customId : null;
      const button = id && isHeadroomCustomId(id) ? decodeCustomId(id) : null;
      if (button) decoded.push(button);
    }
  }
  return decoded;
}

/**
 * A NaN triage (its one button is "Memory estimate"): the scenario it carries is the setup it was
 * read against, which the triage does not make the thread's (src/core/assistant.ts).
 */
function isTriage(message: Message): boolean {
  return headroomButtons(message).some((button) => button.action.kind === 'estimate');
}

/** The resolved scenario one of our answers carries in its footer (scenario-marker.ts), as a thread state. */
function markedState(message: Message, botId: string): ThreadState | null {
  if (message.author.id !== botId || isTriage(message)) return null;
  const { scenario } = answerInFooter(message.embeds[0]?.footer?.text);
  return scenario ? threadOfAnswer(scenario) : null;
}

function headroomRef(message: Message, botId: string): ScenarioRef | null {
  if (message.author.id !== botId || isTriage(message)) return null;
  return headroomButtons(message)[0]?.ref ?? null;
}

/**
 * A thread's state: the saved one, unless the store cannot be read or is in doubt (a write
 * failed, or the store had trouble lately: ResilientStore.doubts); then the thread's newest
 * headroom answer is read too and whichever is newer wins, so a thread never goes back in time.
 */
export async function currentThreadState(thread: ThreadChannel, botId: string, deps: HandlerDeps): Promise<ThreadState | null> {
  const key = threadKey(thread.id);
  let saved: SavedThread | null = null;
  let failed = false;
  try {
    saved = await deps.store.get(key);
  } catch (error) {
    failed = true;
    deps.log({ event: 'discord.store_failed', op: 'get', error: errorText(error) });
  }
  if (saved && !failed && !deps.store.doubts?.(key)) return saved;
  const latest = await latestAnswerState(thread, botId, deps);
  if (!latest) return saved;
  if (saved?.answerTs !== undefined && !isNewerAnswer(latest.messageId, saved.answerTs)) return saved;
  return latest.state;
}

/**
 * A thread whose state is not in the store (expired, other process, store wiped): read the
 * scenario back from the newest headroom button in the thread, else from the message it was
 * started on.
 */
export async function recoverThreadState(thread: ThreadChannel, botId: string, deps: HandlerDeps): Promise<ThreadState | null> {
  return (await latestAnswerState(thread, botId, deps))?.state ?? null;
}

/** The newest headroom answer in a thread (or its starter message): its scenario and message id. */
async function latestAnswerState(thread: ThreadChannel, botId: string, deps: HandlerDeps): Promise<{ state: ThreadState; messageId: string } | null> {
  const recent = await thread.messages.fetch({ limit: 25 }).catch(() => null);
  const candidates = recent ? [...recent.values()].sort((a, b) => b.createdTimestamp - a.createdTimestamp) : [];
  const starter = await thread.fetchStarterMessage().catch(() => null);
  if (starter) candidates.push(starter);
  for (const message of candidates) {
    // Our answer to `reset`: nothing before it is to be picked up again.
    if (message.author.id === botId && message.embeds.some((e) => e.footer?.text === RESET_FOOTER)) return null;
    // The scenario the answer was given for; an older answer's buttons name it by request or hash.
    const marked = markedState(message, botId);
    if (marked) {
      deps.log({ event: 'discord.thread.recovered', thread: thread.id, from: message.id });
      return { state: marked, messageId: message.id };
    }
    const ref = headroomRef(message, botId);
    if (!ref) continue;
    // The answer's own state first (keyed by its message id); a hash names only its scenario.
    const own = scenarioThread(await loadState(deps, answerKey(message.id)));
    if (own) {
      deps.log({ event: 'discord.thread.recovered', thread: thread.id, from: message.id });
      return { state: own, messageId: message.id };
    }
    const turn = await turnForRef(ref, deps);
    if (turn?.state) {
      deps.log({ event: 'discord.thread.recovered', thread: thread.id, from: message.id });
      return { state: turn.state, messageId: message.id };
    }
  }
  return null;
}
