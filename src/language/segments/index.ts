import { normalise } from '../normalise.js';
import { readSegments, type TracedSegment } from './read.js';

export { readSegments, type SegmentReading, type TracedSegment } from './read.js';
export { segmentText, type Segmented } from './segment.js';
export { LINE_RULES } from './rules.js';
export type { Segment, SegmentKind, LineRule } from './types.js';

/** The segments of a message as the reader cuts it, with spans into the user's own text (`--trace`, `--json`). */
export function segmentsOf(message: string): TracedSegment[] {
  return readSegments(normalise(message)).segments;
}
