import { hubIdsIn } from '../../../hub/prefetch.js';
import { helpScreen, renderDiscord } from '../../../render/discord.js';
import { answerKeys, loadState, persistTurn, threadKey } from '../conversation.js';
import type { HandlerDeps } from '../deps.js';
import { prepare, withFile } from '../delivery.js';
import { verdictOf } from './handleMessage.js';
import { threadNameOf } from '../../../render/discord/thread-name.js';
import { followUpHint, followUpOf } from './follow-up.js';
import { ownedBy } from '../../../core/audience.js';
import type { InteractionPlace, InteractionReplies } from './replies.js';

/**
 * `/headroom request:<text>`, however it arrived. Reading the request is pure and fast, so a
 * request error is answered at once, ephemerally; an estimate is deferred (charts can take a
 * moment, and Discord allows 3 s for the first answer) and the original response edited with
 * the embed and buttons. Inside a thread the command continues that thread's scenario; elsewhere
 * an estimate or a diagnosis opens a thread on the answer, or says in one line how to follow up where there can
 * be no thread (follow-up.ts).
 */
export async function answerCommand(text: string, place: InteractionPlace, replies: InteractionReplies, deps: HandlerDeps): Promise<string> {
  const previous = place.inThread && place.channelId ? await loadState(deps, threadKey(place.channelId)) : null;
  // A Hub id is fetched before the answer (up to seconds): defer first, so the 3 s window holds.
  const fetching = hubIdsIn(text).length > 0;
  if (fetching) await replies.defer();
  const turn = await deps.respond(text, previous);
  if (turn.reply.kind === 'error' && !fetching) {
    await replies.ephemeral({ embeds: renderDiscord(turn.reply).embeds });
    return 'request_error';
  }
  if (turn.reply.kind === 'help' && !fetching && !turn.cleared) {
    // help / usage / an empty command: to the person alone, one screen and "More" (issue 24).
    await replies.ephemeral(helpScreen(turn.reply, text));
    return 'help';
  }
  if (!fetching) await replies.defer();
  const followUp = followUpOf(turn.reply, place);
  const out = await prepare(turn.reply, deps, undefined, followUp.kind === 'hint' ? followUp.line : null);
  const message = await replies.editOriginal(out.payload);
  if (turn.reply.kind === 'error') return 'request_error';
  const keys = answerKeys(message.id, place);
  // In a DM the DM channel is the conversation: a plain message there continues this answer.
  if (place.dm && place.channelId) keys.push(threadKey(place.channelId));
  // A command in a thread keeps its asker (the core carries it); one that starts a conversation makes its typist the asker (issue 24).
  const state = ownedBy(turn.state, place.userId);
  const name = threadNameOf(turn.reply);
  if (followUp.kind === 'thread' && name !== null) {
    const thread = await openThread(place.channelId!, message.id, name, replies, deps);
    if (thread) keys.push(threadKey(thread));
    // Refused after all (permissions changed, a thread already there): the answer says how to follow up instead.
    else await replies.editOriginal(withFile(turn.reply, deps, out.payload.files[0] ?? null, followUpHint(turn.reply, false)).payload);
  }
  await persistTurn(deps, keys, state, out.rendered.ref);
  return verdictOf(turn.reply);
}

/** A thread on the answer, as a mention's answer gets (follow-ups there are read like mentions); null when Discord refuses. */
async function openThread(channelId: string, messageId: string, name: string, replies: InteractionReplies, deps: HandlerDeps): Promise<string | null> {
  try {
    return await replies.startThread(channelId, messageId, name);
  } catch (error) {
    deps.log({ event: 'discord.thread_refused', channel: channelId, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}
