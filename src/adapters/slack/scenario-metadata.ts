import type { SlackMessage } from '../../render/slack.js';
import type { Reply } from '../../reply/types.js';
import { codeOfAnswer } from '../../state/scenario-code.js';

/**
 * An estimate carries its resolved scenario in its metadata, beside the canonical request
 * (issue 24, item 2): a button on it, or a follow-up in its thread after a restart with an
 * empty store, starts from the scenario that was answered, also when the request cannot be
 * read again (a pasted config.json, an attachment, a Hub model). A NaN triage carries the setup
 * it was read against, for its "Memory estimate" button. Other messages are unchanged.
 */
export function withScenario(message: SlackMessage, reply: Reply): SlackMessage {
  if (!message.metadata) return message;
  const scenario = codeOfAnswer(reply);
  if (scenario === null) return message;
  return { ...message, metadata: { ...message.metadata, event_payload: { ...message.metadata.event_payload, scenario } } };
}
