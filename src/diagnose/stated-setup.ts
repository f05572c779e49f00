import type { Scenario } from '../scenario/schema.js';
import { resolveRequest } from '../scenario/resolve.js';
import { readPaste } from './detect/index.js';

/** A request line is short; a longer first line is prose or part of the log. */
const MAX_REQUEST_LINE = 200;

/**
 * The setup a message states on its first line above a pasted log ("8b full bf16 seq 4096 on
 * H100" then the traceback), read as a request; null when that line is prose, help, part of the
 * log, or there is no second line.
 */
export function statedScenario(text: string): Scenario | null {
  const newline = text.indexOf('\n');
  if (newline < 0) return null;
  const first = text.slice(0, newline).trim();
  if (!first || first.length > MAX_REQUEST_LINE || readPaste(first).errorLike) return null;
  const outcome = resolveRequest(first, null);
  return outcome.ok && outcome.scenario && !outcome.helpOnly && outcome.control === 'none' ? outcome.scenario : null;
}
