import type { webApi } from '@slack/bolt';
import { ANSWER_EVENT_TYPE, renderSlack, renderSlackHelpScreen, type SlackMessage } from '../../../render/slack.js';
import { serveRequest } from '../../admission.js';
import { threadQueue } from '../../thread-queue.js';
import { isOurThread, loadState, saveAfterAnswer, savePending, threadContext, type ThreadContext } from '../conversation.js';
import type { SlackDeps } from '../deps.js';
import { postEphemeral, postMessage, postNotice, type PostTarget } from '../post.js';
import { oneLookupPerMessage } from '../message-lookup.js';
import { latestAnswerInThread, openingMetadata, type LatestAnswer } from '../recover.js';
import type { LookupOptions } from '../lookups.js';
import { waitingOpening } from '../../../core/opening.js';
import { audienceOf, ownedBy } from '../../../core/audience.js';
import { isCourtesy } from '../../../language/courtesy.js';
import { react, withAsker } from '../asker.js';
import { withScenario } from '../scenario-metadata.js';
import { slackDmKey, slackThreadKey } from '../thread-key.js';
import { slackRequester } from './requester.js';
import { attachAskedChart } from '../asked-chart.js';
import { journalled } from '../journal-entry.js';

export interface IncomingText {
  team: string;
  channel: string;
  /** Who wrote it: rate limits and ephemeral notices are per person. */
  user: string;
  ts: string;
  threadTs: string | undefined;
  /** Request text with mentions stripped. */
  text: string;
  /** Mentioned or in a DM: answer even outside one of our threads. */
  addressed: boolean;
  botId: string | undefined;
  /** `mention`, `follow_up` or `dm`, for the request log. */
  kind: string;
  /** The thread's root was posted by this bot (the event's `parent_user_id`): the thread is ours. */
  rootIsOurs?: boolean;
  /** It mentions a person other than the bot (or @here, a group): for them, not for the bot (issue 24). */
  mentionsOthers?: boolean;
}

/** What a reset answer carries instead of a canonical request: recovery stops there. */
const RESET_METADATA: NonNullable<SlackMessage['metadata']> = { event_type: ANSWER_EVENT_TYPE, event_payload: { canonical: '' } };

/**
 * Who asked in a thread: the state records it, else our latest answer's metadata when the thread
 * was looked up anyway (a restart, a store in doubt); null when neither knows (a row from before
 * askers were kept: anyone's message is read, as then). Never a lookup of its own.
 */
async function askerOf(previous: { asker?: string } | null | undefined, latest: (() => Promise<LatestAnswer>) | null): Promise<string | null> {
  if (previous?.asker) return previous.asker;
  const found = latest ? await latest() : null;
  return found && 'asker' in found && found.asker ? found.asker : null;
}

/** The thread's stored state for the chatter check (the answer path reads it again inside the queue); null when the store fails. */
async function storedState(deps: SlackDeps, threadKey: string): Promise<{ asker?: string } | null> {
  try {
    return await deps.store.get(threadKey);
  } catch {
    return null;
  }
}

