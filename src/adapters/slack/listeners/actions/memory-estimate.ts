import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { ownedBy } from '../../../../core/audience.js';
import { renderSlack } from '../../../../render/slack.js';
import { withAsker } from '../../asker.js';
import { withScenario } from '../../scenario-metadata.js';
import { loadState, saveAfterAnswer } from '../../conversation.js';
import type { SlackDeps } from '../../deps.js';
import { postMessage } from '../../post.js';
import { LOST_TRACK } from './answer-of-button.js';
import { serveButton } from './serve-button.js';

/**
 * "Memory estimate" under a NaN triage (issue 24): the triage came first, and the estimate of the
 * setup it was read against (the request in the button's value) is posted in the thread on a
 * click; it becomes the thread's scenario, still the asker's.
 */
export function memoryEstimate(deps: SlackDeps) {
  return async ({ ack, body, client }: AllMiddlewareArgs & SlackActionMiddlewareArgs<BlockAction<ButtonAction>>): Promise<void> => {
    await ack();
    await serveButton(deps, client, body, 'estimate', async (button, target, tell) => {
      const request = button.value.canonical;
      const turn = request ? await deps.respond(request, null) : null;
      if (!turn || turn.reply.kind !== 'estimate') return tell(LOST_TRACK);
      const asker = (await loadState(deps, button.threadKey))?.asker;
      const ts = await postMessage(client, target, withScenario(withAsker(renderSlack(turn.reply), asker), turn.reply, turn.state), deps.log);
      saveAfterAnswer(deps, button.threadKey, ownedBy(turn.state, asker), ts);
      return turn.reply.verdict.status;
    });
  };
}
