import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { renderSlack } from '../../../../render/slack.js';
import { loadState, saveAfterAnswer, stateFromCanonical } from '../../conversation.js';
import type { SlackDeps } from '../../deps.js';
import { postMessage } from '../../post.js';
import { canonicalOfButton, LOST_TRACK } from './answer-of-button.js';
import { serveButton } from './serve-button.js';
import { ownedBy } from '../../../../core/audience.js';
import { withAsker } from '../../asker.js';

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
      // A click changes the thread for everyone, but the thread stays its asker's (issue 24).
      const asker = previous.asker ?? (await loadState(deps, button.threadKey))?.asker;
      const turn = await deps.respond(button.value.change, previous);
      const ts = await postMessage(client, target, withAsker(renderSlack(turn.reply), asker), deps.log);
      saveAfterAnswer(deps, button.threadKey, ownedBy(turn.state, asker), ts);
      return turn.reply.kind === 'estimate' ? turn.reply.verdict.status : turn.reply.kind;
    });
  };
}
