import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { renderSlackMath } from '../../../../render/slack.js';
import type { SlackDeps } from '../../deps.js';
import { postMessage, postNotice } from '../../post.js';
import { estimateOfButton, LOST_TRACK } from './answer-of-button.js';
import { buttonContext } from './button-context.js';

/** "Show math": the formula of every component of that answer, posted in its thread. */
export function showMath(deps: SlackDeps) {
  return async ({ ack, body, client, context }: AllMiddlewareArgs & SlackActionMiddlewareArgs<BlockAction<ButtonAction>>): Promise<void> => {
    await ack();
    const button = buttonContext(body);
    if (!button) return;
    const target = { channel: button.channel, threadTs: button.root };
    const reply = await estimateOfButton(deps, client, button, context.botId);
    if (!reply) {
      await postNotice(client, target, LOST_TRACK, deps.log);
      return;
    }
    await postMessage(client, target, renderSlackMath(reply), deps.log);
  };
}
