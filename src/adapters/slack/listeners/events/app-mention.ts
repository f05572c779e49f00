import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { slackFileOrigins, slackFiles, withAttachedConfig } from '../../../attached-config.js';
import type { SlackDeps } from '../../deps.js';
import { requestText } from '../../incoming-text.js';
import { answerInThread } from '../thread-answer.js';

/** `@headroom <request>`: answered in the mention's thread. Deduped with the twin `message` event. */
export function appMention(deps: SlackDeps) {
  return async ({ event, body, client, context }: AllMiddlewareArgs & SlackEventMiddlewareArgs<'app_mention'>): Promise<void> => {
    if (!(await deps.claim(`slack:event:${body.event_id}`))) return;
    if (!(await deps.claim(`slack:message:${event.channel}:${event.ts}`))) return;
    if (event.bot_id) return;
    await answerInThread(deps, client, {
      team: body.team_id ?? event.team ?? context.teamId ?? 'unknown',
      channel: event.channel,
      user: event.user ?? 'unknown',
      ts: event.ts,
      threadTs: event.thread_ts,
      text: await withAttachedConfig(requestText(event.text), slackFiles((event as { files?: Parameters<typeof slackFiles>[0] }).files), { token: client.token, origins: slackFileOrigins(client.slackApiUrl), log: deps.log, platform: 'slack' }),
      addressed: true,
      botId: context.botId,
      kind: 'mention',
    });
  };
}
