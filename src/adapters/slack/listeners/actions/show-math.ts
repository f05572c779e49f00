import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { renderSlackMath } from '../../../../render/slack.js';
import type { SlackDeps } from '../../deps.js';
import { postMessage, postNotice } from '../../post.js';
import { estimateOfButton, LOST_TRACK } from './answer-of-button.js';
import { serveButton } from './serve-button.js';

/** "Show math": the formula of every component of that answer, posted in its thread. */
export function showMath(deps: SlackDeps) {
  return async ({ ack, body, client, context }: AllMiddlewareArgs & SlackActionMiddlewareArgs<BlockAction<ButtonAction>>): Promise<void> => {
    await ack();
    await serveButton(deps, client, body, 'math', async (button, target) => {
      const reply = await estimateOfButton(deps, client, button, context.botId);
      if (!reply) {
        await postNotice(client, target, LOST_TRACK, deps.log);
        return;
      }
      await postMessage(client, target, renderSlackMath(reply), deps.log);
      return reply.verdict.status;
    });
  };
}
