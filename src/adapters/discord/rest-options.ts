import { createRequire } from 'node:module';
import type { RESTOptions } from 'discord.js';

type Dispatcher = NonNullable<RESTOptions['agent']>;

/**
 * The HTTP dispatcher for discord.js's REST client, made by the very copy of undici that
 * @discordjs/rest imports (resolved from its own entry point).
 *
 * Why: undici keeps one process-wide default dispatcher, shared by every installed copy
 * (`Symbol.for('undici.globalDispatcher.1')`). With Slack in the same process, @slack/socket-mode
 * brings undici 7 and, loaded first, owns that default; @discordjs/rest (undici 6) then sends
 * its uploads through undici 7, which cannot encode the multipart body @discordjs/rest builds
 * with Node's global FormData, so every chart failed (nodejs/undici#5520). A dispatcher of its
 * own copy makes Discord independent of load order. Forcing one undici with npm `overrides` is
 * no fix: with undici 7 alone @discordjs/rest 2.6 cannot upload at all, and undici 6 is outside
 * @slack/socket-mode's `^7.29` range.
 */
function ownUndiciAgent(): Dispatcher {
  const require = createRequire(import.meta.url);
  const fromRest = createRequire(require.resolve('@discordjs/rest'));
  const undici = fromRest('undici') as { Agent: new () => Dispatcher };
  return new undici.Agent();
}

let shared: Dispatcher | null = null;

/** REST options for every discord.js REST client in the process: the API base (stand-ins, proxies) and the own-copy dispatcher. */
export function discordRestOptions(apiUrl: string | null | undefined): Partial<RESTOptions> {
  shared ??= ownUndiciAgent();
  return { ...(apiUrl ? { api: apiUrl } : {}), agent: shared };
}
