import { parentPort } from 'node:worker_threads';
import type { ChartKind } from '../../render/chart/index.js';
import type { EstimateReply } from '../../reply/types.js';

/**
 * A chart thread of the chart pool (chart-pool.ts): builds the SVG and encodes the PNG (resvg)
 * off the main thread. The renderer is optional (CHART_MODULE resolved at run time, as in
 * src/adapters/slack/chart-loader.ts); without it every task fails and the adapters say charts
 * are unavailable.
 */
export interface ChartTask {
  id: number;
  reply: EstimateReply;
  kind: ChartKind;
}

export type ChartResult = { id: number; png: Uint8Array } | { id: number; error: string } | { ready: true };

const port = parentPort;
if (!port) throw new Error('chart-worker.js runs only as a worker thread (see chart-pool.ts)');

const CHART_MODULE = '../../render/chart/index.js';
type ChartPng = (reply: EstimateReply, kind: ChartKind) => Promise<Buffer>;
const chartPng = ((await import(CHART_MODULE)) as { chartPng: ChartPng }).chartPng;

port.on('message', (task: ChartTask) => {
  chartPng(task.reply, task.kind).then(
    (png) => {
      const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
      port.postMessage({ id: task.id, png: bytes } satisfies ChartResult);
    },
    (error: unknown) => port.postMessage({ id: task.id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) } satisfies ChartResult),
  );
});
port.postMessage({ ready: true } satisfies ChartResult);
