import type { ChartKind } from '../render/chart/index.js';
import type { EstimateReply } from '../reply/types.js';

/** What both chat adapters take from the outside, injectable so tests can swap it. */

export type { ChartKind };

/** `chartPng` from src/render/chart, loaded lazily; null when it is not available. */
export type ChartFn = (reply: EstimateReply, kind: ChartKind) => Promise<Buffer>;

/** Structured log sink; events are objects like `{ event: 'slack.post_failed', error: 'invalid_blocks' }`. */
export type LogFn = (event: object) => void;
