import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A loopback stand-in for Slack: the Web API (`POST /api/{method}`), file upload URLs, slash
 * command `response_url`s, and the Socket Mode WebSocket (`apps.connections.open` hands out its
 * ws:// URL). It speaks the real wire formats, so the real Bolt app runs against it unchanged.
 */

export interface ApiCall {
  method: string;
  /** Form fields, with JSON-encoded fields (blocks, metadata, files) decoded. */
  args: Record<string, unknown>;
  /** Which kind of token authorised the call. */
  tokenKind: 'bot' | 'app' | 'none';
}

export interface StoredMessage {
  channel: string;
  ts: string;
  thread_ts?: string;
  text: string;
  blocks?: unknown[];
  metadata?: { event_type: string; event_payload: Record<string, unknown> };
  bot_id?: string;
  user?: string;
}

export interface Envelope {
  type: 'slash_commands' | 'events_api' | 'interactive';
  payload: Record<string, unknown>;
  retryAttempt?: number;
}

export const BOT_ID = 'B0HEADROOM';
export const BOT_USER_ID = 'U0HEADROOM';
export const TEAM_ID = 'T0TEAM';

const JSON_FIELDS = new Set(['blocks', 'metadata', 'files', 'attachments']);

function decodeForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    if (JSON_FIELDS.has(key)) {
      try {
        out[key] = JSON.parse(value);
        continue;
      } catch {
        // keep the raw string: a malformed field is the caller's bug, asserted by the test
      }
    }
    out[key] = value;
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

export class SlackStandIn {
  readonly calls: ApiCall[] = [];
  readonly messages: StoredMessage[] = [];
  readonly uploads = new Map<string, Buffer>();
  /** Bodies POSTed to slash commands' response_url, in order. */
  readonly responses: Record<string, unknown>[] = [];
  /** The same posts with the response_url each went to (which command a notice answers). */
  readonly responsesAt: Array<{ url: string; body: Record<string, unknown> }> = [];
  /** Files shared in Slack, served at their url_private (GET /files-pri/…), with the bot token required as Slack does. */
  private readonly hostedFiles = new Map<string, string>();
  /** Acks received over Socket Mode, by envelope id. */
  readonly acks = new Map<string, Record<string, unknown> | undefined>();
  /** Whether a message metadata should be returned by conversations.* (include_all_metadata). */
  private readonly failures = new Map<string, string[]>();
  private readonly rateLimits = new Map<string, number[]>();
  private readonly alwaysRateLimited = new Map<string, number>();
  private readonly server: Server;
  private readonly wss: WebSocketServer;
  private readonly sockets = new Set<WebSocket>();
  private readonly ackWaiters = new Map<string, (payload: Record<string, unknown> | undefined) => void>();
  private nextTs = 1_700_000_000_000_100;
  private nextId = 1;
  private port = 0;

  constructor() {
    this.server = createServer((req, res) => {
      this.route(req, res).catch((error: unknown) => sendJson(res, { ok: false, error: String(error) }, 500));
    });
    this.wss = new WebSocketServer({ server: this.server, path: '/socket' });
    this.wss.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('message', (data) => this.onAck(String(data)));
      socket.send(JSON.stringify({ type: 'hello', num_connections: 1, debug_info: { host: 'standin' }, connection_info: { app_id: 'A0HEADROOM' } }));
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Base URL to give Bolt as `slackApiUrl`. */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api/`;
  }

  get connectedSockets(): number {
    return this.sockets.size;
  }

  /** The next call(s) of `method` fail with Slack error `code` (e.g. invalid_blocks). */
  failNext(method: string, code: string, times = 1): void {
    this.failures.set(method, [...(this.failures.get(method) ?? []), ...Array(times).fill(code)]);
  }

  /** The next call(s) of `method` answer HTTP 429 with `Retry-After: seconds`, as Slack does when rate limiting. */
  rateLimitNext(method: string, retryAfterSeconds = 0, times = 1): void {
    this.rateLimits.set(method, [...(this.rateLimits.get(method) ?? []), ...Array(times).fill(retryAfterSeconds)]);
  }

  /**
   * Every call of `method` answers HTTP 429 with `Retry-After: seconds` until `rateLimitNone`
   * (Slack under a sustained flood of that method); each refused call is still counted in `calls`.
   */
  rateLimitAlways(method: string, retryAfterSeconds: number): void {
    this.alwaysRateLimited.set(method, retryAfterSeconds);
  }

  rateLimitNone(method: string): void {
    this.alwaysRateLimited.delete(method);
  }

  callsOf(method: string): ApiCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** Serves `body` as a shared file's url_private and returns that URL (on this stand-in's origin: the configured Slack API base). */
  hostFile(name: string, body: string): string {
    const path = `/files-pri/${TEAM_ID}-F${this.nextId++}/${name}`;
    this.hostedFiles.set(path, body);
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** A message as a person, stored in history (so conversations.replies sees it). */
  addUserMessage(channel: string, text: string, threadTs?: string, user = 'U0PERSON'): StoredMessage {
    const message: StoredMessage = { channel, ts: this.ts(), text, user, ...(threadTs ? { thread_ts: threadTs } : {}) };
    this.messages.push(message);
    return message;
  }

  /** Sends a Socket Mode envelope and resolves with Bolt's ack payload. */
  sendEnvelope(envelope: Envelope, envelopeId = `env-${this.nextId++}`): Promise<Record<string, unknown> | undefined> {
    const ack = new Promise<Record<string, unknown> | undefined>((resolve) => this.ackWaiters.set(envelopeId, resolve));
    const frame = {
      envelope_id: envelopeId,
      type: envelope.type,
      payload: envelope.payload,
      accepts_response_payload: envelope.type !== 'events_api',
      ...(envelope.retryAttempt !== undefined ? { retry_attempt: envelope.retryAttempt, retry_reason: 'timeout' } : {}),
    };
    for (const socket of this.sockets) socket.send(JSON.stringify(frame));
    return ack;
  }

  responseUrl(): string {
    return `http://127.0.0.1:${this.port}/response/${this.nextId++}`;
  }

  private onAck(raw: string): void {
    const frame = JSON.parse(raw) as { envelope_id?: string; payload?: Record<string, unknown> };
    if (!frame.envelope_id) return;
    this.acks.set(frame.envelope_id, frame.payload);
    this.ackWaiters.get(frame.envelope_id)?.(frame.payload);
    this.ackWaiters.delete(frame.envelope_id);
  }

  private ts(): string {
    const n = this.nextTs++;
    return `${Math.floor(n / 1_000_000)}.${String(n % 1_000_000).padStart(6, '0')}`;
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    if (url.pathname.startsWith('/upload/')) {
      this.uploads.set(url.pathname.slice('/upload/'.length), body);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('OK - ' + body.length);
      return;
    }
    const hosted = this.hostedFiles.get(url.pathname);
    if (hosted !== undefined && req.method === 'GET') {
      if (!(req.headers.authorization ?? '').startsWith('Bearer xoxb-')) return void res.writeHead(403).end();
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(hosted);
      return;
    }
    if (url.pathname.startsWith('/response/')) {
      const posted = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      this.responses.push(posted);
      this.responsesAt.push({ url: `http://127.0.0.1:${this.port}${url.pathname}`, body: posted });
      sendJson(res, { ok: true });
      return;
    }
    if (!url.pathname.startsWith('/api/')) {
      res.writeHead(404).end();
      return;
    }
    const method = url.pathname.slice('/api/'.length);
    const auth = req.headers.authorization ?? '';
    const tokenKind = auth.startsWith('Bearer xoxb-') ? 'bot' : auth.startsWith('Bearer xapp-') ? 'app' : 'none';
    const type = req.headers['content-type'] ?? '';
    const args = type.includes('application/json')
      ? (JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>)
      : decodeForm(body.toString('utf8'));
    this.calls.push({ method, args, tokenKind });
    const retryAfter = this.rateLimits.get(method)?.shift() ?? this.alwaysRateLimited.get(method);
    if (retryAfter !== undefined) {
      res.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(retryAfter) });
      res.end(JSON.stringify({ ok: false, error: 'ratelimited' }));
      return;
    }
    const failure = this.failures.get(method)?.shift();
    if (failure) return sendJson(res, { ok: false, error: failure });
    sendJson(res, this.answer(method, args));
  }

  private answer(method: string, args: Record<string, unknown>): Record<string, unknown> {
    switch (method) {
      case 'auth.test':
        return { ok: true, url: 'https://standin.slack.com/', team: 'Stand-in', user: 'headroom', team_id: TEAM_ID, user_id: BOT_USER_ID, bot_id: BOT_ID };
      case 'apps.connections.open':
        return { ok: true, url: `ws://127.0.0.1:${this.port}/socket` };
      case 'chat.postMessage': {
        const message: StoredMessage = {
          channel: String(args.channel),
          ts: this.ts(),
          text: String(args.text ?? ''),
          bot_id: BOT_ID,
          ...(args.thread_ts ? { thread_ts: String(args.thread_ts) } : {}),
          ...(Array.isArray(args.blocks) ? { blocks: args.blocks } : {}),
          ...(args.metadata ? { metadata: args.metadata as StoredMessage['metadata'] } : {}),
        };
        this.messages.push(message);
        return { ok: true, channel: message.channel, ts: message.ts, message };
      }
      case 'chat.postEphemeral':
        return { ok: true, message_ts: this.ts() };
      case 'reactions.add':
        return { ok: true };
      case 'conversations.replies': {
        const root = String(args.ts);
        const thread = this.messages.filter((m) => m.channel === args.channel && (m.ts === root || m.thread_ts === root));
        return { ok: true, messages: thread.map((m) => this.visible(m, args)), has_more: false };
      }
      case 'conversations.history': {
        const latest = args.latest ? String(args.latest) : null;
        const inChannel = this.messages
          .filter((m) => m.channel === args.channel && !m.thread_ts && (!latest || m.ts <= latest))
          .reverse();
        return { ok: true, messages: inChannel.slice(0, Number(args.limit ?? 100)).map((m) => this.visible(m, args)) };
      }
      case 'files.getUploadURLExternal': {
        const id = `F${this.nextId++}`;
        return { ok: true, upload_url: `http://127.0.0.1:${this.port}/upload/${id}`, file_id: id };
      }
      case 'files.completeUploadExternal': {
        const files = (args.files as { id: string; title?: string }[]) ?? [];
        const missing = files.find((f) => !this.uploads.has(f.id));
        if (missing) return { ok: false, error: 'file_not_found' };
        return { ok: true, files: files.map((f) => ({ id: f.id, title: f.title ?? '' })) };
      }
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  /** Slack returns metadata only when asked with include_all_metadata. */
  private visible(message: StoredMessage, args: Record<string, unknown>): StoredMessage {
    if (String(args.include_all_metadata) === 'true') return message;
    const { metadata: _hidden, ...rest } = message;
    return rest;
  }
}
