import { z } from 'zod';

/**
 * Action ids and button values shared by the renderer (which builds the buttons) and the Slack
 * adapter (which handles the clicks). A value carries the canonical request text so a click
 * works after a restart or on another bot process, without the conversation store.
 */
export const ACTION_IDS = {
  /** Suffixed with `:{index}`: action ids must be unique within a message. */
  lever: 'headroom_lever',
  /** "Details" (the id of the former "Show math", so buttons on older answers keep working). */
  math: 'headroom_math',
  tips: 'headroom_tips',
  chart: 'headroom_chart',
  sweep: 'headroom_sweep',
  /** "Memory estimate" under a NaN triage: the estimate of the setup it was read against (issue 24). */
  estimate: 'headroom_estimate',
  /** "More" under a short help: the rest of it, to the clicker alone (issue 24). */
  more: 'headroom_more',
} as const;

/** Matches every lever button's action id. */
export const LEVER_ACTION_PATTERN = /^headroom_lever:\d+$/;

/**
 * Canonical text longer than this is left out of button values (the store and the message
 * metadata are then the recovery path); keeps six buttons well inside the message budget.
 */
export const MAX_CANONICAL_IN_VALUE = 600;

const buttonValueSchema = z.object({
  /** Canonical request text of the answer the button belongs to. */
  c: z.string().optional(),
  /** Lever change in the request language (lever buttons only). */
  x: z.string().optional(),
});

export type ButtonValue = { canonical: string | null; change: string | null };

export function encodeButtonValue(canonical: string, change: string | null): string {
  const value: z.infer<typeof buttonValueSchema> = {};
  if (canonical.length <= MAX_CANONICAL_IN_VALUE) value.c = canonical;
  if (change !== null) value.x = change;
  return JSON.stringify(value);
}

/** Reads a button value; unknown or malformed values read as empty (the click then uses the store). */
export function decodeButtonValue(value: string | undefined): ButtonValue {
  if (!value) return { canonical: null, change: null };
  try {
    const parsed = buttonValueSchema.safeParse(JSON.parse(value));
    if (!parsed.success) return { canonical: null, change: null };
    return { canonical: parsed.data.c ?? null, change: parsed.data.x ?? null };
  } catch {
    return { canonical: null, change: null };
  }
}
