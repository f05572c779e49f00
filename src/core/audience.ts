import { isCourtesy } from '../language/courtesy.js';
import type { ThreadState } from './opening.js';

/**
 * Who may change a thread (issue 24): the asker's messages in it, and anyone's message that
 * addresses the bot (a mention, a reply to the bot, a slash command). Everything else people
 * say in a thread is their conversation, not a request: "thanks", "lol fp16" from a colleague,
 * "@bob can you book the 4090 box" from anyone. Pure; each surface says what it saw.
 */
export interface ThreadMessage {
  /** The author's platform user id. */
  author: string;
  /** Who asked in this thread (ThreadState.asker); null when unknown (a thread from before askers were kept: anyone may). */
  asker: string | null;
  /** A mention of the bot, a reply to one of its messages, or a slash command. */
  addressed: boolean;
  /** It mentions a person (or a group, @here) other than the bot. */
  mentionsOthers: boolean;
  /** The request text, mentions stripped. */
  text: string;
}

/**
 * `request`: read it. `courtesy`: an acknowledgement ("thanks", "ok", "👍") from the asker or
 * to the bot: silence or one reaction, never an error card. `someone-else`: it mentions a
 * person and not the bot. `colleague`: not the asker, not addressed to the bot (their "lol
 * fp16" is talk, not a change). Only `request` is read; the other three are never answered.
 */
export type Audience = 'request' | 'courtesy' | 'someone-else' | 'colleague';

export function audienceOf(message: ThreadMessage): Audience {
  const courtesy = isCourtesy(message.text);
  if (message.addressed) return courtesy ? 'courtesy' : 'request';
  if (message.mentionsOthers) return 'someone-else';
  if (message.asker !== null && message.author !== message.asker) return 'colleague';
  return courtesy ? 'courtesy' : 'request';
}

/** The state with its asker: the one it records, else `author` (who starts the thread). */
export function ownedBy<S extends ThreadState>(state: S | null, author: string | null | undefined): S | null {
  return state === null || state.asker !== undefined || !author ? state : { ...state, asker: author };
}
