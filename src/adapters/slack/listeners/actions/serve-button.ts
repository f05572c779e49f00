import type { BlockAction, ButtonAction, webApi } from '@slack/bolt';
import { serveRequest } from '../../../admission.js';
import type { SlackDeps } from '../../deps.js';
import { postEphemeral, type PostTarget } from '../../post.js';
import { slackRequester } from '../requester.js';
import { buttonContext, type ButtonContext } from './button-context.js';

/** Tells the clicker alone (chat.postEphemeral in the answer's thread); never throws. */
export type TellClicker = (text: string) => Promise<void>;

/**
 * Runs a button's work (already acked) as a request: rate-limited per clicker and channel,
 * refused while restarting. A click is an explicit request, so a refusal is always told, and
 * told to the clicker only: a rate limit, "busy", the chart cap, a missing renderer, a lost
 * scenario or the apology when it fails goes through `tell` (ephemeral), never into the
 * channel, where each refused click would otherwise leave a message for everyone (issue 26).
 */
export async function serveButton(
  deps: SlackDeps,
  client: webApi.WebClient,
  body: BlockAction<ButtonAction>,
  kind: string,
  work: (button: ButtonContext, target: PostTarget, tell: TellClicker) => Promise<string | void>,
): Promise<void> {
  const button = buttonContext(body);
  if (!button) return;
  // The same click delivered twice (a replay, a retry on another replica) is answered once.
  if (body.trigger_id && !(await deps.claim(`slack:trigger:${body.trigger_id}`))) return;
  const target: PostTarget = button.dm ? { channel: button.channel } : { channel: button.channel, threadTs: button.root };
  const team = body.team?.id ?? body.user.team_id ?? 'unknown';
  const who = slackRequester(team, body.user.id, button.channel);
  const tell: TellClicker = (text) => postEphemeral(client, { ...target, user: body.user.id }, text, deps.log);
  await serveRequest(
    deps.ops,
    { platform: 'slack', kind },
    async (gate) => {
      if (!(await gate(who, tell, { alwaysTell: true }))) return;
      return work(button, target, tell);
    },
    tell,
  );
}
