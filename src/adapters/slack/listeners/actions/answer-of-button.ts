import type { EstimateReply } from '../../../../reply/types.js';
import type { SlackDeps } from '../../deps.js';
import { canonicalOfMessage } from '../../recover.js';
import type { ButtonContext } from './button-context.js';

/**
 * The canonical request of the answer a button sits on: the button's value, else the message's
 * metadata (from the payload, else conversations.history, a budgeted lookup). Null when none is readable.
 */
export async function canonicalOfButton(deps: SlackDeps, button: ButtonContext, botId: string | undefined): Promise<string | null> {
  return (
    button.value.canonical ??
    button.metadataCanonical ??
    (await canonicalOfMessage(deps.lookups, button.channel, button.messageTs, botId))
  );
}

/** The estimate a button belongs to, recomputed from its canonical text (deterministic core). */
export async function estimateOfButton(deps: SlackDeps, button: ButtonContext, botId: string | undefined): Promise<EstimateReply | null> {
  const canonical = await canonicalOfButton(deps, button, botId);
  if (!canonical) return null;
  const turn = await deps.respond(canonical, null);
  return turn.reply.kind === 'estimate' ? turn.reply : null;
}

export const LOST_TRACK = 'I could not find the scenario behind that button any more. Send the request again and I will answer afresh.';
