import type { SlackConfig } from '../../config/slack.js';
import type { ErrorLog } from '../../ops/errors.js';
import { chatPortHealth, createHealthHandler } from '../../ops/health.js';
import type { RateLimiter } from '../../ops/rate-limit.js';
import type { Shutdown } from '../../ops/shutdown.js';
import type { ConversationStore } from '../../state/store.js';
import { requestOps } from '../admission.js';
import { createSlackApp } from './app.js';
import { loadChartRenderer } from './chart-loader.js';
import { CLAIM_WINDOW_MS, storeClaims } from '../../state/claims.js';
import { SeenRecently } from '../../state/seen-recently.js';
import { defaultRespond } from './default-respond.js';
import { withHub } from '../hub-respond.js';
import type { ChartFn, LogFn, RespondFn, SlackDeps } from './deps.js';
import type { ConnectionLimits } from '../../ops/connection-guard.js';
import { close, listen } from '../../ops/http-listen.js';
import { slackHttpServer } from './http-server.js';
import { budgetedLookups, lookupClient, LOOKUP_DEADLINE_MS, type SlackLookups } from './lookups.js';
import { boltLogger } from './bolt-logger.js';
import { LogLevel } from '@slack/bolt';
import type { RequestJournal } from '../../state/request-journal.js';
import { answerLeftOver } from './left-over.js';
import { AckGate } from './ack-gate.js';

export interface SlackStartDeps {
  store: ConversationStore;
  log?: LogFn;
  /** The assistant: the process's compute threads (services.ts), else `respond` from src/core/assistant.ts in-thread. */
  respond?: RespondFn;
  /** The chart renderer; defaults to `chartPng` from src/render/chart when it is installed. */
  loadChart?: () => Promise<ChartFn | null>;
  /** Per-user / per-channel limits; DEFAULT_RATE_LIMITS when absent. */
  limiter?: RateLimiter;
  /** The process's shutdown: in-flight replies are tracked on it and `/readyz` reads it. */
  shutdown?: Shutdown;
  /** Where handler failures go with their stack (the process's pino logger); `log` when absent. */
  errors?: ErrorLog;
  /** Requests in flight before new ones are shed with a "busy" reply; DEFAULT_MAX_IN_FLIGHT when absent. */
  maxInFlight?: number;
  /** HTTP mode: the interface to bind; all interfaces when absent (a container's port). */
  host?: string;
  /** HTTP mode: connection caps and timeouts; src/ops/connection-guard.ts's defaults when absent. */
  connections?: ConnectionLimits;
  /** `/readyz` is 503 until this is true (services.ts: every platform started); ready once listening when absent. */
  started?: () => boolean;
  /** True the first time a key is claimed inside the replay window, across processes (src/state/dedupe.ts); per process when absent. */
  claimOnce?: (key: string) => Promise<boolean>;
  /** Web API reads before answering; a budgeted client of their own on `config.apiUrl` when absent. */
  lookups?: SlackLookups;
  /** Acknowledged requests not yet answered (src/state/request-journal.ts): an earlier process's are told at start. */
  journal?: RequestJournal;
}

export interface SlackHandle {
  stop(): Promise<void>;
  /** HTTP mode: the port actually bound (useful with port 0); null in Socket Mode. */
  port: number | null;
}

/**
 * How long a thread found not to be ours stays known as such. Someone can still bring the bot
 * in with a mention (addressed messages skip the cache) or another replica can answer there
 * (its saved state is read first), so this only bounds Web API calls for chatter.
 */
export const NOT_OUR_THREAD_TTL_MS = 10 * 60 * 1000;

const defaultLog: LogFn = (event) => process.stderr.write(`${JSON.stringify(event)}\n`);

/**
 * Starts the Slack app: Socket Mode when an app-level token is configured, else an HTTP server
 * on `config.port` serving `/slack/events`, `/healthz` and `/readyz`. Resolves once connected /
 * listening.
 */
export async function startSlack(config: SlackConfig, deps: SlackStartDeps): Promise<SlackHandle> {
  const log = deps.log ?? defaultLog;
  const startedAt = Date.now();
  const claim = deps.claimOnce ?? storeClaims(deps.store, log);
  const ops = requestOps(log, 'slack', { limiter: deps.limiter, shutdown: deps.shutdown, errors: deps.errors, maxInFlight: deps.maxInFlight });
  const slackDeps: SlackDeps = {
    store: deps.store,
    log,
    respond: withHub(deps.respond ?? defaultRespond),
    claim,
    notOurThreads: new SeenRecently(NOT_OUR_THREAD_TTL_MS),
    loadChart: deps.loadChart ?? (() => loadChartRenderer(log)),
    ops,
    lookups: deps.lookups ?? budgetedLookups(lookupClient(config.botToken, config.apiUrl, LOOKUP_DEADLINE_MS, boltLogger(log, LogLevel.ERROR)), log),
    journal: deps.journal,
  };
  // HTTP mode: a message's ack waits until it is journaled (Socket Mode acks over its socket: nothing is held there).
  const acks = deps.journal ? new AckGate() : null;
  if (acks) slackDeps.acks = acks;
  // Requests an earlier process acknowledged and never answered are told so, once this one serves.
  const tellLeftOver = () => void (deps.journal && ops.shutdown.background(answerLeftOver(deps.journal, app.client, slackDeps.lookups, log, { startedAt })));
  const { app, receiver } = createSlackApp(config, slackDeps);
  if (!receiver) {
    await app.start();
    log({ event: 'slack.started', mode: 'socket' });
    tellLeftOver();
    return { port: null, stop: () => app.stop().then(() => undefined) };
  }
  const health = createHealthHandler(chatPortHealth(deps.store, () => ops.shutdown.accepting(), deps.started));
  // Exact replays are refused before Bolt from this process's memory: a store claim here was one
  // SQLite write or Redis round trip per request before the ack (the largest cost of acking a
  // burst, issue 26), and a replay that reaches another replica is still answered once — the
  // listeners claim the event id or trigger id in the shared store before answering.
  const replayedSignatures = new SeenRecently(CLAIM_WINDOW_MS);
  const server = slackHttpServer(acks ? acks.wrap(receiver.requestListener) : receiver.requestListener, health, {
    signingSecret: config.signingSecret ?? '',
    log,
    connections: deps.connections,
    firstDelivery: async (signature) => replayedSignatures.first(signature),
  });
  const port = await listen(server, config.port, deps.host, 'Slack HTTP mode (PORT)');
  log({ event: 'slack.started', mode: 'http', port });
  tellLeftOver();
  return { port, stop: () => close(server) };
}
