import { hubIdsIn } from '../../../hub/prefetch.js';
import { helpScreen, renderDiscord } from '../../../render/discord.js';
import { answerKeys, loadState, persistTurn, threadKey } from '../conversation.js';
import type { HandlerDeps } from '../deps.js';
import { prepare } from '../delivery.js';
import { verdictOf } from './handleMessage.js';
import { ownedBy } from '../../../core/audience.js';
import type { InteractionPlace, InteractionReplies } from './replies.js';

/**
 * `/headroom request:<text>`, however it arrived. Reading the request is pure and fast, so a
 * request error is answered at once, ephemerally; an estimate is deferred (charts can take a
 * moment, and Discord allows 3 s for the first answer) and the original response edited with
 * the embed and buttons. Inside a thread the command continues that thread's scenario.
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
  const out = await prepare(turn.reply, deps);
  const message = await replies.editOriginal(out.payload);
  if (turn.reply.kind === 'error') return 'request_error';
  // A command in a thread keeps its asker (the core carries it); one that starts a conversation makes its typist the asker (issue 24).
  await persistTurn(deps, answerKeys(message.id, place), ownedBy(turn.state, place.userId), out.rendered.ref);
  return verdictOf(turn.reply);
}
