import { Events, MessageFlags, type Client, type Interaction, type Message, type RepliableInteraction } from 'discord.js';
import { serveRequest, type Gate, type Requester } from '../admission.js';
import type { HandlerDeps } from './deps.js';
import { handleAutocomplete } from './handling/handleAutocomplete.js';
import { handleButton } from './handling/handleButton.js';
import { handleChatInput } from './handling/handleChatInput.js';
import { handleMessage } from './handling/handleMessage.js';
import { HEADROOM_COMMAND_NAME } from './interactions/headroomCommand.js';

/** Answers only the person who asked: a deferred interaction is edited, a fresh one replied to ephemerally. */
async function tellOnly(interaction: RepliableInteraction, content: string): Promise<void> {
  if (interaction.deferred || interaction.replied) await interaction.editReply({ content, embeds: [], components: [], files: [] });
  else await interaction.reply({ content, flags: MessageFlags.Ephemeral });
}

function requester(interaction: Interaction): Requester {
  return { user: `discord:${interaction.user.id}`, channel: `discord:${interaction.channelId ?? 'dm'}` };
}

/**
 * A slash command or a button: always a request for us, so admission comes first and a refusal
 * is always told (ephemerally: Discord shows "interaction failed" to anyone left unanswered).
 */
function serveInteraction(deps: HandlerDeps, interaction: RepliableInteraction, kind: string, work: () => Promise<string | void>): Promise<void> {
  return serveRequest(
    deps.ops,
    { platform: 'discord', kind },
    async (gate: Gate) => {
      if (!(await gate(requester(interaction), (text) => tellOnly(interaction, text), { alwaysTell: true }))) return;
      return work();
    },
    (apology) => tellOnly(interaction, apology),
  );
}

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
      void serveInteraction(deps, interaction, 'command', () => handleChatInput(interaction, deps));
    } else if (interaction.isButton()) {
      void serveInteraction(deps, interaction, 'button', () => handleButton(interaction, deps));
    }
  });
  client.on(Events.MessageCreate, (message: Message) => {
    const botId = client.user?.id;
    if (!botId || message.author.bot) return;
    void serveRequest(
      deps.ops,
      { platform: 'discord', kind: 'message' },
      (gate) => handleMessage(message, botId, deps, gate),
      (apology) => message.reply({ content: apology }),
    );
  });
  client.on(Events.ShardError, (error, shardId) => deps.log({ event: 'discord.shard.error', shardId, error: error.message }));
  client.on(Events.ShardResume, (shardId, replayed) => deps.log({ event: 'discord.shard.resumed', shardId, replayed }));
}
