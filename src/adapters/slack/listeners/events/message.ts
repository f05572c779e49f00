import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { slackFileOrigins, slackFiles, withAttachedConfig } from '../../../attached-config.js';
import type { SlackDeps } from '../../deps.js';
import { mentionsSomeoneElse, requestText } from '../../incoming-text.js';
import { answerInThread } from '../thread-answer.js';
import { messageChanged, type ChangedMessage } from './message-changed.js';

/** Subtypes that are still a person typing; every other subtype (edits, joins, bots) is ignored. */
const PERSON_SUBTYPES = new Set([undefined, 'thread_broadcast', 'file_share']);

interface PlainMessage {
  subtype?: string;
  bot_id?: string;
  user?: string;
  text?: string;
  ts: string;
  thread_ts?: string;
  /** Who posted the thread's root (Slack sends it on thread replies). */
  parent_user_id?: string;
  channel: string;
  channel_type?: string;
  team?: string;
  files?: Parameters<typeof slackFiles>[0];
}

/**
 * Any message the bot can see: a DM (answered in a thread), a follow-up in one of our threads,
 * or a mention (normally handled by `app_mention`; whichever arrives first answers). Other
 * channel chatter, the bot's own posts and other bots are ignored.
 */
export function message(deps: SlackDeps) {
  return async ({ event, body, client, context }: AllMiddlewareArgs & SlackEventMiddlewareArgs<'message'>): Promise<void> => {
    const msg = event as unknown as PlainMessage;
    if (msg.subtype === 'message_changed') return (await deps.claim(`slack:event:${body.event_id}`)) ? messageChanged(deps, client, body.team_id ?? context.teamId ?? 'unknown', context.botUserId, event as unknown as ChangedMessage) : undefined;
    if (!PERSON_SUBTYPES.has(msg.subtype) || msg.bot_id || !msg.user || msg.subtype === 'bot_message') return;
    const rawText = msg.text ?? '';
    const mentioned = context.botUserId ? rawText.includes(`<@${context.botUserId}`) : false;
    const addressed = msg.channel_type === 'im' || mentioned;
    const inThread = msg.thread_ts !== undefined && msg.thread_ts !== msg.ts;
    if (!inThread && !addressed) return;
    if (!(await deps.claim(`slack:event:${body.event_id}`))) return;
    if (!(await deps.claim(`slack:message:${msg.channel}:${msg.ts}`))) return;
    await answerInThread(deps, client, {
      team: body.team_id ?? msg.team ?? context.teamId ?? 'unknown',
      channel: msg.channel,
      user: msg.user,
      ts: msg.ts,
      threadTs: msg.thread_ts,
      text: await withAttachedConfig(requestText(rawText), slackFiles(msg.files), { token: client.token, origins: slackFileOrigins(client.slackApiUrl), log: deps.log, platform: 'slack' }),
      addressed,
      botId: context.botId,
      kind: msg.channel_type === 'im' ? 'dm' : mentioned ? 'mention' : 'follow_up',
      rootIsOurs: context.botUserId !== undefined && msg.parent_user_id === context.botUserId,
      mentionsOthers: mentionsSomeoneElse(rawText, context.botUserId),
    });
  };
}
