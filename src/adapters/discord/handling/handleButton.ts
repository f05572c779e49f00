import { MessageFlags, type ButtonInteraction } from 'discord.js';
import type { EstimateReply } from '../../../reply/types.js';
import { decodeCustomId, mathEmbed } from '../../../render/discord.js';
import { persistTurn, threadKey, turnForRef } from '../conversation.js';
import type { ChartKind, HandlerDeps } from '../deps.js';
import { prepare } from '../delivery.js';

const EXPIRED = 'This answer is too old to reuse: ask again with /headroom or mention me.';
const NO_CHARTS = 'Charts are not available on this deployment.';

async function tellOnly(interaction: ButtonInteraction, content: string): Promise<void> {
  await interaction.reply({ content, flags: MessageFlags.Ephemeral });
}

/** The sweep that answers the question asked: sequence for "max seq", micro-batch otherwise. */
function sweepKind(reply: EstimateReply): ChartKind {
  return reply.scenario.question.kind === 'maxSeq' ? 'sweep-seq' : 'sweep-batch';
}

/**
 * A button on one of headroom's answers. Its custom id names the scenario (see customId.ts), so
 * it works after a restart. A lever posts the re-estimated answer as a new message and becomes
 * the thread's scenario; Show math is shown only to the clicker; Chart and Sweep post a PNG.
 */
export async function handleButton(interaction: ButtonInteraction, deps: HandlerDeps): Promise<void> {
  const decoded = decodeCustomId(interaction.customId);
  if (!decoded) return; // Not one of ours (another app's component in a shared message).
  const base = await turnForRef(decoded.ref, deps);
  if (!base || base.reply.kind !== 'estimate') {
    await tellOnly(interaction, EXPIRED);
    return;
  }
  const reply = base.reply;
  const { action } = decoded;
  if (action.kind === 'math') {
    await interaction.reply({ embeds: [mathEmbed(reply)], flags: MessageFlags.Ephemeral });
    return;
  }
  if (action.kind === 'chart' || action.kind === 'sweep') {
    if (!deps.chart) {
      await tellOnly(interaction, NO_CHARTS);
      return;
    }
    await interaction.deferReply();
    const out = await prepare(reply, deps, action.kind === 'chart' ? 'breakdown' : sweepKind(reply));
    await interaction.editReply(out.payload);
    return;
  }
  const lever = reply.levers[action.index];
  if (!lever) {
    await tellOnly(interaction, EXPIRED);
    return;
  }
  await interaction.deferReply();
  const next = deps.respond(lever.change, base.state);
  const out = await prepare(next.reply, deps);
  const message = await interaction.editReply(out.payload);
  const inThread = interaction.channel?.isThread() ?? false;
  const keys = [threadKey(message.id), ...(inThread ? [threadKey(interaction.channelId)] : [])];
  await persistTurn(deps, keys, next.state, out.rendered.ref);
}
