import type { webApi } from '@slack/bolt';
import type { Reply } from '../../reply/types.js';
import { CHARTS_BUSY, uploadChart, type ChartPlace } from './chart-upload.js';
import type { ChartKind, SlackDeps } from './deps.js';

/** A busy chart pool, told to someone who typed the word rather than pressed a button. */
export const CHARTS_BUSY_ASKED = 'Many charts are being drawn right now, so the answer came without its chart: ask again in a few seconds.';

/** The picture a request asked for in words ("… chart", "sweep batch", "timeline"), if any. */
export function askedChart(reply: Reply): ChartKind | null {
  // A scenario saved before charts were read has no `chart`: nothing was asked.
  const asked = reply.kind === 'estimate' ? reply.scenario.chart : undefined;
  return asked && asked !== 'none' ? asked : null;
}

/**
 * Uploads the chart a typed request asked for under its answer, as the Chart button would; the
 * answer is already posted, so a chart that cannot be drawn is told to the asker alone (`tell`).
 */
export async function attachAskedChart(deps: SlackDeps, client: webApi.WebClient, place: ChartPlace, reply: Reply, tell: (notice: string) => Promise<unknown>): Promise<void> {
  const kind = askedChart(reply);
  if (kind === null || reply.kind !== 'estimate') return;
  const refusal = await uploadChart(deps, client, place, reply, kind);
  if (refusal !== null) await tell(refusal === CHARTS_BUSY ? CHARTS_BUSY_ASKED : refusal);
}
