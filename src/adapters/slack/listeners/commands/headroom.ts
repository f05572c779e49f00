import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { renderSlack } from '../../../../render/slack.js';
import { answerRequest, saveState } from '../../conversation.js';
import type { SlackDeps } from '../../deps.js';
import { slackErrorCode } from '../../errors.js';
import { postMessage } from '../../post.js';
import { slackThreadKey } from '../../thread-key.js';

/**
 * `/headroom <request>` and `/headroom help`: ack at once (3 s rule), then post the answer as a
 * channel message, which starts the thread for follow-ups (slash commands cannot be used in
 * threads). A request error goes back ephemerally, to the one person who typed it.
 */
export function headroomCommand(deps: SlackDeps) {
  return async ({ command, ack, respond, client }: AllMiddlewareArgs & SlackCommandMiddlewareArgs): Promise<void> => {
    await ack();
    const text = command.text.trim() === '' ? 'help' : command.text.trim();
    const { reply, state } = await answerRequest(deps, null, text);
    const message = renderSlack(reply);
    const ephemeral = async (body: { text: string; blocks?: unknown[] }) => {
      try {
        await respond({ response_type: 'ephemeral', ...body } as Parameters<typeof respond>[0]);
      } catch (error) {
        deps.log({ event: 'slack.respond_failed', command: command.command, error: slackErrorCode(error) });
      }
    };
    if (reply.kind === 'error') {
      await ephemeral({ text: message.text, blocks: message.blocks });
      return;
    }
    const ts = await postMessage(client, { channel: command.channel_id }, message, deps.log, (apology) => ephemeral({ text: apology }));
    if (ts) await saveState(deps, slackThreadKey(command.team_id, command.channel_id, ts), state);
  };
}
