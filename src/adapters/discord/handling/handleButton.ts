import type { ButtonInteraction } from 'discord.js';
import type { HandlerDeps } from '../deps.js';
import { answerButton } from './answerButton.js';
import { gatewayPlace, gatewayReplies } from './gatewayReplies.js';

/**
 * A button over the gateway (answerButton.ts has the behaviour). Another app's component in a
 * shared message is left for that app to answer.
 */
export async function handleButton(interaction: ButtonInteraction, deps: HandlerDeps): Promise<string | void> {
  const verdict = await answerButton(interaction.customId, gatewayPlace(interaction), gatewayReplies(interaction), deps);
  return verdict === 'not_ours' ? undefined : verdict;
}
