import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { renderSlackDetails, renderSlackTips } from '../../../../render/slack.js';
import type { SlackDeps } from '../../deps.js';
import { postMessage } from '../../post.js';
import { estimateOfButton, LOST_TRACK } from './answer-of-button.js';
import { serveButton } from './serve-button.js';

/**
 * "Details" (the breakdown with the arithmetic, every default, the levers with their costs) and
 * "OOM tips" of the answer the button is on, posted in its thread.
 */
export function showDetails(deps: SlackDeps, which: 'details' | 'tips') {
  const render = which === 'details' ? renderSlackDetails : renderSlackTips;
  return async ({ ack, body, client, context }: AllMiddlewareArgs & SlackActionMiddlewareArgs<BlockAction<ButtonAction>>): Promise<void> => {
    await ack();
    await serveButton(deps, client, body, which, async (button, target, tell) => {
      const reply = await estimateOfButton(deps, button, context.botId);
      if (!reply) {
        await tell(LOST_TRACK);
        return;
      }
      await postMessage(client, target, render(reply), deps.log);
      return reply.verdict.status;
    });
  };
}
