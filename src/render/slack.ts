import type { types } from '@slack/bolt';
import type { EstimateReply, Reply } from '../reply/types.js';
import { diagnosisBlocks, diagnosisFallback } from './slack/diagnosis.js';
import { errorBlocks, errorFallback } from './slack/error.js';
import { estimateBlocks, estimateFallback } from './slack/estimate.js';
import { helpBlocks, helpFallback, helpScreenBlocks, type HelpMoreValue } from './slack/help.js';
import { helpRest } from './help-screen.js';
import type { HelpReply } from '../reply/types.js';

export { decodeHelpMore, type HelpMoreValue } from './slack/help.js';

/** A help's first screen, for the asker alone: ≤ 10 lines and "More" (issue 24). */
export function renderSlackHelpScreen(reply: HelpReply, more: HelpMoreValue): SlackMessage {
  return { text: helpFallback(reply), blocks: helpScreenBlocks(reply, more) };
}

/** What "More" shows, to the clicker alone: the rest of the help. */
export function renderSlackHelpRest(reply: HelpReply): SlackMessage {
  const rest = helpRest(reply);
  return { text: helpFallback(rest), blocks: helpBlocks(rest) };
}
import { detailsBlocks, detailsFallback, tipsBlocks, tipsFallback } from './slack/details.js';

export { ACTION_IDS, LEVER_ACTION_PATTERN, decodeButtonValue, encodeButtonValue, type ButtonValue } from './slack/actions.js';
export { SLACK_LIMITS } from './slack/limits.js';

/** Message metadata event type: the recovery path for a thread's scenario (DESIGN §5). */
export const ANSWER_EVENT_TYPE = 'headroom_answer';

/** What chat.postMessage / respond need: blocks, the `text` fallback, metadata on answers. */
export interface SlackMessage {
  text: string;
  blocks: types.KnownBlock[];
  /**
   * `canonical` on answers ('' on a reset); `opening` on a "Which model?" that leaves the thread's words waiting (issue 11);
   * `asker`, added by the adapter: who asked in the thread, so a restart keeps it (issue 24);
   * `memory` on a NaN triage: the request of the setup it was read against, whose estimate its button gives (no answer a thread continues);
   * `scenario`, added by the adapter on estimates (and a triage's setup): the resolved scenario (src/state/scenario-code.ts).
   */
  metadata?: { event_type: typeof ANSWER_EVENT_TYPE; event_payload: ({ canonical: string } | { opening: string } | { memory: string }) & { asker?: string; scenario?: string } };
}

/**
 * Renders a platform-neutral Reply as a Slack message. Renders only from the Reply: every number
 * comes from its Estimate. `note` is a one-line remark shown under the header (e.g. that the
 * scenario was recovered from the thread).
 */
export function renderSlack(reply: Reply, note: string | null = null): SlackMessage {
  switch (reply.kind) {
    case 'estimate':
      return {
        text: estimateFallback(reply),
        blocks: estimateBlocks(reply, note),
        metadata: { event_type: ANSWER_EVENT_TYPE, event_payload: { canonical: reply.canonical } },
      };
    case 'help':
      return { text: helpFallback(reply), blocks: helpBlocks(reply, note) };
    case 'error':
      return { text: errorFallback(reply), blocks: errorBlocks(reply, note) };
    case 'diagnosis':
      // Held against a setup, the diagnosis is that thread's latest answer: its setup recovers the
      // thread. A NaN triage names the setup its "Memory estimate" answers for.
      return {
        text: diagnosisFallback(reply),
        blocks: diagnosisBlocks(reply, note),
        ...(reply.setup
          ? { metadata: { event_type: ANSWER_EVENT_TYPE, event_payload: { canonical: reply.setup.canonical } } }
          : reply.memoryRequest !== undefined
            ? { metadata: { event_type: ANSWER_EVENT_TYPE, event_payload: { memory: reply.memoryRequest } } }
            : {}),
      };
  }
}

/** The "Details" message: the breakdown with the arithmetic, every default, the levers with their costs. */
export function renderSlackDetails(reply: EstimateReply): SlackMessage {
  return { text: detailsFallback(reply), blocks: detailsBlocks(reply) };
}

/** The "OOM tips" message. */
export function renderSlackTips(reply: EstimateReply): SlackMessage {
  return { text: tipsFallback(reply), blocks: tipsBlocks(reply) };
}
