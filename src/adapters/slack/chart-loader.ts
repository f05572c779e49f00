import type { ChartFn } from './deps.js';

// A variable specifier keeps the chart module optional: it is resolved at run time, so the
// Slack adapter builds and runs (without charts) where the renderer is absent.
const CHART_MODULE = '../../render/chart/index.js';

let cached: Promise<ChartFn | null> | null = null;

/** Loads `chartPng` from src/render/chart once; null (and a log line) when it is missing. */
export function loadChartRenderer(log: (event: object) => void): Promise<ChartFn | null> {
  cached ??= import(CHART_MODULE)
    .then((module: { chartPng?: ChartFn }) => (typeof module.chartPng === 'function' ? module.chartPng : null))
    .catch((error: unknown) => {
      log({ event: 'slack.chart_unavailable', error: error instanceof Error ? error.message : String(error) });
      return null;
    });
  return cached;
}
