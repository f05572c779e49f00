import type { BlockAction, ButtonAction, webApi } from '@slack/bolt';
import { serveRequest } from '../../../admission.js';
import type { SlackDeps } from '../../deps.js';
import { postEphemeral, postNotice, type PostTarget } from '../../post.js';
import { slackRequester } from '../requester.js';
import { buttonContext, type ButtonContext } from './button-context.js';

/**
 * Runs a button's work (already acked) as a request: rate-limited per clicker and channel,
 * refused while restarting, with an apology in the thread when it fails. A click is an explicit
 * request, so a refusal is always told (ephemerally, to the clicker only).
 */
export async function serveButton(
  deps: SlackDeps,
  client: webApi.WebClient,
  body: BlockAction<ButtonAction>,
  kind: string,
  work: (button: ButtonContext, target: PostTarget) => Promise<string | void>,
): Promise<void> {
  const button = buttonContext(body);
  if (!button) return;
  // The same click delivered twice (a replay, a retry on another replica) is answered once.
  if (body.trigger_id && !(await deps.claim(`slack:trigger:${body.trigger_id}`))) return;
  const target: PostTarget = button.dm ? { channel: button.channel } : { channel: button.channel, threadTs: button.root };
  const team = body.team?.id ?? body.user.team_id ?? 'unknown';
  const who = slackRequester(team, body.user.id, button.channel);
  await serveRequest(
    deps.ops,
    { platform: 'slack', kind },
    async (gate) => {
      const tellOnly = (text: string) => postEphemeral(client, { ...target, user: body.user.id }, text, deps.log);
      if (!(await gate(who, tellOnly, { alwaysTell: true }))) return;
      return work(button, target);
    },
    (apology) => postNotice(client, target, apology, deps.log),
  );
}
