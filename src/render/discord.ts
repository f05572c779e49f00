import type { APIEmbed } from 'discord.js';
import type { Reply } from '../reply/types.js';
import { estimateButtons, type ButtonRow } from './discord/buttons.js';
import type { ScenarioRef } from './discord/customId.js';
import { diagnosisButtons, diagnosisEmbed } from './discord/diagnosis.js';
import { errorEmbed } from './discord/error.js';
import { estimateEmbed } from './discord/estimate.js';
import { helpEmbed } from './discord/help.js';

/** A Discord message built only from a Reply (DESIGN: renderers never compute). */
export interface DiscordMessage {
  embeds: APIEmbed[];
  components: ButtonRow[];
  /** Request errors are shown only to the person who typed them, where the surface allows. */
  ephemeral: boolean;
  /** Set when the buttons reference the scenario by hash: the adapter must store it under that hash. */
  ref: ScenarioRef | null;
}

export interface RenderOptions {
  /** Whether chart buttons make sense (the chart renderer is installed). */
  charts?: boolean;
  /** Attachment file name of a chart to show as the embed image. */
  imageName?: string;
  /** One line above the answer, e.g. that the thread's earlier scenario could not be recovered. */
  note?: string | null;
}

export function renderDiscord(reply: Reply, options: RenderOptions = {}): DiscordMessage {
  switch (reply.kind) {
    case 'estimate': {
      const { rows, ref } = estimateButtons(reply, { charts: options.charts ?? true });
      // Buttons that name the scenario by hash depend on the store; the footer lets the message restore it.
      const embed = estimateEmbed(reply, options.imageName, { note: options.note, requestInFooter: ref.kind === 'hash' });
      return { embeds: [embed], components: rows, ephemeral: false, ref };
    }
    case 'help':
      return { embeds: [helpEmbed(reply)], components: [], ephemeral: false, ref: null };
    case 'error':
      return { embeds: [errorEmbed(reply)], components: [], ephemeral: true, ref: null };
    case 'diagnosis':
      return { embeds: [diagnosisEmbed(reply, options.note ?? null)], components: diagnosisButtons(reply), ephemeral: false, ref: null };
  }
}

export { detailsEmbed, tipsEmbed } from './discord/estimate.js';
export { helpRestEmbed, helpScreen } from './discord/help.js';
export { RESET_FOOTER, shortErrorText } from './discord/error.js';
export { REQUEST_FOOTER_PREFIX } from './discord/estimate.js';
export { decodeCustomId, hashStoreKey, isHeadroomCustomId } from './discord/customId.js';
export type { ButtonAction, DecodedCustomId, ScenarioRef } from './discord/customId.js';
