import type { Message, ThreadChannel } from 'discord.js';
import type { Reply } from '../../../reply/types.js';
import type { ThreadState } from '../../../core/assistant.js';
import type { Turn } from '../../../core/assistant.js';
import { helpScreen, RESET_FOOTER, shortErrorText } from '../../../render/discord.js';
import { threadNameOf } from '../../../render/discord/thread-name.js';
import type { Gate } from '../../admission.js';
import { threadQueue } from '../../thread-queue.js';
import { currentThreadState, keepWaiting, loadState, persistTurn, threadKey } from '../conversation.js';
import { waitingOpening } from '../../../core/opening.js';
import type { HandlerDeps } from '../deps.js';
import { prepare, withFile, type Outgoing } from '../delivery.js';
import { followUpHint } from './follow-up.js';
import { discordAttachmentOrigins, discordFiles, withAttachedConfig } from '../../attached-config.js';
import { audienceOf, ownedBy } from '../../../core/audience.js';
import { isCourtesy } from '../../../language/courtesy.js';
import { addressesBot, askerOfThread, COURTESY_REACTION, mentionsSomeoneElse } from '../asker.js';

/** Discord's thread names are 1–100 characters. */
const THREAD_NAME_MAX = 100;

export function stripMention(content: string, botId: string): string {
  return content.replace(new RegExp(`<@!?${botId}>`, 'g'), ' ').replace(/\s+/g, ' ').trim();
}

/** A "Which model?" thread's name from the words that wait, within Discord's 100 characters (answers: render/discord/thread-name.ts). */
export function threadName(words: string): string {
  const name = `headroom: ${words.replace(/\s+/g, ' ').trim()}`;
  return name.length <= THREAD_NAME_MAX ? name : `${name.slice(0, THREAD_NAME_MAX - 1)}…`;
}

/** State of a thread: the store first, then the scenario written into the bot's own buttons. */
async function threadState(thread: ThreadChannel, botId: string, deps: HandlerDeps): Promise<ThreadState | null> {
  return currentThreadState(thread, botId, deps);
}

/** Admits everything: for callers without rate limits (the gate normally comes from serveRequest). */
export const admitAll: Gate = async () => true;

/** Rate-limit keys: per author, and per channel (the parent channel for a thread, so a busy channel's threads share one bucket). */
function requester(message: Message): { user: string; channel: string } {
  const channel = message.channel;
  const channelId = channel.isThread() ? (channel.parentId ?? channel.id) : channel.id;
  return { user: `discord:${message.author.id}`, channel: `discord:${channelId}` };
}

/** Said when a thread's earlier scenario is gone (reset, or neither the store nor the thread's messages have it). */
export const FRESH_THREAD_NOTE = 'I have no earlier scenario for this thread, so I read this as a new request.';

/** What a message that was not understood gets when nobody asked headroom: a reaction, no message. */
export const NOT_UNDERSTOOD_REACTION = '❔';

/** Forgets a thread on `reset`; a failing store is logged, never breaks the answer. */
async function forget(deps: HandlerDeps, key: string): Promise<void> {
  try {
    await deps.store.delete?.(key);
  } catch (error) {
    deps.log({ event: 'discord.store_failed', op: 'delete', error: String(error) });
  }
}

/**
 * help / usage / an empty mention (issue 24): plain messages cannot be answered ephemerally, so a
 * short reply to the message: one screen and "More", whose rest goes to the clicker alone.
 * True when the turn was a help and is answered.
 */
async function replyHelp(message: Message, turn: Turn, request: string): Promise<boolean> {
  if (turn.reply.kind !== 'help' || turn.cleared) return false;
  await message.reply(helpScreen(turn.reply, request || 'help'));
  return true;
}

/** The answer to `reset` is marked, so recovering the thread from its messages stops there. */
async function prepareTurn(turn: Turn, deps: HandlerDeps, note: string | null = null): Promise<Outgoing> {
  const out = await prepare(turn.reply, deps, undefined, note);
  if (!turn.cleared) return out;
  const embeds = out.payload.embeds.map((embed) => ({ ...embed, footer: { text: RESET_FOOTER } }));
  return { rendered: { ...out.rendered, embeds }, payload: { ...out.payload, embeds } };
}

/**
 * A request error in a channel or thread: plain messages cannot be answered ephemerally, so a
 * message that mentioned headroom gets one short line, and a thread message that did not
 * ("thanks, that helps!") gets a reaction at most, never a public error card.
 */
async function answerError(message: Message, turn: Turn, mentioned: boolean): Promise<string> {
  if (turn.reply.kind !== 'error') return 'error';
  if (mentioned) await message.reply({ content: shortErrorText(turn.reply) });
  else await message.react(NOT_UNDERSTOOD_REACTION).catch(() => undefined);
  return 'request_error';
}

/**
 * Plain messages: `@headroom <request>` in a channel (answer, then open a thread on the answer),
 * any message in a thread headroom is part of (a follow-up on the thread's scenario), and DMs
 * (the DM channel is the conversation). `gate` is passed only once the message is known to be
 * a request for us, so other people's chatter never spends a rate-limit token; a refusal is a
 * short reply to the message (plain messages cannot be answered ephemerally). Follow-ups in one
 * thread or DM are answered in the order they arrived (threadQueue); `reset` forgets the thread.
 */
