import { z } from 'zod';
import { scenarioSchema } from '../scenario/schema.js';
import { measurementSchema } from '../diagnose/measurement.js';
import type { ThreadState } from '../core/assistant.js';

/**
 * How a ThreadState is written to a durable store (SQLite row, Redis value) and read back.
 *
 * Reads are validated against the current Scenario schema: a row written by an older release
 * (schema changed since) or a corrupted value is treated as "no previous state" instead of
 * crashing the handler. The thread then starts fresh, and the canonical reading embedded in
 * the bot's own message remains the recovery path (DESIGN §5).
 */
const threadStateSchema = z.object({
  scenario: scenarioSchema,
  history: z.array(scenarioSchema),
  measured: measurementSchema.optional(),
});

export function encodeThreadState(state: ThreadState): string {
  return JSON.stringify(state);
}

export function decodeThreadState(text: string): ThreadState | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = threadStateSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Default lifetime of a thread's state: 30 days (issue 7). */
export const DEFAULT_TTL_MS = 30 * 24 * 3600 * 1000;
