import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { slackSignature } from '../../test/slack/standin/sign.js';
import { SlackStandIn } from '../../test/slack/standin/web-api.js';
import { BOT_TOKEN, SIGNING_SECRET, type CaseContext } from './harness.js';

/**
 * Slack as the fault cases see it: test/slack/standin's Web API behind a recording front on its
 * own loopback port. The front is the bot's SLACK_API_URL origin; it timestamps every Web API
 * call (with its decoded arguments), receives slash commands' response_url posts, serves files
 * under /files/ (the API base's origin, which the bot may treat as Slack's file host), and can
 * answer conversations.replies with 429 for as long as a case wants.
 */

export interface SeenCall {
  method: string;
  at: number;
  args: Record<string, unknown>;
}

export interface SeenResponse {
  id: string;
  at: number;
  body: Record<string, unknown>;
}

type FileHandler = (req: IncomingMessage, res: ServerResponse) => void;

export class SlackWorld {
  readonly calls: SeenCall[] = [];
  readonly responses: SeenResponse[] = [];
  /** conversations.replies answers HTTP 429 with Retry-After: 30 while set. */
  repliesRateLimited = false;
  readonly files = new Map<string, FileHandler>();
  private readonly standin = new SlackStandIn();
  private readonly front: Server;
  private standinPort = 0;
  port = 0;

  constructor() {
    this.front = createServer((req, res) => this.route(req, res));
  }

  static async start(ctx: CaseContext): Promise<SlackWorld> {
    const world = new SlackWorld();
    await world.standin.start();
    world.standinPort = Number(new URL(world.standin.apiUrl).port);
    await new Promise<void>((resolve) => world.front.listen(0, '127.0.0.1', resolve));
    world.port = (world.front.address() as AddressInfo).port;
    ctx.defer(() => world.stop());
    return world;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The bot's environment for Slack HTTP mode against this world. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return { SLACK_BOT_TOKEN: BOT_TOKEN, SLACK_SIGNING_SECRET: SIGNING_SECRET, SLACK_API_URL: `${this.origin}/api/`, ...extra };
  }

  private nextResponse = 1;
  responseUrl(): string {
    return `${this.origin}/response/${this.nextResponse++}`;
  }

  callsOf(method: string, since = 0): SeenCall[] {
    return this.calls.filter((c) => c.method === method && c.at >= since);
  }

  /** Channel posts and ephemeral notices in `channel` (optionally one thread), oldest first. */
  postsIn(channel: string, threadTs?: string): SeenCall[] {
    return this.calls.filter(
      (c) => (c.method === 'chat.postMessage' || c.method === 'chat.postEphemeral') && c.args.channel === channel && (threadTs === undefined || c.args.thread_ts === threadTs),
    );
  }

  responseTo(url: string): SeenResponse | undefined {
    const id = url.slice(url.lastIndexOf('/') + 1);
    return this.responses.find((r) => r.id === id);
  }

  /** Any answer to a slash command: a post to its response_url or a message in its channel. */
  answeredAt(responseUrl: string, channel: string): number | null {
    const response = this.responseTo(responseUrl);
    const post = this.postsIn(channel)[0];
    const times = [response?.at, post?.at].filter((t): t is number => t !== undefined);
    return times.length > 0 ? Math.min(...times) : null;
  }

  /** Everything the bot said for a slash command: its response_url posts and its channel's messages. */
  answerTextOf(responseUrl: string, channel: string): string {
    const id = responseUrl.slice(responseUrl.lastIndexOf('/') + 1);
    return [...this.responses.filter((r) => r.id === id).map((r) => visibleText(r.body)), ...this.postsIn(channel).map((c) => visibleText(c.args))].join('\n');
  }

  private route(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0]!;
    const file = path.startsWith('/files/') ? this.files.get(path) : undefined;
    if (file) return file(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (path.startsWith('/response/')) {
        this.responses.push({ id: path.slice('/response/'.length), at: Date.now(), body: parseJson(body.toString('utf8')) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        return;
      }
      if (!path.startsWith('/api/')) return void res.writeHead(404).end();
      const method = path.slice('/api/'.length);
      this.calls.push({ method, at: Date.now(), args: decodeArgs(req.headers['content-type'] ?? '', body) });
      if (method === 'conversations.replies' && this.repliesRateLimited) {
        res.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '30' }).end('{"ok":false,"error":"ratelimited"}');
        return;
      }
      this.forward(req, body, res);
    });
  }

  private forward(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    const headers = { ...req.headers, host: `127.0.0.1:${this.standinPort}`, 'content-length': String(body.length) };
    const upstream = request({ host: '127.0.0.1', port: this.standinPort, path: req.url, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  }

  async stop(): Promise<void> {
    this.front.closeAllConnections();
    await new Promise<void>((resolve) => this.front.close(() => resolve()));
    await this.standin.stop();
  }
}

function parseJson(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { raw: text };
  }
}

