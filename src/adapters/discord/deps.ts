import type { Turn, ThreadState } from '../../core/assistant.js';
import type { ConversationStore } from '../../state/store.js';
import type { RequestJournal } from '../../state/request-journal.js';
import type { RequestOps } from '../admission.js';
import type { ChartFn, ChartKind, LogFn } from '../deps.js';

/** The assistant: in-thread (src/core/assistant.ts) or on the process's compute threads (RespondPool). */
export type RespondFn = (text: string, previous: ThreadState | null) => Turn | Promise<Turn>;
/** `completions(partial, limit)` from src/language/complete.ts; its items are normalised in handleAutocomplete. */
export type CompleteFn = (partial: string, limit: number) => unknown;
export type { ChartFn, ChartKind, LogFn };

/** Everything a handler needs, injected so tests can swap any part. */
export interface HandlerDeps {
  respond: RespondFn;
  store: ConversationStore;
  complete: CompleteFn | null;
  chart: ChartFn | null;
  log: LogFn;
  /** Rate limits, shutdown tracking and the error boundary (src/adapters/admission.ts). */
  ops: RequestOps;
  /** Where attachments may be downloaded from: Discord's CDN, plus DISCORD_API_URL's origin when set (discordAttachmentOrigins). */
  attachmentOrigins?: readonly string[];
  /** Requests being answered, kept across a crash (src/state/request-journal.ts; journal.ts here); none with a memory store. */
  journal?: RequestJournal;
}
