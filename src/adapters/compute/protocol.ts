import type { ThreadState, Turn } from '../../core/assistant.js';
import type { HubContext } from '../../hub/types.js';

/**
 * Messages between the respond pool (main thread) and its workers. Everything crosses by
 * structured clone: a Turn is plain data (objects, arrays, strings, numbers), so it arrives
 * equal to what respond() returned in the worker, less what only the console shows (chat-turn.ts).
 */

/** Main → worker: one request to answer. */
export interface RespondTask {
  id: number;
  text: string;
  previous: ThreadState | null;
  /** The Hub models the main thread fetched for this text (Maps cross by structured clone). */
  hub?: HubContext;
  /**
   * The main thread has not looked for Hub ids (a plain text: hub-respond.ts): the worker looks
   * (hubIdsIn) and answers only when there are none; else it sends the ids back to be fetched.
   */
  lookForHubIds?: true;
}

/**
 * Worker → main: the answer, or why it could not be sent back, with the compute milliseconds the
 * task held the worker (charged to the requester's budget: src/ops/cpu-charge.ts).
 */
export type RespondResult = { id: number; turn: Turn; cpuMs: number } | { id: number; hubIds: string[]; cpuMs: number } | { id: number; error: string; cpuMs: number };

/** Worker → main, once, when its modules are loaded and it takes tasks. */
export interface WorkerReady {
  ready: true;
}

export type WorkerMessage = RespondResult | WorkerReady;
