import { InteractionResponseType, MessageFlags, type APIInteractionResponse } from 'discord.js';
import { serveRequest } from '../../admission.js';
import type { HandlerDeps } from '../deps.js';
import { answerButton } from '../handling/answerButton.js';
import { answerCommand } from '../handling/answerCommand.js';
import { suggest } from '../handling/handleAutocomplete.js';
import { serveInteraction } from '../handling/serveInteraction.js';
import { HEADROOM_COMMAND_NAME, REQUEST_OPTION_NAME } from '../interactions/headroomCommand.js';
import type { ParsedInteraction } from './payload.js';
import type { HttpReplies } from './replies.js';

/** An interaction that asks for work (a PING, an unknown type or a malformed payload never gets here). */
export type WorkInteraction = Extract<ParsedInteraction, { kind: 'command' | 'component' | 'autocomplete' }>;

const UNKNOWN_COMMAND = `I only know /${HEADROOM_COMMAND_NAME}: run \`npm run discord:register\` to replace stale commands.`;

/**
 * What Discord gets when a handler finished without answering (a button headroom did not
 * mint): an acknowledgement that changes nothing, so nobody sees "This interaction failed".
 */
const UNANSWERED: Record<WorkInteraction['kind'], APIInteractionResponse> = {
  command: { type: InteractionResponseType.ChannelMessageWithSource, data: { content: UNKNOWN_COMMAND, flags: MessageFlags.Ephemeral } },
  component: { type: InteractionResponseType.DeferredMessageUpdate },
  autocomplete: { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: [] } },
};

/**
 * Answers one verified interaction with the same handlers as the gateway (answerCommand,
 * answerButton, suggest), inside the same request envelope (serveInteraction / serveRequest:
 * rate limits, shutdown drain, error boundary). Resolves once the work is done, which is
 * usually well after the HTTP response (a deferral) has gone.
 */
export async function dispatchInteraction(interaction: WorkInteraction, replies: HttpReplies, deps: HandlerDeps): Promise<void> {
  switch (interaction.kind) {
    case 'command': {
      if (interaction.name !== HEADROOM_COMMAND_NAME) break;
      const text = interaction.options.get(REQUEST_OPTION_NAME) ?? '';
      await serveInteraction(deps, interaction.requester, replies, 'command', () => answerCommand(text, interaction.place, replies, deps));
      break;
    }
    case 'component':
      await serveInteraction(deps, interaction.requester, replies, 'button', () => answerButton(interaction.customId, interaction.place, replies, deps));
      break;
    case 'autocomplete': {
      if (interaction.name !== HEADROOM_COMMAND_NAME) break;
      // Suggestions while typing: not rate limited (Discord throttles them), nothing to apologise into.
      const answer = async () => {
        replies.respond({ type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: await suggest(interaction.focused, deps) } });
      };
      await serveRequest(deps.ops, { platform: 'discord', kind: 'autocomplete' }, answer, async () => undefined);
      break;
    }
  }
  if (!replies.answered) replies.respond(UNANSWERED[interaction.kind]);
}