function decodeArgs(type: string, body: Buffer): Record<string, unknown> {
  const text = body.toString('utf8');
  if (type.includes('application/json')) return parseJson(text || '{}');
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) out[key] = key === 'metadata' || key === 'blocks' ? parseJson(value) : value;
  return out;
}

/** The visible text of a post or response: text plus every string inside blocks / attachments. */
export function visibleText(args: Record<string, unknown>): string {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk([args.text, args.blocks, args.attachments]);
  return strings.join('\n');
}

/** The canonical request an answer carries in its metadata, if any. */
export function canonicalOf(args: Record<string, unknown>): string | null {
  const metadata = args.metadata as { event_payload?: { canonical?: unknown } } | undefined;
  const canonical = metadata?.event_payload?.canonical;
  return typeof canonical === 'string' ? canonical : null;
}

// ---- requests as Slack sends them ------------------------------------------------------------

export interface Sent {
  status: number;
  /** Time to the ack's last byte; NaN when there was no answer. */
  ms: number;
  text: string;
  /** The socket error code when the request failed (ECONNRESET, …). */
  error?: string;
}

/** One POST to the bot's /slack/events on a fresh connection, signed unless `signature` overrides it. */
export function postToBot(port: number, body: string, contentType: string, options: { signature?: string; timestamp?: number; timeoutMs?: number; path?: string } = {}): Promise<Sent> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: options.path ?? '/slack/events',
        method: 'POST',
        agent: false,
        headers: {
          'content-type': contentType,
          'content-length': Buffer.byteLength(body),
          'x-slack-request-timestamp': String(timestamp),
          'x-slack-signature': options.signature ?? slackSignature(SIGNING_SECRET, timestamp, body),
        },
        timeout: options.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, ms: Number.NaN, text: '', error: error.code ?? error.message }));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, ms: Number.NaN, text: '', error: error.code ?? error.message }));
    req.end(body);
  });
}

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter += 1)}`;

/** A fresh channel id, so a case can tell its requests' answers apart. */
export const newChannel = () => unique('C').toUpperCase();

export function slashBody(text: string, responseUrl: string, options: { user?: string; channel?: string } = {}): string {
  return new URLSearchParams({
    token: 'legacy-verification-token',
    team_id: 'T0TEAM',
    team_domain: 'faultbench',
    channel_id: options.channel ?? 'C0FAULTS',
    channel_name: 'faults',
    user_id: options.user ?? 'U0PERSON',
    user_name: 'person',
    command: '/headroom',
    text,
    api_app_id: 'A0HEADROOM',
    response_url: responseUrl,
    trigger_id: unique('trigger-'),
  }).toString();
}

/** Sends a slash command; its channel is fresh unless given, so `world.answeredAt` finds its answer. */
export async function slash(world: SlackWorld, botPort: number, text: string, options: { user?: string; channel?: string } = {}) {
  const responseUrl = world.responseUrl();
  const channel = options.channel ?? newChannel();
  const sentAt = Date.now();
  const ack = await postToBot(botPort, slashBody(text, responseUrl, { ...options, channel }), 'application/x-www-form-urlencoded');
  return { ack, responseUrl, channel, sentAt, answeredAt: () => world.answeredAt(responseUrl, channel) };
}

export interface SlackEvent {
  type: 'app_mention' | 'message';
  text: string;
  ts: string;
  channel?: string;
  thread_ts?: string;
  user?: string;
  subtype?: string;
  files?: object[];
}

export function eventBody(event: SlackEvent, eventId = unique('Ev')): string {
  return JSON.stringify({
    token: 'legacy-verification-token',
    team_id: 'T0TEAM',
    api_app_id: 'A0HEADROOM',
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ team_id: 'T0TEAM', user_id: 'U0HEADROOM', is_bot: true }],
    event: { channel: 'C0FAULTS', channel_type: 'channel', user: 'U0PERSON', event_ts: event.ts, ...event },
  });
}

export function postEvent(botPort: number, event: SlackEvent, eventId?: string): Promise<Sent> {
  return postToBot(botPort, eventBody(event, eventId), 'application/json');
}

let tsCounter = 1_750_000_000_000_000 + Math.floor(Math.random() * 1e9);
/** A fresh Slack message ts ("seconds.micros"). */
export function nextTs(): string {
  const n = tsCounter++;
  return `${Math.floor(n / 1e6)}.${String(n % 1e6).padStart(6, '0')}`;
}

export const BOT_USER = 'U0HEADROOM';
