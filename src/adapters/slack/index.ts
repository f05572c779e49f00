import type { SlackConfig } from '../../config/slack.js';
import type { ConversationStore } from '../../state/store.js';
import { createSlackApp } from './app.js';
import { loadChartRenderer } from './chart-loader.js';
import { SeenRecently } from './dedupe.js';
import { defaultRespond } from './default-respond.js';
import type { ChartFn, LogFn, RespondFn } from './deps.js';
import { close, listen, slackHttpServer } from './http-server.js';

export interface SlackStartDeps {
  store: ConversationStore;
  log?: LogFn;
  /** The assistant; defaults to `respond` from src/core/assistant.ts. */
  respond?: RespondFn;
  /** The chart renderer; defaults to `chartPng` from src/render/chart when it is installed. */
  loadChart?: () => Promise<ChartFn | null>;
}

export interface SlackHandle {
  stop(): Promise<void>;
  /** HTTP mode: the port actually bound (useful with port 0); null in Socket Mode. */
  port: number | null;
}

const defaultLog: LogFn = (event) => process.stderr.write(`${JSON.stringify(event)}\n`);

/**
 * Starts the Slack app: Socket Mode when an app-level token is configured, else an HTTP server
 * on `config.port` serving `/slack/events`. Resolves once connected / listening.
 */
export async function startSlack(config: SlackConfig, deps: SlackStartDeps): Promise<SlackHandle> {
  const log = deps.log ?? defaultLog;
  const slackDeps = {
    store: deps.store,
    log,
    respond: deps.respond ?? defaultRespond,
    seen: new SeenRecently(),
    loadChart: deps.loadChart ?? (() => loadChartRenderer(log)),
  };
  const { app, receiver } = createSlackApp(config, slackDeps);
  if (!receiver) {
    await app.start();
    log({ event: 'slack.started', mode: 'socket' });
    return { port: null, stop: () => app.stop().then(() => undefined) };
  }
  const server = slackHttpServer(receiver.requestListener);
  const port = await listen(server, config.port);
  log({ event: 'slack.started', mode: 'http', port });
  return { port, stop: () => close(server) };
}
