import type { webApi } from '@slack/bolt';
import type { EstimateReply } from '../../reply/types.js';
import { ChartsBusyError } from '../compute/chart-pool.js';
import type { ChartKind, SlackDeps } from './deps.js';
import { politeFailure, slackErrorCode } from './errors.js';

export const CHARTS_BUSY = 'Many charts are being drawn right now. Press the button again in a few seconds.';

export const CHARTS_UNAVAILABLE = 'Charts are not available in this deployment; the table above has the same numbers.';

export const CHART_FAILED = 'Sorry, I could not draw that chart. The table above has the same numbers.';

const CHART_TITLES: Record<ChartKind, string> = {
  breakdown: 'Per-GPU memory breakdown',
  'sweep-batch': 'Peak memory vs micro-batch',
  'sweep-seq': 'Peak memory vs sequence length',
  timeline: 'Memory over one training step',
};

/** Where a chart goes: the answer's thread, or a DM's top level (threadTs absent). */
export interface ChartPlace {
  channel: string;
  threadTs?: string;
}

/**
 * Renders the PNG (src/render/chart) and uploads it with files.uploadV2
 * (getUploadURLExternal → POST the bytes → completeUploadExternal). Resolves to null once
 * posted, else to the sentence that tells the person why there is no chart (busy, not
 * installed, failed): only the chart is ever public. Shared by the Chart / Sweep buttons and by
 * requests that ask for a picture in words ("… chart", "sweep batch", "timeline").
 */
export async function uploadChart(deps: SlackDeps, client: webApi.WebClient, place: ChartPlace, reply: EstimateReply, kind: ChartKind): Promise<string | null> {
  const chartPng = await deps.loadChart();
  if (!chartPng) return CHARTS_UNAVAILABLE;
  let png: Buffer;
  try {
    png = await chartPng(reply, kind);
  } catch (error) {
    if (error instanceof ChartsBusyError) return CHARTS_BUSY;
    deps.log({ event: 'slack.chart_failed', kind, error: error instanceof Error ? error.message : String(error) });
    return CHART_FAILED;
  }
  try {
    const file = { file: png, filename: `headroom-${kind}.png`, title: CHART_TITLES[kind], alt_text: `${CHART_TITLES[kind]}: ${reply.verdict.headline}`.slice(0, 1000) };
    await client.filesUploadV2(place.threadTs ? { ...file, channel_id: place.channel, thread_ts: place.threadTs } : { ...file, channel_id: place.channel });
    return null;
  } catch (error) {
    const code = slackErrorCode(error);
    deps.log({ event: 'slack.upload_failed', method: 'files.uploadV2', channel: place.channel, error: code });
    return politeFailure(code);
  }
}
