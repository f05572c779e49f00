import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { EstimateReply } from '../../../../reply/types.js';
import type { ChartKind, SlackDeps } from '../../deps.js';
import { politeFailure, slackErrorCode } from '../../errors.js';
import { estimateOfButton, LOST_TRACK } from './answer-of-button.js';
import { serveButton } from './serve-button.js';
import { ChartsBusyError } from '../../../compute/chart-pool.js';

export const CHARTS_BUSY = 'Many charts are being drawn right now. Press the button again in a few seconds.';

export const CHARTS_UNAVAILABLE = 'Charts are not available in this deployment; the table above has the same numbers.';

export const CHART_FAILED = 'Sorry, I could not draw that chart. The table above has the same numbers.';

/** "Sweep" plots the quantity the answer was about: sequence length for max-seq questions, batch otherwise. */
export function sweepKind(reply: EstimateReply): ChartKind {
  return reply.answer?.kind === 'maxSeq' ? 'sweep-seq' : 'sweep-batch';
}

const CHART_TITLES: Record<ChartKind, string> = {
  breakdown: 'Per-GPU memory breakdown',
  'sweep-batch': 'Peak memory vs micro-batch',
  'sweep-seq': 'Peak memory vs sequence length',
  timeline: 'Memory over one training step',
};

/**
 * "Chart" / "Sweep": renders the PNG (src/render/chart) and uploads it into the answer's thread
 * with files.uploadV2 (getUploadURLExternal → POST the bytes → completeUploadExternal). Only the
 * chart is public: when there is none to post (busy, not installed, failed), only the clicker is told.
 */
export function chartButton(deps: SlackDeps, which: 'chart' | 'sweep') {
  return async ({ ack, body, client, context }: AllMiddlewareArgs & SlackActionMiddlewareArgs<BlockAction<ButtonAction>>): Promise<void> => {
    await ack();
    await serveButton(deps, client, body, which, async (button, _target, tell) => {
      const reply = await estimateOfButton(deps, button, context.botId);
      if (!reply) return tell(LOST_TRACK);
      const chartPng = await deps.loadChart();
      if (!chartPng) return tell(CHARTS_UNAVAILABLE);
      const kind: ChartKind = which === 'chart' ? 'breakdown' : sweepKind(reply);
      let png: Buffer;
      try {
        png = await chartPng(reply, kind);
      } catch (error) {
        if (error instanceof ChartsBusyError) return tell(CHARTS_BUSY);
        deps.log({ event: 'slack.chart_failed', kind, error: error instanceof Error ? error.message : String(error) });
        return tell(CHART_FAILED);
      }
      try {
        await client.filesUploadV2({
          channel_id: button.channel,
          thread_ts: button.root,
          file: png,
          filename: `headroom-${kind}.png`,
          title: CHART_TITLES[kind],
          alt_text: `${CHART_TITLES[kind]}: ${reply.verdict.headline}`.slice(0, 1000),
        });
      } catch (error) {
        const code = slackErrorCode(error);
        deps.log({ event: 'slack.upload_failed', method: 'files.uploadV2', channel: button.channel, error: code });
        await tell(politeFailure(code));
      }
      return reply.verdict.status;
    });
  };
}
