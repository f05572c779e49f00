import type { Message, ThreadChannel } from 'discord.js';
import type { Reply } from '../../../reply/types.js';
import type { ThreadState } from '../../../core/assistant.js';
import type { Gate } from '../../admission.js';
import { currentThreadState, loadState, persistTurn, threadKey } from '../conversation.js';
import type { HandlerDeps } from '../deps.js';
import { prepare } from '../delivery.js';

/** Discord's thread names are 1–100 characters. */
const THREAD_NAME_MAX = 100;

export function stripMention(content: string, botId: string): string {
  return content.replace(new RegExp(`<@!?${botId}>`, 'g'), ' ').replace(/\s+/g, ' ').trim();
}

function threadName(canonical: string): string {
  const name = `headroom: ${canonical}`;
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

/**
 * Plain messages: `@headroom <request>` in a channel (answer, then open a thread on the answer),
 * any message in a thread headroom is part of (a follow-up on the thread's scenario), and DMs
 * (the DM channel is the conversation). `gate` is passed only once the message is known to be
 * a request for us, so other people's chatter never spends a rate-limit token; a refusal is a
 * short reply to the message (plain messages cannot be answered ephemerally).
 */
export async function handleMessage(message: Message, botId: string, deps: HandlerDeps, gate: Gate = admitAll): Promise<string | void> {
  if (message.author.bot) return;
  const mentioned = message.mentions.users.has(botId);
  const text = stripMention(message.content, botId);
  const channel = message.channel;
  const admitted = () => gate(requester(message), (notice) => message.reply({ content: notice }));

  if (channel.isDMBased()) {
    if (!(await admitted())) return;
    const key = threadKey(channel.id);
    const turn = await deps.respond(text, await loadState(deps, key));
    const out = await prepare(turn.reply, deps);
    const sent = await message.reply(out.payload);
    await persistTurn(deps, [key, threadKey(sent.id)], turn.state, out.rendered.ref);
    return verdictOf(turn.reply);
  }

  if (channel.isThread()) {
    const previous = await threadState(channel, botId, deps);
    if (!previous && !mentioned) return; // Someone else's thread: stay quiet unless asked.
    if (!(await admitted())) return;
    const turn = await deps.respond(text, previous);
    const out = await prepare(turn.reply, deps);
    const sent = await channel.send(out.payload);
    await persistTurn(deps, [threadKey(channel.id), threadKey(sent.id)], turn.state, out.rendered.ref);
    return verdictOf(turn.reply);
  }

  if (!mentioned) return;
  if (!(await admitted())) return;
  const turn = await deps.respond(text, null);
  const out = await prepare(turn.reply, deps);
  const sent = await message.reply(out.payload);
  if (turn.reply.kind !== 'estimate') return turn.reply.kind;
  // A thread started on a message takes that message's id, so both keys are the same conversation.
  const thread = await sent.startThread({ name: threadName(turn.reply.canonical) });
  await persistTurn(deps, [threadKey(thread.id), threadKey(sent.id)], turn.state, out.rendered.ref);
  return verdictOf(turn.reply);
}

/** What the request log records about an answer: the verdict, or the kind of reply. */
export function verdictOf(reply: Reply): string {
  return reply.kind === 'estimate' ? reply.verdict.status : reply.kind;
}
