import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { renderSlackDetails, renderSlackTips } from '../../../../render/slack.js';
import type { SlackDeps } from '../../deps.js';
import { postEphemeral } from '../../post.js';
import { estimateOfButton, LOST_TRACK } from './answer-of-button.js';
import { serveButton } from './serve-button.js';

/**
 * "Details" (the breakdown with the arithmetic, every default, the levers with their costs) and
 * "OOM tips" of the answer the button is on, in its thread, to the clicker alone (issue 24: one
 * person's reading is not the channel's), and once: a second press of the same button on the
 * same answer by the same person, within the claim window, posts nothing more.
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
      if (!(await deps.claim(`slack:${which}:${button.channel}:${button.messageTs}:${body.user.id}`))) return 'repeat';
      await postEphemeral(client, { ...target, user: body.user.id }, render(reply), deps.log);
      return reply.verdict.status;
    });
  };
}
