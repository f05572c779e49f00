import { snowflake } from './ids.js';

/** Minimal but complete Discord API objects (discord-api-types v10 shapes) for the stand-in. */

export interface User {
  id: string;
  username: string;
  discriminator: string;
  global_name: string | null;
  avatar: null;
  bot?: boolean;
}

export function user(id: string, username: string, bot = false): User {
  return { id, username, discriminator: '0', global_name: username, avatar: null, bot };
}

export function textChannel(id: string, guildId: string, name = 'general') {
  return { id, type: 0, guild_id: guildId, name, position: 0, permission_overwrites: [], parent_id: null, nsfw: false, topic: null, last_message_id: null, rate_limit_per_user: 0 };
}

export function threadChannel(id: string, guildId: string, parentId: string, ownerId: string, name: string) {
  return {
    id, type: 11, guild_id: guildId, parent_id: parentId, owner_id: ownerId, name, last_message_id: null, rate_limit_per_user: 0,
    message_count: 0, member_count: 1, flags: 0, total_message_sent: 0,
    thread_metadata: { archived: false, auto_archive_duration: 1440, archive_timestamp: new Date().toISOString(), locked: false },
  };
}

export function dmChannel(id: string, recipient: User) {
  return { id, type: 1, last_message_id: null, recipients: [recipient], flags: 0 };
}

export function guild(id: string, ownerId: string, channels: object[], threads: object[]) {
  return {
    id, name: 'stand-in guild', icon: null, splash: null, discovery_splash: null, owner_id: ownerId, afk_channel_id: null, afk_timeout: 300,
    verification_level: 0, default_message_notifications: 0, explicit_content_filter: 0, mfa_level: 0, application_id: null,
    system_channel_id: null, system_channel_flags: 0, rules_channel_id: null, vanity_url_code: null, description: null, banner: null,
    premium_tier: 0, premium_subscription_count: 0, preferred_locale: 'en-US', public_updates_channel_id: null, nsfw_level: 0,
    premium_progress_bar_enabled: false, safety_alerts_channel_id: null, features: [], emojis: [], stickers: [],
    roles: [{ id, name: '@everyone', color: 0, hoist: false, icon: null, unicode_emoji: null, position: 0, permissions: '1024', managed: false, mentionable: false, flags: 0 }],
    joined_at: new Date().toISOString(), large: false, unavailable: false, member_count: 2, voice_states: [], members: [], presences: [],
    channels, threads, stage_instances: [], guild_scheduled_events: [], soundboard_sounds: [],
  };
}

export function message(fields: {
  channelId: string;
  guildId?: string;
  author: User;
  content?: string;
  embeds?: unknown[];
  components?: unknown[];
  attachments?: unknown[];
  mentions?: User[];
  reference?: { message_id: string; channel_id: string; guild_id?: string };
  id?: string;
  flags?: number;
}) {
  return {
    id: fields.id ?? snowflake(),
    channel_id: fields.channelId,
    ...(fields.guildId ? { guild_id: fields.guildId } : {}),
    author: fields.author,
    content: fields.content ?? '',
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: fields.mentions ?? [],
    mention_roles: [],
    attachments: fields.attachments ?? [],
    embeds: fields.embeds ?? [],
    components: fields.components ?? [],
    pinned: false,
    type: fields.reference ? 19 : 0,
    flags: fields.flags ?? 0,
    ...(fields.reference ? { message_reference: { type: 0, ...fields.reference } } : {}),
  };
}
