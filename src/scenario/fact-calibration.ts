/**
 * The calibration of a fact's strength (fact-strength.ts), measured by `npm run bench:strength -- --write`
 * on the released corpus lines. The data below is the bench's: measure again rather than edit it.
 */
export interface Calibration {
  /** The lines it was measured on and the date. */
  measuredOn: string;
  /** The facts read from the user's words that no rule made weak or another span corroborates, and those silently wrong. */
  prior: { facts: number; silent: number };
  /** How many facts of the prior a class's own count is weighed against (smoothing). */
  weight: number;
  /**
   * Evidence class ("fact|reader|segment|long|short") → [facts, silently wrong], for the classes whose smoothed
   * silent rate is over the line with silent misreadings on two lines or more (one line is one line's reading).
   */
  classes: Record<string, readonly [number, number]>;
  /** A fact whose class's smoothed silent rate is over this is said as weak. */
  line: number;
}

export const CALIBRATION: Calibration = {
  measuredOn: "3015 released corpus lines with a reading (held out: c3417-c9999 b30 b45), 2026-12-07",
  prior: { facts: 7637, silent: 55 },
  weight: 30,
  classes: {
    "attention|item.attention|prose|long": [71, 3],
    "sharding|item.sharding|prose|long": [182, 6],
  },
  line: 0.02,
};
