import { Events, MessageFlags, type Client, type Interaction, type Message } from 'discord.js';
import type { HandlerDeps } from './deps.js';
import { handleAutocomplete } from './handling/handleAutocomplete.js';
import { handleButton } from './handling/handleButton.js';
import { handleChatInput } from './handling/handleChatInput.js';
import { handleMessage } from './handling/handleMessage.js';
import { HEADROOM_COMMAND_NAME } from './interactions/headroomCommand.js';

const SORRY = 'Something went wrong on my side; the error is logged. Please try again.';

/** A failed handler answers the user if it still can and never takes the process down. */
async function guard(deps: HandlerDeps, what: string, work: () => Promise<void>, apologise?: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    deps.log({ event: 'discord.handler.failed', handler: what, error: error instanceof Error ? error.message : String(error) });
    await apologise?.().catch(() => undefined);
  }
}

async function apologise(interaction: Interaction): Promise<void> {
  if (!interaction.isRepliable()) return;
  if (interaction.deferred || interaction.replied) await interaction.editReply({ content: SORRY, embeds: [], components: [] });
  else await interaction.reply({ content: SORRY, flags: MessageFlags.Ephemeral });
}

export function registerListeners(client: Client, deps: HandlerDeps): void {
  client.on(Events.InteractionCreate, (interaction: Interaction) => {
    if (interaction.isAutocomplete() && interaction.commandName === HEADROOM_COMMAND_NAME) {
      void guard(deps, 'autocomplete', () => handleAutocomplete(interaction, deps));
    } else if (interaction.isChatInputCommand() && interaction.commandName === HEADROOM_COMMAND_NAME) {
      void guard(deps, 'command', () => handleChatInput(interaction, deps), () => apologise(interaction));
    } else if (interaction.isButton()) {
      void guard(deps, 'button', () => handleButton(interaction, deps), () => apologise(interaction));
    }
  });
  client.on(Events.MessageCreate, (message: Message) => {
    const botId = client.user?.id;
    if (botId) void guard(deps, 'message', () => handleMessage(message, botId, deps));
  });
  client.on(Events.ShardError, (error, shardId) => deps.log({ event: 'discord.shard.error', shardId, error: error.message }));
  client.on(Events.ShardResume, (shardId, replayed) => deps.log({ event: 'discord.shard.resumed', shardId, replayed }));
}
