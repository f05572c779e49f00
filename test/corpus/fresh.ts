import { respond, type Turn } from '../../src/core/assistant.js';
import { parseRequest, type ParseOutcome } from '../../src/language/parse.js';
import { resolveRequest, type ResolveOutcome } from '../../src/scenario/resolve.js';

/**
 * A text read as a new request (no thread before it), worked out once per module graph. Most test
 * files share one graph per worker (vitest.config.ts), and several of them read the whole corpus
 * afresh: compact-sameness, setting-levers and scenario-code resolve its lines, accounting,
 * fact-trace and chat-turn answer them, accounting and fact-trace parse them. A fresh reading depends on the text alone (the reader
 * keeps no thread, and the parser's own cache holds the same outcome for a short text), so each
 * file still checks the very outcome it computed before; it no longer computes it again.
 *
 * What comes back is frozen: a file that changed a shared outcome in place would change what
 * the next file checks, so a write throws where it happens instead (ES modules are strict).
 */

const parses = new Map<string, ParseOutcome>();
const resolutions = new Map<string, ResolveOutcome>();
const answers = new Map<string, Turn>();

/** parseRequest(text), once per text in this worker (the parser keeps only short texts, and only its last 512). Read only. */
export function freshParse(text: string): ParseOutcome {
  let outcome = parses.get(text);
  if (!outcome) parses.set(text, (outcome = frozen(parseRequest(text))));
  return outcome;
}

/** resolveRequest(text, null), once per text in this worker. Read only. */
export function freshResolution(text: string): ResolveOutcome {
  let outcome = resolutions.get(text);
  if (!outcome) resolutions.set(text, (outcome = frozen(resolveRequest(text, null))));
  return outcome;
}

/** respond(text, null), once per text in this worker. Read only. */
export function freshAnswer(text: string): Turn {
  let turn = answers.get(text);
  if (!turn) answers.set(text, (turn = frozen(respond(text, null))));
  return turn;
}

/**
 * Freezes the value and every object reachable through its data properties. Accessors are left
 * uncalled: an estimate's short request is a getter worked out only when a surface asks for it
 * (reply/lazy-compact.ts), and calling it here would add that cost to every answer.
 */
function frozen<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const descriptor of Object.values(Object.getOwnPropertyDescriptors(value))) {
    if ('value' in descriptor) frozen(descriptor.value);
  }
  return value;
}
