import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { renderSlack } from '../../../../render/slack.js';
import { loadState, saveAfterAnswer } from '../../conversation.js';
import type { SlackDeps } from '../../deps.js';
import { postMessage } from '../../post.js';
import { LOST_TRACK, stateOfButton } from './answer-of-button.js';
import { serveButton } from './serve-button.js';
import { ownedBy } from '../../../../core/audience.js';
import { withAsker } from '../../asker.js';
import { withScenario } from '../../scenario-metadata.js';

/**
 * A lever button ("Apply: gc"): the lever's change applied to the scenario of the answer the
 * button is on (its resolved scenario travels in the answer's metadata), answered in the thread.
 */
export function applyLever(deps: SlackDeps) {
  return async ({ ack, body, client, context }: AllMiddlewareArgs & SlackActionMiddlewareArgs<BlockAction<ButtonAction>>): Promise<void> => {
    await ack();
    await serveButton(deps, client, body, 'lever', async (button, target, tell) => {
      if (!button.value.change) return;
      // The answer the button is on, as it was answered (its scenario travels with it), else the thread's saved state.
      const previous = (await stateOfButton(deps, button, context.botId)) ?? (await loadState(deps, button.threadKey));
      if (!previous) {
        await tell(LOST_TRACK);
        return;
      }
      // A click changes the thread for everyone, but the thread stays its asker's (issue 24).
      const asker = previous.asker ?? (await loadState(deps, button.threadKey))?.asker;
      const turn = await deps.respond(button.value.change, previous);
      const ts = await postMessage(client, target, withScenario(withAsker(renderSlack(turn.reply), asker), turn.reply), deps.log);
      saveAfterAnswer(deps, button.threadKey, ownedBy(turn.state, asker), ts);
      return turn.reply.kind === 'estimate' ? turn.reply.verdict.status : turn.reply.kind;
    });
  };
}
