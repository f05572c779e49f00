import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { renderSlack } from '../../../../render/slack.js';
import { loadState, saveAfterAnswer, stateFromCanonical } from '../../conversation.js';
import type { SlackDeps } from '../../deps.js';
import { postMessage } from '../../post.js';
import { canonicalOfButton, LOST_TRACK } from './answer-of-button.js';
import { serveButton } from './serve-button.js';

/**
 * A lever button ("Apply: gc"): the lever's change applied to the scenario of the answer the
 * button is on (its canonical text travels in the value), answered in the thread.
 */
export function applyLever(deps: SlackDeps) {
  return async ({ ack, body, client, context }: AllMiddlewareArgs & SlackActionMiddlewareArgs<BlockAction<ButtonAction>>): Promise<void> => {
    await ack();
    await serveButton(deps, client, body, 'lever', async (button, target, tell) => {
      if (!button.value.change) return;
      const canonical = await canonicalOfButton(deps, button, context.botId);
      const previous = canonical ? await stateFromCanonical(deps, canonical) : await loadState(deps, button.threadKey);
      if (!previous) {
        await tell(LOST_TRACK);
        return;
      }
      const turn = await deps.respond(button.value.change, previous);
      const ts = await postMessage(client, target, renderSlack(turn.reply), deps.log);
      saveAfterAnswer(deps, button.threadKey, turn.state, ts);
      return turn.reply.kind === 'estimate' ? turn.reply.verdict.status : turn.reply.kind;
    });
  };
}
