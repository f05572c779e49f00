import { z } from 'zod';
import { scenarioSchema } from '../scenario/schema.js';
import { measurementSchema } from '../diagnose/measurement-schema.js';
import { MAX_OPENING_CHARS, type ThreadState } from '../core/opening.js';

/**
 * How a ThreadState is written to a durable store (SQLite row, Redis value) and read back.
 *
 * Reads are validated against the current Scenario schema: a row written by an older release
 * (schema changed since) or a corrupted value is treated as "no previous state" instead of
 * crashing the handler. The thread then starts fresh, and the canonical reading embedded in
 * the bot's own message remains the recovery path (DESIGN §5).
 */
/** A platform user id (Slack `U…`, a Discord snowflake) with room to spare. */
const MAX_ASKER_CHARS = 64;

const scenarioThreadSchema = z.object({
  scenario: scenarioSchema,
  history: z.array(scenarioSchema),
  measured: measurementSchema.optional(),
  asker: z.string().min(1).max(MAX_ASKER_CHARS).optional(),
  answerTs: z.string().optional(),
});

/** A thread whose refused opening waits for its model (issue 11); never both a scenario and an opening. */
const openingThreadSchema = z.object({
  opening: z.string().min(1).max(MAX_OPENING_CHARS),
  asker: z.string().min(1).max(MAX_ASKER_CHARS).optional(),
  answerTs: z.string().optional(),
});

const threadStateSchema = z.union([scenarioThreadSchema, openingThreadSchema]);

/** An answer written before it is posted (src/state/pending-answer.ts): its state and the request it answers. */
const pendingAnswerSchema = z.object({ state: threadStateSchema, request: z.string() });

const savedThreadSchema = z.union([
  scenarioThreadSchema.extend({ pending: pendingAnswerSchema.optional() }),
  openingThreadSchema.extend({ pending: pendingAnswerSchema.optional() }),
]);

/**
 * A thread's state as stored: the scenario and its undo history, and the id of the answer that
 * produced it (Slack message ts, Discord message id) when known. The answer id orders saved
 * states against each other and against the thread's own latest answer, so a thread never goes
 * back in time (a write lost in a store outage, a late write from another replica).
 */
export type SavedThread = ThreadState & { answerTs?: string; pending?: PendingAnswer };

/**
 * The next answer's state, saved durably before that answer is posted, on top of the state the
 * thread's last posted answer stands for. Whoever reads it next settles it against the thread's
 * latest posted answer (src/state/pending-answer.ts): posted, it becomes the thread's state;
 * not posted (the process died first), the confirmed state stays. `request` is the id of the
 * message it answers (Slack ts, Discord message id).
 */
export interface PendingAnswer {
  state: ThreadState;
  request: string;
}

/**
 * A string that sorts like the answer ids it stands for: Slack ts (`1700000000.000100`) and
 * Discord snowflakes (decimal digits) are numbers; the integer part is left-padded and the
 * fraction right-padded so plain string comparison (in JS, SQL and Redis Lua alike) orders them.
 * Null for an id of another shape (never ordered, so never refused).
 */
export function answerOrder(answerTs: string | undefined): string | null {
  if (answerTs === undefined) return null;
  const match = /^(\d{1,24})(?:\.(\d{1,9}))?$/.exec(answerTs);
  if (!match) return null;
  return `${match[1]!.padStart(24, '0')}.${(match[2] ?? '').padEnd(9, '0')}`;
}

/** True when `a` is a strictly later answer than `b` (both orderable). */
export function isNewerAnswer(a: string | undefined, b: string | undefined): boolean {
  const [x, y] = [answerOrder(a), answerOrder(b)];
  return x !== null && y !== null && x > y;
}

/** The JSON stored; `answerOrder` rides along for the Redis script's comparison and is ignored on read. */
export function encodeThreadState(state: SavedThread): string {
  const order = answerOrder(state.answerTs);
  return JSON.stringify({
    ...threadOnly(state),
    ...(state.answerTs !== undefined ? { answerTs: state.answerTs } : {}),
    ...(order ? { answerOrder: order } : {}),
    ...(state.pending !== undefined ? { pending: { state: threadOnly(state.pending.state), request: state.pending.request } } : {}),
  });
}

/** A state's own fields, without the stamp or pending answer it may carry. */
export function threadOnly(state: ThreadState): ThreadState {
  // Who asked belongs to the thread (issue 24): kept with either kind of state.
  const asker = state.asker !== undefined ? { asker: state.asker } : {};
  return 'scenario' in state
    ? { scenario: state.scenario, history: state.history, ...(state.measured !== undefined ? { measured: state.measured } : {}), ...asker }
    : { opening: state.opening, ...asker };
}

export function decodeThreadState(text: string): SavedThread | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = savedThreadSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Default lifetime of a thread's state: 30 days (issue 7). */
export const DEFAULT_TTL_MS = 30 * 24 * 3600 * 1000;
