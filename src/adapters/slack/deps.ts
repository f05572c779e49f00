import type { ThreadState, Turn } from '../../core/assistant.js';
import type { ConversationStore } from '../../state/store.js';
import type { RequestOps } from '../admission.js';
import type { ChartFn, ChartKind, LogFn } from '../deps.js';
import type { ClaimFn } from '../../state/claims.js';
import type { SeenRecently } from '../../state/seen-recently.js';
import type { SlackLookups } from './lookups.js';
import type { RequestJournal } from '../../state/request-journal.js';

/** The assistant's one entry point (src/core/assistant.ts), injectable for tests. */
export type RespondFn = (text: string, previous: ThreadState | null) => Turn | Promise<Turn>;

export type { ChartFn, ChartKind, LogFn };

/** What every listener needs besides Bolt's own arguments. */
export interface SlackDeps {
  store: ConversationStore;
  respond: RespondFn;
  log: LogFn;
  /** True the first time a delivery key is claimed, across processes sharing the store (src/state/claims.ts). */
  claim: ClaimFn;
  /** Threads known not to be ours (chatter): their next messages cost no Web API call. */
  notOurThreads?: SeenRecently;
  /** Resolves the PNG chart renderer, or null when it is not installed. */
  loadChart: () => Promise<ChartFn | null>;
  /** Rate limits, shutdown tracking and the error boundary (src/adapters/admission.ts). */
  ops: RequestOps;
  /** Web API reads made before answering, under their own budget and client (lookups.ts). */
  lookups: SlackLookups;
  /** Acknowledged requests not yet answered, kept across a crash (src/state/request-journal.ts); none with a memory store. */
  journal?: RequestJournal;
  /** HTTP mode with a journal: holds a message's ack until it is journaled (src/adapters/slack/ack-gate.ts). */
  acks?: { release(requestKey: string): void };
}
