import type { Measurement } from './measurement-schema.js';
import type { Tip } from '../reply/types.js';
import { percent, showSize } from './sizes.js';

// The zod schema lives in measurement-schema.ts: only the durable store (state/codec.ts) parses
// a Measurement, and the terminal's start does not load zod for it (issue 11, cold start).
export type { Measurement } from './measurement-schema.js';

/** What the run needed at least: what it held plus what it asked for when it failed. */
export function neededAtLeast(m: Measurement): number {
  return m.allocatedBytes + m.requestedBytes;
}

/** "your run had 76.4 GiB allocated when it failed; I predicted a peak of 79.9 GiB for this setup" and what that says. */
export function comparisonText(m: Measurement): string {
  const floor = neededAtLeast(m);
  const head = `Your run had ${showSize(m.allocatedBytes)} allocated when it failed and asked for ${showSize(m.requestedBytes)} more, so it needed at least ${showSize(floor)}; I predicted a peak of ${showSize(m.predictedAllocatedBytes)} allocated for this setup`;
  if (m.predictedAllocatedBytes >= floor) {
    return `${head}: consistent — it failed on the way to that peak (${showSize(m.predictedAllocatedBytes - floor)} short of it).`;
  }
  const gap = floor - m.predictedAllocatedBytes;
  return `${head}: my estimate was at least ${showSize(gap)} (${percent(gap, m.predictedAllocatedBytes)}) low for this run.`;
}

/** How far the run was above the estimate (≥ 1): levers re-estimated in the thread are scaled by it. */
export function underestimateFactor(m: Measurement): number {
  return m.predictedAllocatedBytes > 0 ? Math.max(1, neededAtLeast(m) / m.predictedAllocatedBytes) : 1;
}

/** The title of the tip that carries a thread's measurement; the chat first screens show it. */
export const MEASURED_TIP_TITLE = 'Measured in this thread';

/** A tip for later answers in a thread that holds a measurement. */
export function measurementTip(m: Measurement, currentCanonical: string): Tip {
  const same = m.canonical === currentCanonical;
  const where = same ? 'this setup' : `the setup measured earlier in this thread (${m.canonical})`;
  const factor = underestimateFactor(m);
  const verdict =
    factor > 1
      ? `the run needed at least ${showSize(neededAtLeast(m))} against my ${showSize(m.predictedAllocatedBytes)}: my estimate was at least ${percent(neededAtLeast(m) - m.predictedAllocatedBytes, m.predictedAllocatedBytes)} low${same ? '' : ', so read this answer with that margin'}`
      : `the run failed at ${showSize(neededAtLeast(m))}, below my predicted ${showSize(m.predictedAllocatedBytes)}: the measurement does not contradict the estimate`;
  return { topic: 'measure', title: MEASURED_TIP_TITLE, text: `For ${where}, ${verdict}.` };
}
