import type { VerdictStatus } from '../../reply/types.js';

/** Verdict colours: green fits, amber tight (headroom under 5%), red does not fit, grey no card named. */
export const VERDICT_COLOUR: Record<VerdictStatus, number> = {
  yes: 0x2ecc71,
  tight: 0xffbf00,
  no: 0xe74c3c,
  unknown: 0x95a5a6,
};

export const ERROR_COLOUR = 0xe74c3c;
export const HELP_COLOUR = 0x5865f2; // Discord blurple: neutral information.
