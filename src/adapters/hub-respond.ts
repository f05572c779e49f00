import type { ThreadState, Turn } from '../core/assistant.js';
import { defaultHub } from '../hub/default.js';
import { chargeIfSync } from '../ops/cpu-charge.js';
import { prepareRequest, type HubResolver } from '../hub/prefetch.js';
import type { HubContext } from '../hub/types.js';

/** respond() as the core (or the compute pool) takes it: with the Hub models already fetched. */
export type CoreRespond = (text: string, previous: ThreadState | null, hub?: HubContext) => Turn | Promise<Turn>;

/**
 * Puts the Hub in front of a surface's respond(): the Hub ids in the text are fetched and a
 * pasted config.json is read (src/hub/prefetch.ts), then the core answers with them. Chat
 * listeners acknowledge before they call respond(), so the fetch never delays an ack.
 * `hub`: the process's client by default; null turns Hub look-ups off.
 */
export function withHub(respond: CoreRespond, hub?: HubResolver | null): (text: string, previous: ThreadState | null) => Promise<Turn> {
  return async (text, previous) => {
    const prepared = await prepareRequest(text, hub === undefined ? defaultHub() : hub);
    // The core on this thread is charged to the requester here; the respond pool charges its own.
    return chargeIfSync(() => respond(prepared.text, previous, prepared.context));
  };
}
