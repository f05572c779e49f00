import { MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { renderDiscord } from '../../../render/discord.js';
import { persistTurn, threadKey } from '../conversation.js';
import type { HandlerDeps } from '../deps.js';
import { prepare } from '../delivery.js';
import { verdictOf } from './handleMessage.js';
import { REQUEST_OPTION_NAME } from '../interactions/headroomCommand.js';

/**
 * `/headroom request:<text>`. Reading the request is pure and fast, so a request error is
 * answered at once, ephemerally; an estimate is deferred (charts can take a moment) and the
 * original response edited with the embed and buttons. Inside a thread the command continues
 * that thread's scenario.
 */
export async function handleChatInput(interaction: ChatInputCommandInteraction, deps: HandlerDeps): Promise<string> {
  const text = interaction.options.getString(REQUEST_OPTION_NAME, true);
  const inThread = interaction.channel?.isThread() ?? false;
  const previous = inThread ? await deps.store.get(threadKey(interaction.channelId)) : null;
  const turn = deps.respond(text, previous);
  if (turn.reply.kind === 'error') {
    const rendered = renderDiscord(turn.reply);
    await interaction.reply({ embeds: rendered.embeds, flags: MessageFlags.Ephemeral });
    return 'request_error';
  }
  await interaction.deferReply();
  const out = await prepare(turn.reply, deps);
  const message = await interaction.editReply(out.payload);
  const keys = [threadKey(message.id), ...(inThread ? [threadKey(interaction.channelId)] : [])];
  await persistTurn(deps, keys, turn.state, out.rendered.ref);
  return verdictOf(turn.reply);
}
