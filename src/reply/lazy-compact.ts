import { compactCanonical } from './compact.js';
import type { EstimateReply } from './types.js';

/**
 * Gives an estimate reply its short request (EstimateReply.compact), worked out the first time a
 * surface asks for it: only Discord's buttons and footer do. Not enumerable, so the structured
 * clone that carries a reply back from a compute thread (adapters/compute/respond-pool.ts) skips
 * it instead of calling the getter: copying called it for every Slack and terminal answer, about
 * 3.9 ms of the worker's CPU for a scenario it had not seen (bench/compact.ts). The pool puts the
 * getter back on the reply it receives, so the main thread pays only when Discord renders.
 */
export function withLazyCompact<R extends Omit<EstimateReply, 'compact'>>(reply: R): EstimateReply {
  let compact: string | undefined;
  return Object.defineProperty(reply, 'compact', {
    enumerable: false,
    configurable: true,
    get: () => (compact ??= compactCanonical(reply.scenario)),
  }) as unknown as EstimateReply;
}
