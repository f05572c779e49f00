import { BOT_USER_ID, TEAM_ID } from './web-api.js';

/** Real-shaped Slack payloads (api.slack.com: slash commands, Events API, block_actions). */

let counter = 0;
const nextId = (prefix: string) => `${prefix}${(counter += 1)}`;

export function slashCommand(text: string, responseUrl: string, channel = 'C0GENERAL'): Record<string, unknown> {
  return {
    token: 'legacy-verification-token',
    team_id: TEAM_ID,
    team_domain: 'standin',
    channel_id: channel,
    channel_name: 'general',
    user_id: 'U0PERSON',
    user_name: 'person',
    command: '/headroom',
    text,
    api_app_id: 'A0HEADROOM',
    response_url: responseUrl,
    trigger_id: nextId('trigger-'),
  };
}

export interface EventMessage {
  type: 'app_mention' | 'message';
  text: string;
  ts: string;
  channel?: string;
  thread_ts?: string;
  /** Who posted the thread's root (Slack sends it on thread replies). */
  parent_user_id?: string;
  channel_type?: 'channel' | 'im';
  user?: string;
  bot_id?: string;
  subtype?: string;
}

export function eventCallback(event: EventMessage, eventId: string = nextId('Ev')): Record<string, unknown> {
  return {
    token: 'legacy-verification-token',
    team_id: TEAM_ID,
    api_app_id: 'A0HEADROOM',
    type: 'event_callback',
    event_id: eventId,
    event_time: 1_700_000_000,
    authorizations: [{ team_id: TEAM_ID, user_id: BOT_USER_ID, is_bot: true }],
    event: {
      channel: 'C0GENERAL',
      channel_type: 'channel',
      user: 'U0PERSON',
      event_ts: event.ts,
      ...event,
    },
  };
}

export function mentionText(text: string): string {
  return `<@${BOT_USER_ID}> ${text}`;
}

export interface ClickedMessage {
  ts: string;
  thread_ts?: string;
  channel: string;
}

export function buttonClick(message: ClickedMessage, actionId: string, value: string): Record<string, unknown> {
  return {
    type: 'block_actions',
    team: { id: TEAM_ID, domain: 'standin' },
    user: { id: 'U0PERSON', username: 'person', team_id: TEAM_ID },
    api_app_id: 'A0HEADROOM',
    token: 'legacy-verification-token',
    container: { type: 'message', message_ts: message.ts, channel_id: message.channel, is_ephemeral: false },
    trigger_id: nextId('trigger-'),
    channel: { id: message.channel, name: 'general' },
    message: { type: 'message', ts: message.ts, ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}), text: 'answer', bot_id: 'B0HEADROOM' },
    response_url: 'http://127.0.0.1:9/unused',
    actions: [{ type: 'button', action_id: actionId, block_id: 'b1', value, action_ts: '1700000000.000001', text: { type: 'plain_text', text: 'x' } }],
  };
}