/** Forgets a thread's state on `reset`; a failing store is logged, never breaks the answer. */
async function forgetState(deps: SlackDeps, threadKey: string): Promise<void> {
  try {
    await deps.store.delete?.(threadKey);
  } catch (error) {
    deps.log({ event: 'slack.store_failed', op: 'delete', error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Answers a mention, a DM or a thread message. Outside a thread a mention starts a conversation
 * rooted at the message; a top-level DM continues the DM's own conversation and is answered
 * top-level; inside a thread a message is a follow-up (store, then the thread's latest answer
 * when the store has nothing or may be behind). Unaddressed messages in threads that are not
 * ours get no answer and spend nothing: whether the thread is ours is settled before admission
 * (no in-flight slot, no rate-limit token), and the answer is cached per thread. A request
 * error is shown only to its author (chat.postEphemeral), so "thanks, that helps!" never draws a
 * public error card. Follow-ups in one thread are answered in the order they arrived
 * (threadQueue); the new state is written as pending before the answer is posted and confirmed
 * after, outside the request (src/state/pending-answer.ts). From the moment it is known to be
 * ours until it is answered, the request is in the journal, so a restart can tell its author.
 */
export async function answerInThread(deps: SlackDeps, client: webApi.WebClient, incoming: IncomingText): Promise<void> {
  const inThread = incoming.threadTs !== undefined && incoming.threadTs !== incoming.ts;
  const dmTopLevel = incoming.kind === 'dm' && !inThread;
  const root = inThread ? incoming.threadTs! : incoming.ts;
  const threadKey = dmTopLevel ? slackDmKey(incoming.team, incoming.channel) : slackThreadKey(incoming.team, incoming.channel, root);
  const target: PostTarget = dmTopLevel ? { channel: incoming.channel } : { channel: incoming.channel, threadTs: root };
  const text = incoming.text === '' ? 'help' : incoming.text;
  const who = slackRequester(incoming.team, incoming.user, incoming.channel);
  const tellOnly = (notice: string) => postEphemeral(client, { ...target, user: incoming.user }, notice, deps.log);
  // One lookup per message that finds the thread: the chatter check and the answer share it (the
  // store, read again inside the queue, still catches an answer this process posted in between).
  const latest = oneLookupPerMessage((options?: LookupOptions) => latestAnswerInThread(deps.lookups, incoming.channel, root, incoming.botId, options));
  const requestKey = `slack:${incoming.team}:${incoming.channel}:${incoming.ts}`;

  // "thanks" / "ok" / "👍" to the bot: one reaction, never a card (issue 24).
  if (incoming.addressed && isCourtesy(incoming.text)) {
    deps.acks?.release(requestKey);
    return react(client, incoming.channel, incoming.ts, deps.log);
  }
  if (inThread && !incoming.addressed) {
    let ours = false;
    try {
      // Under a thread rooted at our own message (a /headroom answer) every message is for us,
      // so with the store and Slack both unable to say more it is still read afresh.
      ours = await isOurThread(deps, threadKey, latest, incoming.rootIsOurs === true);
    } catch (error) {
      deps.log({ event: 'slack.thread_check_failed', error: error instanceof Error ? error.message : String(error) });
    }
    if (!ours) return deps.acks?.release(requestKey);
    // Only the asker's messages change the thread; a colleague's talk, or a message to someone else, is not read (issue 24).
    const audience = audienceOf({ author: incoming.user, asker: await askerOf(await storedState(deps, threadKey), latest.lastRead()), addressed: false, mentionsOthers: incoming.mentionsOthers === true, text: incoming.text });
    if (audience !== 'request') {
      deps.acks?.release(requestKey);
      if (audience === 'courtesy') await react(client, incoming.channel, incoming.ts, deps.log);
      return;
    }
  }

  const journal = deps.journal;
  // Committed before the HTTP ack goes (AckGate): a request Slack saw acknowledged is in the journal
  // (awaited: in Redis the write is a round trip, not a synchronous insert).
  await journalled(
    deps,
    journal?.add({ id: requestKey, platform: 'slack', channel: incoming.channel, ...(target.threadTs ? { threadTs: target.threadTs } : {}), request: incoming.ts, user: incoming.user, ackedAt: Date.now(), phase: 'acked' }),
  );
  deps.acks?.release(requestKey);
  try {
    await serveRequest(
      deps.ops,
      { platform: 'slack', kind: incoming.kind },
      (gate) =>
        threadQueue.run(threadKey, async () => {
          let context: ThreadContext;
          if (inThread) {
            // Read inside the queue: the follow-up before this one may just have saved a newer state.
            const found = await threadContext(deps, threadKey, latest, true);
            if (!found || !(await gate(who, tellOnly))) return;
            context = found;
          } else {
            if (!(await gate(who, tellOnly))) return;
            const previous = dmTopLevel ? await loadState(deps, threadKey) : null;
            context = { previous, note: null };
          }
          const response = await deps.respond(text, context.previous);
          // The thread's asker: recorded, recovered, else whoever starts it.
          const asker = (inThread ? await askerOf(context.previous, latest.lastRead()) : context.previous?.asker) ?? incoming.user;
          const turn = { ...response, state: ownedBy(response.state, asker) };
          const message = withScenario(withAsker(renderSlack(turn.reply, context.note), asker), turn.reply);
          // "Which model?": the thread's words wait for the model (issue 11), so the thread is kept.
          const waiting = turn.reply.kind === 'error' ? waitingOpening(turn.state) : null;
          if (turn.reply.kind === 'error' && incoming.kind !== 'dm' && (waiting === null || inThread)) {
            // In the thread for a follow-up; in the channel for a top-level mention (it has no thread yet).
            await postEphemeral(client, { channel: incoming.channel, user: incoming.user, ...(inThread ? { threadTs: root } : {}) }, message, deps.log);
            // Words added while the thread waits are kept, stamped with the message that added them.
            if (waiting !== null) threadQueue.hold(threadKey, saveAfterAnswer(deps, threadKey, turn.state, incoming.ts));
            return 'request_error';
          }
          if (turn.reply.kind === 'help' && !turn.cleared) {
            // help / usage / an empty mention: to the person alone, one screen and "More" (issue 24).
            const screen = renderSlackHelpScreen(turn.reply, { request: text, root: inThread ? root : null });
            await postEphemeral(client, { channel: incoming.channel, user: incoming.user, ...(inThread ? { threadTs: root } : {}) }, screen, deps.log);
            return 'help';
          }
          deps.notOurThreads?.forget(threadKey);
          if (turn.cleared) {
            await forgetState(deps, threadKey);
            await postMessage(client, target, withAsker({ ...message, metadata: RESET_METADATA }, asker), deps.log);
            return 'reset';
          }
          // Durable before posting: a kill after the post cannot leave the thread's older state as its latest.
          await Promise.all([savePending(deps, threadKey, context.confirmed ?? null, turn.state, incoming.ts), journalled(deps, journal?.posting(requestKey, context.previous?.answerTs))]);
          // A mention that names no model is asked, in the thread under it, which model (issue 11): the
          // answer there is read after its words. The question carries them in its metadata, so the
          // thread still reads them when the store has lost its state.
          // So does a pasted log that asked for its setup (issue 24): it waits as the thread's opening.
          const opening = waiting ?? (turn.reply.kind === 'diagnosis' ? waitingOpening(turn.state) : null);
          const ts = await postMessage(client, target, opening !== null ? withAsker({ ...message, metadata: openingMetadata(opening) }, asker) : message, deps.log);
          threadQueue.hold(threadKey, saveAfterAnswer(deps, threadKey, turn.state, ts));
          // "… chart", "sweep batch", "timeline": the picture asked for, under the answer (as on Discord).
          if (ts) await attachAskedChart(deps, client, target, turn.reply, (notice) => postEphemeral(client, { ...target, user: incoming.user }, notice, deps.log));
          return turn.reply.kind === 'estimate' ? turn.reply.verdict.status : turn.reply.kind;
        }),
      (apology) => postNotice(client, target, apology, deps.log),
    );
  } finally {
    await journalled(deps, journal?.remove(requestKey));
  }
}
