import type { Scenario } from '../scenario/schema.js';
import type { Reply } from '../reply/types.js';

/** What a conversation keeps per thread: the current scenario and a bounded undo history. */
export interface ThreadState {
  scenario: Scenario;
  history: Scenario[];
}

export interface Turn {
  reply: Reply;
  /** The thread's new state; unchanged (same object) on an error or pure help reply. */
  state: ThreadState | null;
}

/**
 * The one entry point every surface calls: text (a request or a follow-up) and the thread's
 * previous state in, a platform-neutral Reply and the new state out. Pure: no I/O, never throws.
 */
export declare function respond(text: string, previous: ThreadState | null): Turn;
