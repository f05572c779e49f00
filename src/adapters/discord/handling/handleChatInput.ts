import type { ChatInputCommandInteraction } from 'discord.js';
import type { HandlerDeps } from '../deps.js';
import { REQUEST_OPTION_NAME } from '../interactions/headroomCommand.js';
import { answerCommand } from './answerCommand.js';
import { gatewayPlace, gatewayReplies } from './gatewayReplies.js';

/** `/headroom request:<text>` over the gateway (answerCommand.ts has the behaviour). */
export function handleChatInput(interaction: ChatInputCommandInteraction, deps: HandlerDeps): Promise<string> {
  const text = interaction.options.getString(REQUEST_OPTION_NAME, true);
  return answerCommand(text, gatewayPlace(interaction), gatewayReplies(interaction), deps);
}
