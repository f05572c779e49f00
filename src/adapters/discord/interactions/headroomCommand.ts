import { ApplicationCommandOptionType, ApplicationCommandType, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';

/** `/headroom request:<text>`: the one slash command. Registered by scripts/discord-register.ts, never on start. */
export const HEADROOM_COMMAND_NAME = 'headroom';
export const REQUEST_OPTION_NAME = 'request';

export const headroomCommand: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  type: ApplicationCommandType.ChatInput,
  name: HEADROOM_COMMAND_NAME,
  description: 'Will it fit? GPU memory for a training or inference setup, with what to change.',
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: REQUEST_OPTION_NAME,
      description: 'e.g. 13b bf16 zero3 seq 4096 on 4xA100-80G',
      required: true,
      autocomplete: true,
      max_length: 1000,
    },
  ],
  // Usable in servers, in DMs with the bot, and as a user-installed app in private channels.
  integration_types: [0, 1],
  contexts: [0, 1, 2],
};
