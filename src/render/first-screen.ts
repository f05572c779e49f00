import { MEASURED_TIP_TITLE } from '../diagnose/measurement.js';
import { gib } from '../memory/format.js';
import type { EstimateReply, Lever } from '../reply/types.js';

/**
 * What Slack and Discord show before any click (DESIGN §3.8), as platform-neutral text: a
 * phone shows about 40 columns of a code block, so no line here is longer than that.
 */
export const PHONE_COLUMNS = 40;

/** Components named on the first screen; the rest are summed in one row ("Details" has them all). */
const TOP_COMPONENTS = 3;
const NAME_COLUMNS = 24;
const GIB_COLUMNS = 7;

/** Lever buttons on the first screen (DESIGN §3.7: the top three). */
export const FIRST_SCREEN_LEVERS = 3;

function row(name: string, value: string): string {
  const label = name.length > NAME_COLUMNS ? `${name.slice(0, NAME_COLUMNS - 1)}…` : name;
  return `${label.padEnd(NAME_COLUMNS)}${value.padStart(GIB_COLUMNS)}`;
}

/**
 * The per-GPU peak in a few rows: the largest components, the rest summed, the peak and the
 * card. Every line is at most PHONE_COLUMNS wide; names are the Estimate's, shortened.
 */
export function compactTable(reply: EstimateReply): string[] {
  const { verdict } = reply;
  const sorted = [...reply.breakdown].sort((a, b) => b.bytes - a.bytes);
  const top = sorted.slice(0, TOP_COMPONENTS);
  const rest = sorted.slice(TOP_COMPONENTS);
  const lines = [row('per GPU', 'GiB'), ...top.map((c) => row(c.name, gib(c.bytes)))];
  if (rest.length > 0) lines.push(row(`${rest.length} more`, gib(rest.reduce((sum, c) => sum + c.bytes, 0))));
  lines.push(row('peak (nvidia-smi)', gib(verdict.deviceBytes)));
  if (verdict.capacityBytes !== null) lines.push(row('card offers', gib(verdict.capacityBytes)));
  return lines;
}

/** "12 defaults" — the assumptions not stated as notices collapse to a count; Details lists them all. */
export function defaultsCount(reply: EstimateReply): string | null {
  const n = reply.assumptions.filter((a) => !reply.notices.includes(a)).length;
  return n === 0 ? null : `${n} default${n === 1 ? '' : 's'}`;
}

/** Characters of notices on the first screen; Details has them in full. */
export const NOTICE_CHARS = 400;

/**
 * What the first screen says in words (issue 11: never a silent reading): the intent assumed
 * when none was said and how to ask for the other, words not read, names read by their size.
 * An estimate's, and a diagnosis's setup's (issue 22 item 5), in the same words.
 */
export function noticesLine(reply: { notices: readonly string[] }): string | null {
  return reply.notices.length === 0 ? null : reply.notices.join('; ');
}

/** A lever as a button label: "gc → 70.6 GiB ✓"; served from a pool, "int4 → 50/50 users ✓" / "seq 16k → 31 of 50 users ✗". */
export function leverLabel(lever: Lever): string {
  const mark = lever.fits === true ? ' ✓' : lever.fits === false ? ' ✗' : '';
  // Served from a preallocated pool the GiB never moves: say the sequences the change holds (issue 24).
  if (lever.sequences) {
    const { held, asked } = lever.sequences;
    if (asked === null) return `${lever.change} → ${held} sequences${mark}`;
    return lever.fits ? `${lever.change} → ${held}/${asked} users ✓` : `${lever.change} → ${held} of ${asked} users${mark}`;
  }
  return `${lever.change} → ${gib(lever.deviceBytes)} GiB${mark}`;
}

/** OOM tips are offered when the answer does not fit (or fits with under 5% to spare). */
export function offersOomTips(reply: EstimateReply): boolean {
  return (reply.verdict.status === 'no' || reply.verdict.status === 'tight') && reply.tips.length > 0;
}

/** A sweep answers batch and sequence questions; other answers leave it to Details. */
export function offersSweep(reply: EstimateReply): boolean {
  return reply.answer?.kind === 'maxBatch' || reply.answer?.kind === 'maxSeq';
}

/**
 * What a run pasted earlier in this thread measured, against the estimate: evidence the user
 * gave us outranks everything but the verdict, so it stays on the first screen.
 */
export function measuredLine(reply: EstimateReply): string | null {
  const tip = reply.tips.find((t) => t.title === MEASURED_TIP_TITLE);
  return tip ? `${tip.title}: ${tip.text}` : null;
}
