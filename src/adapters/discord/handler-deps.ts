import type { ErrorLog } from '../../ops/errors.js';
import type { RateLimiter } from '../../ops/rate-limit.js';
import type { Shutdown } from '../../ops/shutdown.js';
import type { ConversationStore } from '../../state/store.js';
import type { RequestJournal } from '../../state/request-journal.js';
import { requestOps } from '../admission.js';
import { withHub, type CoreRespond } from '../hub-respond.js';
import type { ChartFn, CompleteFn, HandlerDeps, LogFn, RespondFn } from './deps.js';
import { loadChart, loadCompleter } from './optional.js';

/** What the gateway client and the HTTP interactions endpoint take from the process. */
export interface DiscordDeps {
  store: ConversationStore;
  log?: LogFn;
  /** Injected in tests; the real core otherwise. `null` switches a feature off. */
  respond?: RespondFn;
  complete?: CompleteFn | null;
  chart?: ChartFn | null;
  /** Per-user / per-channel limits; DEFAULT_RATE_LIMITS when absent. */
  limiter?: RateLimiter;
  /** The process's shutdown: in-flight replies are tracked on it, new ones refused once it begins. */
  shutdown?: Shutdown;
  /** Where handler failures go with their stack (the process's pino logger); `log` when absent. */
  errors?: ErrorLog;
  /** Requests in flight before new ones are shed with a "busy" reply; DEFAULT_MAX_IN_FLIGHT when absent. */
  maxInFlight?: number;
  /** Requests being answered, kept across a crash (src/state/request-journal.ts); an earlier process's are told at start. */
  journal?: RequestJournal;
}

/** The real core, loaded only when no respond() is injected (tests inject a fake). */
async function loadCoreRespond(): Promise<CoreRespond> {
  const core = await import('../../core/assistant.js');
  return core.respond;
}

/** Fills in the real core, the optional completer and chart renderer, and the request envelope. */
export async function buildHandlerDeps(deps: DiscordDeps): Promise<HandlerDeps> {
  const log = deps.log ?? (() => undefined);
  return {
    respond: withHub(deps.respond ?? (await loadCoreRespond())),
    store: deps.store,
    complete: deps.complete === undefined ? await loadCompleter() : deps.complete,
    chart: deps.chart === undefined ? await loadChart() : deps.chart,
    log,
    ops: requestOps(log, 'discord', { limiter: deps.limiter, shutdown: deps.shutdown, errors: deps.errors, maxInFlight: deps.maxInFlight }),
    ...(deps.journal ? { journal: deps.journal } : {}),
  };
}
