import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How long an HTTP ack waits for its request to reach the journal at most: well inside Slack's
 * 3 s, and only spent by a message the listener neither journals nor declines (a retry of an
 * answered event; a mention of someone else in a thread that is not ours).
 */
export const MAX_ACK_HOLD_MS = 1000;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Subtypes the message listener answers (events/message.ts): a person typing. */
const PERSON_SUBTYPES = new Set([undefined, 'thread_broadcast', 'file_share']);

interface EventBody {
  type?: string;
  team_id?: string;
  event?: { type?: string; subtype?: string; bot_id?: string; user?: string; channel?: string; channel_type?: string; ts?: string; thread_ts?: string; text?: string };
}

/**
 * The journal key (`slack:{team}:{channel}:{ts}`, listeners/thread-answer.ts) of a delivery the
 * listener may answer: a person's mention, DM or thread message. Null for everything else
 * (other events, bots, edits, plain channel chatter), whose ack is never held.
 */
export function answerableKey(rawBody: Buffer | string | undefined): string | null {
  if (rawBody === undefined) return null;
  let body: EventBody;
  try {
    body = JSON.parse(rawBody.toString()) as EventBody;
  } catch {
    return null;
  }
  const event = body.event;
  if (body.type !== 'event_callback' || !event || !event.channel || !event.ts || !body.team_id) return null;
  if (event.type !== 'message' && event.type !== 'app_mention') return null;
  if (event.bot_id || !event.user || !PERSON_SUBTYPES.has(event.subtype)) return null;
  const inThread = event.thread_ts !== undefined && event.thread_ts !== event.ts;
  const addressed = event.type === 'app_mention' || event.channel_type === 'im' || (event.text ?? '').includes('<@');
  return inThread || addressed ? `slack:${body.team_id}:${event.channel}:${event.ts}` : null;
}

/**
 * Holds Bolt's HTTP ack of a message until the request is in the journal (or the listener has
 * decided it is not ours). Bolt acknowledges an event before its listener runs, and under load
 * other requests' work runs in between: a process killed there had acknowledged a request it
 * left no trace of. With the ack held, Slack sees an acknowledgement only for a request that
 * a restart will find (and a kill before it makes Slack retry the event).
 */
export class AckGate {
  private readonly held = new Map<string, Array<() => void>>();

  constructor(private readonly maxHoldMs = MAX_ACK_HOLD_MS) {}

  /** Bolt's request listener, with acks of answerable messages held until `release`. */
  wrap(listener: Listener): Listener {
    return (req, res) => {
      const key = answerableKey((req as IncomingMessage & { rawBody?: Buffer | string }).rawBody);
      if (key) this.hold(key, res);
      listener(req, res);
    };
  }

  /** The request `key` is journaled, or known not to be ours: its ack goes now. */
  release(key: string): void {
    const waiting = this.held.get(key);
    if (!waiting) return;
    this.held.delete(key);
    for (const go of waiting) go();
  }

  /** Acks held now (tests, leak checks). */
  get size(): number {
    return this.held.size;
  }

  private hold(key: string, res: ServerResponse): void {
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    let released = false;
    let ended: unknown[] | null = null;
    const forget = () => {
      const waiting = this.held.get(key)?.filter((g) => g !== go) ?? [];
      if (waiting.length > 0) this.held.set(key, waiting);
      else this.held.delete(key);
    };
    const go = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      if (ended) end(...ended);
    };
    const timer = setTimeout(() => {
      forget();
      go();
    }, this.maxHoldMs);
    timer.unref?.();
    res.end = ((...args: unknown[]) => {
      if (released) return end(...args);
      ended = args;
      return res;
    }) as ServerResponse['end'];
    res.once('close', () => {
      released = true;
      clearTimeout(timer);
      forget();
    });
    this.held.set(key, [...(this.held.get(key) ?? []), go]);
  }
}
