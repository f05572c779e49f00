/**
 * The search behind "max batch" and "max seq" (solvers.ts), and the envelope that asks both of a
 * half-stated setup (envelope.ts): the largest integer at which a setup still fits.
 */

/** One probe of the search: whether `n` fits, and how much room it leaves (to steer the next probe only). */
export interface Probe {
  ok: boolean;
  /** Room left at `n` in any unit that falls as `n` grows (bytes, tokens); negative past the limit. */
  margin: number;
}

/**
 * How many probes in a row may make little progress (the interval open shrinks by less than
 * half; before any probe failed, the distance from lo less than doubles) before the next one
 * halves or doubles: the interpolation is kept while it closes in, and bisection bounds the worst case.
 */
const SLOW_PROBES = 2;

/**
 * The largest integer in [lo, hi] whose probe fits, for a test that fits up to some n and not after
 * (estimate is monotone in batch and sequence, DESIGN §3.7): null when lo does not fit. The same
 * answer as a plain bisection over the same interval, in fewer estimates: a setup's memory grows
 * almost in a straight line with its batch and its length, so each probe is placed where the line
 * through the margins known so far crosses zero (regula falsi), and stays inside the interval
 * still open. Before any probe has failed, the step doubles when the margins give no line. The
 * margins only choose where to look; the answer rests on `ok` alone (test/plan/largest.test.ts
 * holds it to a linear scan for any margins). `known`: a probe already made, which the search
 * starts from instead of making it again.
 */
export function largestFitting(lo: number, hi: number, probe: (n: number) => Probe, known?: Probe & { n: number }): number | null {
  // A point already estimated (the setup as asked) is not estimated again: fitting there, lo fits too.
  const seed = known && known.n >= lo && known.n <= hi ? known : null;
  // Known to fit, it stands for lo; known at lo and not fitting, nothing does.
  const first = seed?.ok || seed?.n === lo ? seed : { n: lo, ...probe(lo) };
  if (!first.ok) return null;
  // good fits, bad does not (hi + 1 stands for "past the interval"); the answer lies in [good, bad).
  let good: Point = { n: first.n, margin: first.margin };
  let bad: Point | null = seed && !seed.ok ? { n: seed.n, margin: seed.margin } : null;
  let before: Point | null = null;
  let slow = 0;
  while ((bad?.n ?? hi + 1) - good.n > 1) {
    const end = bad?.n ?? hi + 1;
    const width = end - good.n;
    const next = Math.min(end - 1, Math.max(good.n + 1, nextProbe(lo, good, bad, before, slow < SLOW_PROBES)));
    const reached = good.n - lo + 1;
    const p = probe(next);
    if (p.ok) {
      before = good;
      good = { n: next, margin: p.margin };
    } else bad = { n: next, margin: p.margin };
    // Progress: the interval open halves, or (none failed yet) the distance from lo doubles.
    const progressed = bad ? (bad.n - good.n) * 2 <= width + 1 : good.n - lo + 1 >= 2 * reached;
    slow = progressed ? 0 : slow + 1;
  }
  return good.n;
}

type Point = { n: number; margin: number };

/**
 * Where the next probe goes, before it is kept inside the interval: where the line through the
 * last fitting point and the failing one (or, before any failed, the last two fitting points)
 * reaches a margin of zero; else the bisection of the interval, or (none failed yet) a step
 * as long as the distance covered from lo.
 */
function nextProbe(lo: number, good: Point, bad: Point | null, before: Point | null, interpolate: boolean): number {
  if (interpolate && bad && good.margin >= 0 && bad.margin < 0) {
    const at = good.n + Math.floor((good.margin / (good.margin - bad.margin)) * (bad.n - good.n));
    if (Number.isFinite(at)) return at;
  }
  if (interpolate && !bad && before && good.margin >= 0 && good.margin < before.margin) {
    const perStep = (before.margin - good.margin) / (good.n - before.n);
    const at = good.n + Math.floor(good.margin / perStep);
    if (Number.isFinite(at)) return at;
  }
  return bad ? Math.floor((good.n + bad.n) / 2) : good.n + (good.n - lo + 1);
}
