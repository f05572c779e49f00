import type { Turn } from '../../core/assistant.js';
import { withLazyCompact } from '../../reply/lazy-compact.js';
import type { Reply } from '../../reply/types.js';

/**
 * A Turn as a chat adapter needs it: without the estimate's fact trace and its list of words no
 * fact used (issue 22), which only the console's --trace and the JSON output show
 * (src/render/json.ts, src/adapters/console/trace.ts). The respond pool serves Slack and Discord
 * alone, so its workers send this: the trace and that list are ~1.6 KB of a ~10 KB reply that
 * would otherwise be cloned on both threads for every answer, and read by nobody.
 */
export function chatTurn(turn: Turn): Turn {
  const reply = chatReply(turn.reply);
  return reply === turn.reply ? turn : { ...turn, reply };
}

function chatReply(reply: Reply): Reply {
  if (reply.kind !== 'estimate' || (reply.trace === undefined && reply.notUsed === undefined)) return reply;
  // The spread copies what is enumerable: the short request (a lazy getter, not enumerable) is put back, still unworked.
  const { trace: _trace, notUsed: _notUsed, ...shown } = reply;
  return withLazyCompact(shown);
}
