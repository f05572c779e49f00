import { MessageFlags, Routes, ThreadAutoArchiveDuration, type APIChannel, type RepliableInteraction } from 'discord.js';
import { answerInFooter } from '../scenario-marker.js';
import { textOnly } from '../delivery.js';
import { permitsThreads, type InteractionPlace, type InteractionReplies } from './replies.js';

/** InteractionReplies over the gateway: discord.js's reply / deferReply / editReply (REST callbacks). */
export function gatewayReplies(interaction: RepliableInteraction): InteractionReplies {
  return {
    async ephemeral(message) {
      await interaction.reply({ ...message, flags: MessageFlags.Ephemeral });
    },
    async defer() {
      await interaction.deferReply();
    },
    async editOriginal(payload) {
      const message = await interaction.editReply(payload);
      return { id: message.id };
    },
    async tell(content) {
      if (interaction.deferred || interaction.replied) await interaction.editReply(textOnly(content));
      else await interaction.reply({ content, flags: MessageFlags.Ephemeral });
    },
    async startThread(channelId, messageId, name) {
      // REST rather than Message#startThread: the response message need not be in discord.js's cache.
      const body = { name, auto_archive_duration: ThreadAutoArchiveDuration.OneDay };
      const thread = (await interaction.client.rest.post(Routes.threads(channelId, messageId), { body })) as APIChannel;
      return thread.id;
    },
  };
}

export function gatewayPlace(interaction: RepliableInteraction): InteractionPlace {
  const component = interaction.isMessageComponent() ? interaction : null;
  const footer = answerInFooter(component?.message.embeds[0]?.footer?.text);
  return {
    channelId: interaction.channelId,
    inThread: interaction.channel?.isThread() ?? false,
    messageRequest: footer.request,
    messageId: component?.message.id ?? null,
    messageScenario: footer.scenario,
    userId: interaction.user.id,
    dm: !interaction.inGuild(),
    canOpenThreads: permitsThreads(interaction.appPermissions?.bitfield),
  };
}
