import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { ownedBy } from '../../../../core/audience.js';
import { renderSlack } from '../../../../render/slack.js';
import { withAsker } from '../../asker.js';
import { withScenario } from '../../scenario-metadata.js';
import { loadState, saveAfterAnswer } from '../../conversation.js';
import type { SlackDeps } from '../../deps.js';
import { postMessage } from '../../post.js';
import { LOST_TRACK, turnOfButton } from './answer-of-button.js';
import { serveButton } from './serve-button.js';

/**
 * "Memory estimate" under a NaN triage (issue 24): the triage came first, and the estimate of the
 * setup it was read against is posted in the thread on a click; it becomes the thread's
 * scenario, still the asker's. The setup is the resolved one the triage carries in its metadata
 * (a pasted config or a Hub id is not read again, and a restart loses nothing); the request in
 * the button's value only for a triage from an older release.
 */
export function memoryEstimate(deps: SlackDeps) {
  return async ({ ack, body, client, context }: AllMiddlewareArgs & SlackActionMiddlewareArgs<BlockAction<ButtonAction>>): Promise<void> => {
    await ack();
    await serveButton(deps, client, body, 'estimate', async (button, target, tell) => {
      const turn = await turnOfButton(deps, button, context.botId);
      if (!turn) return tell(LOST_TRACK);
      const asker = (await loadState(deps, button.threadKey))?.asker ?? turn.asker;
      const ts = await postMessage(client, target, withScenario(withAsker(renderSlack(turn.reply), asker), turn.reply), deps.log);
      saveAfterAnswer(deps, button.threadKey, ownedBy(turn.state, asker), ts);
      return turn.reply.verdict.status;
    });
  };
}
