import { serveRequest, type Requester } from '../../admission.js';
import type { HandlerDeps } from '../deps.js';
import type { InteractionReplies } from './replies.js';

/**
 * A slash command or a button: always a request for us, so admission comes first and a refusal
 * is always told (ephemerally: Discord shows "interaction failed" to anyone left unanswered).
 * Runs inside serveRequest (src/adapters/admission.ts): rate limits, refusal while restarting,
 * tracking for graceful shutdown, and the error boundary, whose apology (with its error id)
 * goes back through the same interaction.
 */
export function serveInteraction(
  deps: HandlerDeps,
  who: Requester,
  replies: InteractionReplies,
  kind: string,
  work: () => Promise<string | void>,
): Promise<void> {
  return serveRequest(
    deps.ops,
    { platform: 'discord', kind },
    async (gate) => {
      if (!(await gate(who, (text) => replies.tell(text), { alwaysTell: true }))) return;
      return work();
    },
    (apology) => replies.tell(apology),
  );
}
