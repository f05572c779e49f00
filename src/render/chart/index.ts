import type { EstimateReply } from '../../reply/types.js';
import { sweep } from '../../plan/sweep.js';
import { breakdownSvg } from './breakdown.js';
import { svgToPng } from './png.js';
import { sweepSvg } from './sweep-chart.js';
import { timelineSvg } from './timeline.js';

export type ChartKind = 'breakdown' | 'sweep-batch' | 'sweep-seq' | 'timeline';

/** Lever lines drawn on a sweep chart: the two best, as the issue asks (more would crowd a thumbnail). */
const SWEEP_LEVERS = 2;

/** The chart as SVG text. Pure and deterministic: same reply, same bytes. */
export function chartSvg(reply: EstimateReply, kind: ChartKind): string {
  switch (kind) {
    case 'breakdown':
      return breakdownSvg(reply);
    case 'timeline':
      return timelineSvg(reply);
    case 'sweep-batch':
    case 'sweep-seq': {
      const axis = kind === 'sweep-batch' ? 'microBatch' : 'seq';
      const series = sweep(reply.scenario, axis, reply.levers.map((l) => l.change), { maxLevers: SWEEP_LEVERS });
      return sweepSvg(reply, axis, series);
    }
  }
}

/** The chart as PNG bytes (resvg with an explicit font; throws if no chart font is installed). */
export function chartPng(reply: EstimateReply, kind: ChartKind): Promise<Buffer> {
  return svgToPng(chartSvg(reply, kind));
}
