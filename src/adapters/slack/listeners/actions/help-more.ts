import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { decodeHelpMore, renderSlackHelpRest } from '../../../../render/slack.js';
import { serveRequest } from '../../../admission.js';
import { loadState } from '../../conversation.js';
import type { SlackDeps } from '../../deps.js';
import { postEphemeral } from '../../post.js';
import { slackThreadKey } from '../../thread-key.js';
import { slackRequester } from '../requester.js';

/**
 * "More" under a short help (issue 24): the words that asked are read again, in their thread (an
 * `oom` there is read against its scenario), and the rest of the help goes to the clicker alone.
 */
export function helpMore(deps: SlackDeps) {
  return async ({ ack, body, client }: AllMiddlewareArgs & SlackActionMiddlewareArgs<BlockAction<ButtonAction>>): Promise<void> => {
    await ack();
    const more = decodeHelpMore(body.actions[0]?.value);
    const channel = body.channel?.id ?? body.container?.channel_id;
    if (!more || !channel) return;
    const team = body.team?.id ?? body.user.team_id ?? 'unknown';
    const target = { channel, user: body.user.id, ...(more.root ? { threadTs: more.root } : {}) };
    const tell = (text: string) => postEphemeral(client, target, text, deps.log);
    await serveRequest(
      deps.ops,
      { platform: 'slack', kind: 'help_more' },
      async (gate) => {
        if (!(await gate(slackRequester(team, body.user.id, channel), tell, { alwaysTell: true }))) return;
        const previous = more.root ? await loadState(deps, slackThreadKey(team, channel, more.root)) : null;
        const turn = await deps.respond(more.request, previous);
        if (turn.reply.kind !== 'help') return;
        await postEphemeral(client, target, renderSlackHelpRest(turn.reply), deps.log);
        return 'help';
      },
      tell,
    );
  };
}
