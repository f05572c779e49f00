import type { EstimateReply } from '../../../reply/types.js';
import { decodeCustomId, detailsEmbed, tipsEmbed } from '../../../render/discord.js';
import { answerKeys, persistTurn, turnForRef } from '../conversation.js';
import type { ChartKind, HandlerDeps } from '../deps.js';
import { prepare } from '../delivery.js';
import { verdictOf } from './handleMessage.js';
import type { InteractionPlace, InteractionReplies } from './replies.js';

export const EXPIRED = 'This answer is too old to reuse: ask again with /headroom or mention me.';
export const NO_CHARTS = 'Charts are not available on this deployment.';

/** The sweep that answers the question asked: sequence for "max seq", micro-batch otherwise. */
function sweepKind(reply: EstimateReply): ChartKind {
  return reply.scenario.question.kind === 'maxSeq' ? 'sweep-seq' : 'sweep-batch';
}

/**
 * A button on one of headroom's answers, however it arrived. Its custom id names the scenario
 * (see customId.ts), so it works after a restart. A lever posts the re-estimated answer as a new
 * message and becomes the thread's scenario; Details and OOM tips are shown only to the clicker; Chart and
 * Sweep post a PNG. Returns `'not_ours'` without answering for a custom id headroom did not mint.
 */
export async function answerButton(customId: string, place: InteractionPlace, replies: InteractionReplies, deps: HandlerDeps): Promise<string> {
  const decoded = decodeCustomId(customId);
  if (!decoded) return 'not_ours';
  // The store first (by hash), else the request the message's own footer carries.
  const base = (await turnForRef(decoded.ref, deps)) ?? (place.messageRequest ? await turnForRef({ kind: 'text', canonical: place.messageRequest }, deps) : null);
  if (!base || base.reply.kind !== 'estimate') {
    await replies.ephemeral({ content: EXPIRED });
    return 'expired';
  }
  const reply = base.reply;
  const { action } = decoded;
  if (action.kind === 'math') {
    await replies.ephemeral({ embeds: [detailsEmbed(reply)] });
    return 'details';
  }
  if (action.kind === 'tips') {
    await replies.ephemeral({ embeds: [tipsEmbed(reply)] });
    return 'tips';
  }
  if (action.kind === 'chart' || action.kind === 'sweep') {
    if (!deps.chart) {
      await replies.ephemeral({ content: NO_CHARTS });
      return 'no_charts';
    }
    await replies.defer();
    const out = await prepare(reply, deps, action.kind === 'chart' ? 'breakdown' : sweepKind(reply));
    await replies.editOriginal(out.payload);
    return action.kind;
  }
  const lever = reply.levers[action.index];
  if (!lever) {
    await replies.ephemeral({ content: EXPIRED });
    return 'expired';
  }
  await replies.defer();
  const next = await deps.respond(lever.change, base.state);
  const out = await prepare(next.reply, deps);
  const message = await replies.editOriginal(out.payload);
  await persistTurn(deps, answerKeys(message.id, place), next.state, out.rendered.ref);
  return verdictOf(next.reply);
}
