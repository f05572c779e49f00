import type { AllMiddlewareArgs, RespondArguments, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { renderSlack, renderSlackHelpScreen, type SlackMessage } from '../../../../render/slack.js';
import { serveRequest } from '../../../admission.js';
import { answerRequest, saveAfterAnswer } from '../../conversation.js';
import type { SlackDeps } from '../../deps.js';
import { slackErrorCode } from '../../errors.js';
import { postMessage } from '../../post.js';
import { attachAskedChart } from '../../asked-chart.js';
import { waitingOpening } from '../../../../core/opening.js';
import { openingMetadata } from '../../recover.js';
import { requestText } from '../../incoming-text.js';
import { isSlackDm, slackDmKey, slackThreadKey } from '../../thread-key.js';
import { slackRequester } from '../requester.js';
import { ownedBy } from '../../../../core/audience.js';
import { withAsker } from '../../asker.js';
import { withScenario } from '../../scenario-metadata.js';
import { journalled, slashCommandEntry } from '../../journal-entry.js';

/**
 * `/headroom <request>` and `/headroom help`: ack at once (3 s rule), then post the answer as a
 * channel message, which starts the thread for follow-ups (slash commands cannot be used in
 * threads). A request error goes back ephemerally, to the one person who typed it; so do a
 * rate-limit or restart notice (inside the ack itself) and the apology when the handler fails.
 */
export function headroomCommand(deps: SlackDeps) {
  return async ({ command, ack, respond, client }: AllMiddlewareArgs & SlackCommandMiddlewareArgs): Promise<void> => {
    // A replayed or retried command (same trigger_id), here or on another replica, is acked and not answered again.
    if (command.trigger_id && !(await deps.claim(`slack:trigger:${command.trigger_id}`))) {
      await ack();
      return;
    }
    const send = async (body: RespondArguments, what: string): Promise<boolean> => {
      try {
        await respond(body);
        return true;
      } catch (error) {
        deps.log({ event: 'slack.respond_failed', command: command.command, what, error: slackErrorCode(error) });
        return false;
      }
    };
    const ephemeral = (body: { text: string; blocks?: SlackMessage['blocks'] }) => send({ response_type: 'ephemeral', ...body } as RespondArguments, 'ephemeral');
    const who = slackRequester(command.team_id, command.user_id, command.channel_id);
    // From the ack until answered, in the journal with its response_url: a restart tells the user (left-over.ts).
    const entry = slashCommandEntry(command);
    let journaled = false;

    try {
      await serveRequest(
        deps.ops,
        { platform: 'slack', kind: 'command' },
        async (gate) => {
          if (!(await gate(who, (text) => ack({ response_type: 'ephemeral', text }), { alwaysTell: true }))) return;
          journaled = deps.journal !== undefined;
          await journalled(deps, deps.journal?.add(entry));
          await ack();
          // The estimate is CPU work: let this ack (and others already parsed) reach their sockets first.
          await new Promise<void>((resolve) => setImmediate(resolve));
          const asked = requestText(command.text);
          const text = asked === '' ? 'help' : asked;
          const answered = await answerRequest(deps, text);
          const { reply } = answered;
          // Whoever typed the command asked: the thread under the answer is theirs (issue 24).
          const state = ownedBy(answered.state, command.user_id);
          const message = withScenario(withAsker(renderSlack(reply), command.user_id), reply);
          if (reply.kind === 'error') {
            await ephemeral({ text: message.text, blocks: message.blocks });
            return 'request_error';
          }
          if (reply.kind === 'help') {
            // `/headroom`, `/headroom help`, `/headroom reset`: to the person alone, one screen and "More" (issue 24).
            await ephemeral(renderSlackHelpScreen(reply, { request: text, root: null }));
            return 'help';
          }
          if (journaled) await journalled(deps, deps.journal?.posting(entry.id));
          // A pasted log that asks for its setup carries the log, so the thread reads the setup after it even when the store has lost it (issue 24).
          const waiting = reply.kind === 'diagnosis' ? waitingOpening(state) : null;
          const posted = waiting !== null ? withAsker({ ...message, metadata: openingMetadata(waiting) }, command.user_id) : message;
          const ts = await postMessage(client, { channel: command.channel_id }, posted, deps.log, (apology) =>
            answerThroughResponseUrl(posted, apology, send),
          );
          if (ts) saveAfterAnswer(deps, slackThreadKey(command.team_id, command.channel_id, ts), state, ts);
          // "/headroom … chart": the picture asked for, in the thread under the answer (as on Discord).
          if (ts) await attachAskedChart(deps, client, { channel: command.channel_id, threadTs: ts }, reply, (notice) => ephemeral({ text: notice }));
          // In a DM the answer also becomes the DM's conversation: a top-level message continues it.
          if (ts && isSlackDm(command.channel_id)) saveAfterAnswer(deps, slackDmKey(command.team_id, command.channel_id), state, ts);
          return reply.kind === 'estimate' ? reply.verdict.status : reply.kind;
        },
        (apology) => ephemeral({ text: apology }),
      );
    } finally {
      if (journaled) await journalled(deps, deps.journal?.remove(entry.id));
    }
  };
}

/**
 * chat.postMessage refused the answer (bot not in the channel, a DM between two people, Slack
 * trouble): the command's `response_url` can still post into the channel for 30 minutes, so
 * the acknowledged question is answered there. Only if that fails too does the user get the
 * apology (ephemeral, through the same URL), whose error id matches the log line.
 */
async function answerThroughResponseUrl(
  message: SlackMessage,
  apology: string,
  send: (body: RespondArguments, what: string) => Promise<boolean>,
): Promise<void> {
  if (await send({ response_type: 'in_channel', text: message.text, blocks: message.blocks } as RespondArguments, 'in_channel_answer')) return;
  // Thrown so postMessage logs `slack.apology_failed` with the error id.
  if (!(await send({ response_type: 'ephemeral', text: apology }, 'apology'))) throw new Error('response_url refused the answer and the apology');
}
