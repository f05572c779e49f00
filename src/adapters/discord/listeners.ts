import { Events, type Client, type Interaction, type Message } from 'discord.js';
import { serveRequest } from '../admission.js';
import type { HandlerDeps } from './deps.js';
import { gatewayReplies } from './handling/gatewayReplies.js';
import { handleAutocomplete } from './handling/handleAutocomplete.js';
import { handleButton } from './handling/handleButton.js';
import { handleChatInput } from './handling/handleChatInput.js';
import { handleEdit } from './handling/handleEdit.js';
import { handleMessage } from './handling/handleMessage.js';
import { interactionRequester } from './handling/replies.js';
import { serveInteraction } from './handling/serveInteraction.js';
import { HEADROOM_COMMAND_NAME } from './interactions/headroomCommand.js';
import { journaledInteraction, journaledMessage } from './journal.js';

/**
 * Every handler runs inside serveRequest (src/adapters/admission.ts): rate limits, refusal while
 * restarting, tracking for graceful shutdown, and the error boundary, so a failure answers the
 * user with an error id and never takes the process down.
 */
export function registerListeners(client: Client, deps: HandlerDeps): void {
  client.on(Events.InteractionCreate, (interaction: Interaction) => {
    if (interaction.isAutocomplete() && interaction.commandName === HEADROOM_COMMAND_NAME) {
      // Suggestions while typing: not rate limited (Discord throttles them), nothing to apologise into.
      void serveRequest(deps.ops, { platform: 'discord', kind: 'autocomplete' }, () => handleAutocomplete(interaction, deps), async () => undefined);
    } else if (interaction.isChatInputCommand() && interaction.commandName === HEADROOM_COMMAND_NAME) {
      const who = interactionRequester(interaction.user.id, interaction.channelId);
      void serveInteraction(deps, who, gatewayReplies(interaction), 'command', () => journaledInteraction(deps, interaction, () => handleChatInput(interaction, deps)));
    } else if (interaction.isButton()) {
      const who = interactionRequester(interaction.user.id, interaction.channelId);
      void serveInteraction(deps, who, gatewayReplies(interaction), 'button', () => handleButton(interaction, deps));
    }
  });
  client.on(Events.MessageCreate, (message: Message) => {
    const botId = client.user?.id;
    if (!botId || message.author.bot) return;
    void serveRequest(
      deps.ops,
      { platform: 'discord', kind: 'message' },
      (gate) => journaledMessage(deps, message, gate, (journaling) => handleMessage(message, botId, deps, journaling)),
      (apology) => message.reply({ content: apology }),
    );
  });
  client.on(Events.MessageUpdate, (before, after) => {
    const botId = client.user?.id;
    if (!botId) return;
    void serveRequest(deps.ops, { platform: 'discord', kind: 'edit' }, () => handleEdit(before, after, botId, deps), async () => undefined);
  });
  client.on(Events.ShardError, (error, shardId) => deps.log({ event: 'discord.shard.error', shardId, error: error.message }));
  client.on(Events.ShardResume, (shardId, replayed) => deps.log({ event: 'discord.shard.resumed', shardId, replayed }));
}
