import type { ThreadState, Turn } from '../core/assistant.js';
import { defaultHub } from '../hub/default.js';
import { chargeIfSync } from '../ops/cpu-charge.js';
import { isPlainRequest, prepareRequest, type HubResolver } from '../hub/prefetch.js';
import type { HubContext } from '../hub/types.js';

/** respond() as the core (or the compute pool) takes it: with the Hub models already fetched. */
export type CoreRespond = (text: string, previous: ThreadState | null, hub?: HubContext) => Turn | Promise<Turn>;

/**
 * A respond that can look for a plain text's Hub ids itself (the respond pool's worker): the
 * answer when the text names none (as prepareRequest's empty context would give it), else the
 * ids, which withHub fetches before asking for the answer with them.
 */
export interface LooksForHubIds {
  lookForHubIds(text: string, previous: ThreadState | null): Promise<Turn | { hubIds: string[] }>;
}

/**
 * Puts the Hub in front of a surface's respond(): the Hub ids in the text are fetched and a
 * pasted config.json is read (src/hub/prefetch.ts), then the core answers with them. Chat
 * listeners acknowledge before they call respond(), so the fetch never delays an ack.
 * `hub`: the process's client by default; null turns Hub look-ups off.
 */
export function withHub(respond: CoreRespond & Partial<LooksForHubIds>, hub?: HubResolver | null): (text: string, previous: ThreadState | null) => Promise<Turn> {
  return async (text, previous) => {
    // A worker that answers can look for the Hub ids itself: the text is read once, off this thread,
    // and most texts name none (bench:load's profile: the ids' reading was a seventh of this thread's CPU).
    if (respond.lookForHubIds && isPlainRequest(text)) {
      const found = await respond.lookForHubIds(text, previous);
      if (!('hubIds' in found)) return found;
      const prepared = await prepareRequest(text, hub === undefined ? defaultHub() : hub, [], found.hubIds);
      return respond(prepared.text, previous, prepared.context);
    }
    const prepared = await prepareRequest(text, hub === undefined ? defaultHub() : hub);
    // The core on this thread is charged to the requester here; the respond pool charges its own.
    return chargeIfSync(() => respond(prepared.text, previous, prepared.context));
  };
}
