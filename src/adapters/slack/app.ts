import { App, HTTPReceiver, type LogLevel } from '@slack/bolt';
import type { SlackConfig } from '../../config/slack.js';
import { boltLogger } from './bolt-logger.js';
import type { SlackDeps } from './deps.js';
import { slackErrorCode } from './errors.js';
import { MAX_BODY_BYTES } from '../../ops/raw-body.js';
import { EVENTS_PATH } from './http-server.js';
import { registerListeners } from './listeners/index.js';

/** Web API client options; a fresh object per use, because Socket Mode mutates the one it gets. */
function clientOptions(config: SlackConfig) {
  return {
    slackApiUrl: config.apiUrl,
    ...(config.webApiRetries !== undefined ? { retryConfig: { retries: config.webApiRetries } } : {}),
  };
}

export interface BuiltApp {
  app: App;
  /** Present in HTTP mode: Bolt's receiver, whose request listener our server wraps. */
  receiver: HTTPReceiver | null;
}

/**
 * Creates the Bolt app for either mode and wires the listeners. `slackApiUrl` goes to both
 * `clientOptions` and `installerOptions.clientOptions` (Socket Mode's apps.connections.open
 * reads only the latter; DESIGN §5).
 */
export function createSlackApp(config: SlackConfig, deps: SlackDeps, logLevel?: LogLevel): BuiltApp {
  const logger = boltLogger(deps.log, logLevel);
  // convoStore: false — threads live in our ConversationStore; Bolt's own per-channel store would
  // only cost a read and a write per event and hold entries in memory.
  const common = { token: config.botToken, logger, clientOptions: clientOptions(config), convoStore: false as const };
  let built: BuiltApp;
  if (config.mode === 'socket') {
    const app = new App({
      ...common,
      socketMode: true,
      appToken: config.appToken ?? undefined,
      installerOptions: { clientOptions: clientOptions(config) },
    });
    built = { app, receiver: null };
  } else {
    const receiver = new HTTPReceiver({
      signingSecret: config.signingSecret ?? '',
      endpoints: [EVENTS_PATH],
      logger,
      bodyLimit: MAX_BODY_BYTES,
    });
    built = { app: new App({ ...common, receiver }), receiver };
  }
  built.app.error(async (error) => {
    deps.log({ event: 'slack.listener_failed', error: slackErrorCode(error.original ?? error) });
  });
  registerListeners(built.app, deps);
  return built;
}