export async function handleMessage(message: Message, botId: string, deps: HandlerDeps, gate: Gate = admitAll): Promise<string | void> {
  if (message.author.bot) return;
  // A reply to one of headroom's messages is addressed to it as a mention is (issue 24).
  const mentioned = addressesBot(message, botId);
  const text = stripMention(message.content, botId);
  const author = message.author.id;
  // "thanks" / "ok" / "👍" to the bot: one reaction, never a card.
  if (mentioned && isCourtesy(text)) return void (await message.react(COURTESY_REACTION).catch(() => undefined));
  // An attached config.json is downloaded only once the message is known to be for us.
  const request = () => withAttachedConfig(text, discordFiles(message.attachments), { origins: deps.attachmentOrigins ?? discordAttachmentOrigins(), log: deps.log, platform: 'discord' });
  const channel = message.channel;
  const admitted = () => gate(requester(message), (notice) => message.reply({ content: notice }));

  if (channel.isDMBased()) {
    const key = threadKey(channel.id);
    return threadQueue.run(key, async () => {
      if (!(await admitted())) return;
      const response = await deps.respond(await request(), await loadState(deps, key));
      const turn = { ...response, state: ownedBy(response.state, author) };
      if (await replyHelp(message, turn, text)) return 'help';
      const out = await prepareTurn(turn, deps);
      const sent = await message.reply(out.payload);
      if (turn.cleared) await forget(deps, key);
      else await persistTurn(deps, [key, threadKey(sent.id)], turn.state, out.rendered.ref);
      return verdictOf(turn.reply);
    });
  }

  if (channel.isThread()) {
    const key = threadKey(channel.id);
    return threadQueue.run(key, async () => {
      const previous = await threadState(channel, botId, deps);
      // Someone else's thread: stay quiet unless asked. A thread headroom opened (its owner) stays
      // ours after `reset` or expiry: a message there is a new request.
      if (!previous && !mentioned && channel.ownerId !== botId) return;
      // Only the asker's messages, and messages to the bot, change the thread: a colleague's talk is not read (issue 24).
      const asker = previous?.asker ?? (await askerOfThread(channel, botId));
      const audience = audienceOf({ author, asker, addressed: mentioned, mentionsOthers: mentionsSomeoneElse(message, botId), text });
      if (audience === 'courtesy') return void (await message.react(COURTESY_REACTION).catch(() => undefined));
      if (audience !== 'request') return;
      if (!(await admitted())) return;
      const response = await deps.respond(await request(), previous);
      const turn = { ...response, state: ownedBy(response.state, asker ?? author) };
      if (turn.reply.kind === 'error') {
        // Words that name no model wait for it (issue 11) where the author was asked "Which model?":
        // a mention gets the question; a thread that already waits was opened on it. A bare reaction
        // asks nothing, so those words are not kept (a "gc" after `reset` is not the next request's start).
        const asked = mentioned || waitingOpening(previous) !== null;
        if (turn.state && waitingOpening(turn.state) !== null && asked) await keepWaiting(deps, key, turn.state, message.id);
        return answerError(message, turn, mentioned);
      }
      if (await replyHelp(message, turn, text)) return 'help';
      const out = await prepareTurn(turn, deps, previous ? null : FRESH_THREAD_NOTE);
      const sent = await channel.send(out.payload);
      if (turn.cleared) await forget(deps, key);
      else await persistTurn(deps, [key, threadKey(sent.id)], turn.state, out.rendered.ref);
      return turn.cleared ? 'reset' : verdictOf(turn.reply);
    });
  }

  if (!mentioned) return;
  if (!(await admitted())) return;
  // A reply to one of our answers where it could open no thread (a slash answer's hint) continues that answer's scenario.
  const repliedTo = message.mentions.repliedUser?.id === botId ? message.reference?.messageId : undefined;
  const previous = repliedTo ? await loadState(deps, threadKey(repliedTo)) : null;
  const response = await deps.respond(await request(), previous);
  const turn = { ...response, state: ownedBy(response.state, author) };
  const waiting = turn.reply.kind === 'error' ? waitingOpening(turn.state) : null;
  if (turn.reply.kind === 'error' && waiting !== null) {
    // "Which model?" opens a thread on the question (issue 11): the answer there is read after the mention's words.
    const asked = await message.reply({ content: shortErrorText(turn.reply) });
    const thread = await asked.startThread({ name: threadName(waiting) });
    await persistTurn(deps, [threadKey(thread.id), threadKey(asked.id)], turn.state, null);
    return 'request_error';
  }
  if (turn.reply.kind === 'error') return answerError(message, turn, true);
  if (await replyHelp(message, turn, text)) return 'help';
  const out = await prepare(turn.reply, deps);
  const sent = await message.reply(out.payload);
  // An estimate opens a thread, and so does a diagnosis (issue 24): its follow-up is the setup it asks for.
  const name = threadNameOf(turn.reply);
  if (name === null) return turn.reply.kind;
  // A thread started on a message takes that message's id, so both keys are the same conversation.
  // Where threads are not allowed, the answer stands alone: a reply to it continues it (above).
  const thread = await sent.startThread({ name }).catch((error: unknown) => {
    deps.log({ event: 'discord.thread_refused', channel: channel.id, error: error instanceof Error ? error.message : String(error) });
    return null;
  });
  // No thread after all: the answer says in one line how to follow up (a reply to it), and what to type.
  if (!thread) await sent.edit({ embeds: withFile(turn.reply, deps, null, followUpHint(turn.reply, false)).payload.embeds }).catch(() => undefined);
  await persistTurn(deps, [...(thread ? [threadKey(thread.id)] : []), threadKey(sent.id)], turn.state, out.rendered.ref);
  return verdictOf(turn.reply);
}

/** What the request log records about an answer: the verdict, or the kind of reply. */
export function verdictOf(reply: Reply): string {
  return reply.kind === 'estimate' ? reply.verdict.status : reply.kind;
}
