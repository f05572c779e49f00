import { threadKey } from '../../src/adapters/discord/conversation.js';
import type { ConversationStore } from '../../src/state/store.js';
import type { DiscordStandIn, RecordedRequest } from './standin/server.js';

/**
 * Polls `check` every 20 ms until it gives a value; throws naming `what` after `timeoutMs`, a
 * bound meant only to catch a hang (5 s was missed on a loaded 2-core machine; tests end early).
 */
export async function until<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Messages the bot posted in a channel (or thread), successful ones only; from request index `after` on. */
export const postsIn = (standin: DiscordStandIn, channelId: string, after = 0) =>
  standin.requests.filter((r, i) => i >= after && r.method === 'POST' && r.path === `/api/v10/channels/${channelId}/messages` && r.status < 400);

/** Threads the bot opened, from request index `after` on. */
export const threadOpenings = (standin: DiscordStandIn, after: number) =>
  standin.requests.filter((r, i) => i >= after && r.method === 'POST' && r.path.endsWith('/threads'));

/** Successful edits of an interaction's original response (a slash command's answer). */
export const originalEdits = (standin: DiscordStandIn, token: string) =>
  standin.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/${token}/messages/@original`) && r.status < 400);

/** A mention in the channel: the bot answers and opens a thread on its answer; resolves to the thread id once its state is saved. */
export async function openThread(standin: DiscordStandIn, store: ConversationStore, request: string): Promise<string> {
  const before = standin.requests.length;
  standin.userMessage(standin.channelId, request, { mentionBot: true });
  const created = await standin.waitForRequest((r: RecordedRequest) => r.method === 'POST' && r.path.endsWith('/threads') && standin.requests.indexOf(r) >= before);
  const id = created.path.split('/')[6]!;
  await until(async () => (await store.get(threadKey(id))) !== null, 'the thread state');
  return id;
}
