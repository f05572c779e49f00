import type { Turn, ThreadState } from '../../core/assistant.js';
import type { EstimateReply } from '../../reply/types.js';
import type { ConversationStore } from '../../state/store.js';
import type { RequestOps } from '../admission.js';

export type RespondFn = (text: string, previous: ThreadState | null) => Turn;
/** `completions(partial, limit)` from src/language/complete.ts; its items are normalised in handleAutocomplete. */
export type CompleteFn = (partial: string, limit: number) => unknown;
export type ChartKind = 'breakdown' | 'sweep-batch' | 'sweep-seq' | 'timeline';
export type ChartFn = (reply: EstimateReply, kind: ChartKind) => Promise<Buffer>;
export type LogFn = (event: object) => void;

/** Everything a handler needs, injected so tests can swap any part. */
export interface HandlerDeps {
  respond: RespondFn;
  store: ConversationStore;
  complete: CompleteFn | null;
  chart: ChartFn | null;
  log: LogFn;
  /** Rate limits, shutdown tracking and the error boundary (src/adapters/admission.ts). */
  ops: RequestOps;
}
