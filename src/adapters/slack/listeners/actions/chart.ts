import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { EstimateReply } from '../../../../reply/types.js';
import type { ChartKind, SlackDeps } from '../../deps.js';
import { uploadChart } from '../../chart-upload.js';
import { estimateOfButton, LOST_TRACK } from './answer-of-button.js';
import { serveButton } from './serve-button.js';

export { CHART_FAILED, CHARTS_BUSY, CHARTS_UNAVAILABLE } from '../../chart-upload.js';

/** "Sweep" plots the quantity the answer was about: sequence length for max-seq questions, batch otherwise. */
export function sweepKind(reply: EstimateReply): ChartKind {
  return reply.answer?.kind === 'maxSeq' ? 'sweep-seq' : 'sweep-batch';
}

/**
 * "Chart" / "Sweep": the PNG uploaded into the answer's thread (chart-upload.ts). Only the chart
 * is public: when there is none to post (busy, not installed, failed), only the clicker is told.
 */
export function chartButton(deps: SlackDeps, which: 'chart' | 'sweep') {
  return async ({ ack, body, client, context }: AllMiddlewareArgs & SlackActionMiddlewareArgs<BlockAction<ButtonAction>>): Promise<void> => {
    await ack();
    await serveButton(deps, client, body, which, async (button, _target, tell) => {
      const reply = await estimateOfButton(deps, button, context.botId);
      if (!reply) return tell(LOST_TRACK);
      const kind: ChartKind = which === 'chart' ? 'breakdown' : sweepKind(reply);
      const refusal = await uploadChart(deps, client, { channel: button.channel, threadTs: button.root }, reply, kind);
      if (refusal !== null) await tell(refusal);
      return reply.verdict.status;
    });
  };
}
