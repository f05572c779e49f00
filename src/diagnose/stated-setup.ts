import type { Scenario } from '../scenario/schema.js';
import { resolveRequest } from '../scenario/resolve.js';
import { segmentsOf } from '../language/segments/index.js';
import { readPaste } from './detect/index.js';

/** A request line is short; a longer first line is prose or part of the log. */
const MAX_REQUEST_LINE = 200;

/**
 * The setup a message states on its first line above a pasted log ("8b full bf16 seq 4096 on
 * H100" then the traceback), read as a request, or else anywhere beside the log; null when
 * there is none.
 */
export function statedScenario(text: string): Scenario | null {
  return firstLineSetup(text) ?? setupBesideLog(text);
}

function firstLineSetup(text: string): Scenario | null {
  const newline = text.indexOf('\n');
  if (newline < 0) return null;
  const first = text.slice(0, newline).trim();
  if (!first || first.length > MAX_REQUEST_LINE || readPaste(first).errorLike) return null;
  return scenarioOf(first);
}

/**
 * A setup written anywhere beside the log ("This is llama-30b-hf on 4x24gb gpus" above a
 * traceback, a config under it): the whole message read as a request, whose reader sets the
 * log's segments aside (language/segments), so no number of the log is taken for the setup.
 */
function setupBesideLog(text: string): Scenario | null {
  const segments = segmentsOf(text);
  if (!segments.some((s) => s.kind === 'log') || segments.every((s) => s.kind === 'log')) return null;
  return scenarioOf(text);
}

function scenarioOf(text: string): Scenario | null {
  const outcome = resolveRequest(text, null);
  return outcome.ok && outcome.scenario && !outcome.helpOnly && outcome.control === 'none' ? outcome.scenario : null;
}
