import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An answer the bot posted in a thread: its ts and the canonical request in its metadata. */
export interface PostedAnswer {
  ts: string;
  canonical: string | null;
}

/**
 * A Slack Web API for the outage run of bench:load: it keeps each thread's answers (with their
 * metadata, so conversations.replies serves the bot's recovery path as Slack would) and wakes
 * the driver when a thread gets an answer or an ephemeral notice (a "busy" refusal). Loopback only.
 */
export class ThreadStub {
  readonly counts = new Map<string, number>();
  private readonly threads = new Map<string, PostedAnswer[]>();
  private readonly waiters = new Map<string, (event: { kind: 'answer'; answer: PostedAnswer } | { kind: 'notice' }) => void>();
  private readonly server: Server;
  private nextTs = 1_800_000_000_000_000;

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0]!;
        const method = path.startsWith('/api/') ? path.slice('/api/'.length) : 'other';
        this.counts.set(method, (this.counts.get(method) ?? 0) + 1);
        const args = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        const json = JSON.stringify(this.answer(method, args));
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) }).end(json);
      });
    });
  }

  private ts(): string {
    const n = this.nextTs++;
    return `${Math.floor(n / 1e6)}.${String(n % 1e6).padStart(6, '0')}`;
  }

  private answer(method: string, args: Record<string, string>): object {
    switch (method) {
      case 'auth.test':
        return { ok: true, user_id: 'U0HEADROOM', bot_id: 'B0HEADROOM', team_id: 'T0TEAM', user: 'headroom' };
      case 'chat.postMessage': {
        const ts = this.ts();
        let canonical: string | null = null;
        try {
          canonical = (JSON.parse(args.metadata ?? 'null') as { event_payload?: { canonical?: string } } | null)?.event_payload?.canonical ?? null;
        } catch {
          canonical = null;
        }
        const thread = args.thread_ts ?? ts;
        const answer = { ts, canonical };
        const list = this.threads.get(thread) ?? [];
        list.push(answer);
        this.threads.set(thread, list);
        this.wake(thread, { kind: 'answer', answer });
        return { ok: true, channel: args.channel, ts };
      }
      case 'chat.postEphemeral':
        if (args.thread_ts) this.wake(args.thread_ts, { kind: 'notice' });
        return { ok: true, message_ts: this.ts() };
      case 'conversations.replies': {
        const answers = this.threads.get(args.ts ?? '') ?? [];
        const messages = [
          { ts: args.ts, user: 'U0PERSON', text: 'root' },
          ...answers.map((a) => ({ ts: a.ts, bot_id: 'B0HEADROOM', thread_ts: args.ts, ...(a.canonical ? { metadata: { event_type: 'headroom_answer', event_payload: { canonical: a.canonical } } } : {}) })),
        ];
        return { ok: true, messages, has_more: false };
      }
      default:
        return { ok: true, ts: this.ts() };
    }
  }

  private wake(thread: string, event: { kind: 'answer'; answer: PostedAnswer } | { kind: 'notice' }): void {
    const waiter = this.waiters.get(thread);
    if (!waiter) return;
    this.waiters.delete(thread);
    waiter(event);
  }

  /** The next answer or notice in `thread`, or null after `timeoutMs`. */
  next(thread: string, timeoutMs: number): Promise<{ kind: 'answer'; answer: PostedAnswer } | { kind: 'notice' } | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(thread);
        resolve(null);
      }, timeoutMs);
      this.waiters.set(thread, (event) => {
        clearTimeout(timer);
        resolve(event);
      });
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
