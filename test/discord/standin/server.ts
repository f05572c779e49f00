import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { snowflake } from './ids.js';
import { dmChannel, guild, message, textChannel, threadChannel, user, type User } from './payloads.js';

/**
 * A loopback stand-in for Discord: the REST API under /api/v10 and the gateway over WebSocket on
 * the same port. It speaks the real protocol as discord.js uses it (DESIGN §5): GET /gateway/bot
 * → HELLO (op 10) → IDENTIFY (op 2) → READY + GUILD_CREATE; HEARTBEAT (op 1) → ACK (op 11);
 * RESUME (op 6) → RESUMED. Interaction callbacks answer 204 with no body, like Discord.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  body: any;
  files: string[];
  /** The attached files' bytes, in the order of `files`. */
  fileBytes: Buffer[];
  status: number;
}

interface RateLimitRule {
  method: string;
  path: RegExp;
  remaining: number;
  retryAfterSeconds: number;
}

const API = '/api/v10';

export class DiscordStandIn extends EventEmitter {
  readonly appId = snowflake();
  readonly botUser: User = user(this.appId, 'headroom', true);
  readonly human: User = user(snowflake(), 'alice');
  /** A second person in the channel: a colleague talking in alice's threads. */
  readonly colleague: User = user(snowflake(), 'bob');
  readonly guildId = snowflake();
  readonly channelId = snowflake();
  readonly requests: RecordedRequest[] = [];
  readonly messages = new Map<string, any[]>();
  readonly threads = new Map<string, any>();
  readonly dms = new Map<string, any>();
  identifies = 0;
  /** Thread creation answers 403 Missing Permissions (a channel whose overrides changed after the interaction). */
  refuseThreads = false;
  resumes = 0;
  private http!: Server;
  private wss!: WebSocketServer;
  private readonly sockets = new Set<WebSocket>();
  private readonly ready = new Set<WebSocket>();
  private sequence = 0;
  private sessionId = snowflake();
  private readonly rateLimits: RateLimitRule[] = [];
  private readonly originals = new Map<string, any>();
  /** Where each interaction happened, by its token: the response message is posted there. */
  private readonly interactionChannels = new Map<string, { channelId: string; userId: string }>();
  port = 0;

  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  /** Attachments served like Discord's CDN, under the stand-in's own origin (the one DISCORD_API_URL names). */
  private readonly cdnFiles = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();

  /** Serves `body` as an attachment and returns its URL (GET /attachments/{channel}/{id}/{name}, like cdn.discordapp.com). */
  hostAttachment(name: string, body: string, type = 'application/json; charset=utf-8'): string {
    return this.hostAttachmentWith(name, (_req, res) => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    });
  }

  /** An attachment on the stand-in's origin answered by `handle` (a body that never ends, a 403 …): what the fault bench serves. */
  hostAttachmentWith(name: string, handle: (req: IncomingMessage, res: ServerResponse) => void): string {
    const path = `/attachments/${this.channelId}/${snowflake()}/${name}`;
    this.cdnFiles.set(path, handle);
    return `http://127.0.0.1:${this.port}${path}`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}/gateway`;
  }

  async start(): Promise<this> {
    this.http = createServer((req, res) => void this.onRequest(req, res));
    this.wss = new WebSocketServer({ server: this.http });
    this.wss.on('connection', (socket) => this.onSocket(socket));
    await new Promise<void>((resolve) => this.http.listen(0, '127.0.0.1', resolve));
    this.port = (this.http.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  // ---- fault injection -------------------------------------------------------------------

  /** The next `times` matching requests answer 429 with Discord's rate-limit headers. */
  rateLimit(method: string, path: RegExp, times = 1, retryAfterSeconds = 0.2): void {
    this.rateLimits.push({ method, path, remaining: times, retryAfterSeconds });
  }

  /** op 7: Discord asks the client to reconnect and resume. */
  sendReconnect(): void {
    for (const socket of this.sockets) socket.send(JSON.stringify({ op: 7, d: null, s: null, t: null }));
  }

  /** Server-side close; 4000 (unknown error) makes discord.js resume. */
  dropConnections(code = 4000): void {
    for (const socket of this.sockets) socket.close(code, 'stand-in closed the connection');
  }

  // ---- gateway -----------------------------------------------------------------------------

  dispatch(t: string, d: unknown): void {
    const frame = JSON.stringify({ op: 0, t, s: ++this.sequence, d });
    for (const socket of this.ready) socket.send(frame);
  }

  /** Waits until a client has identified or resumed and can receive dispatches. */
  async waitForReadySocket(timeoutMs = 10_000): Promise<void> {
    const started = Date.now();
    while (this.ready.size === 0) {
      if (Date.now() - started > timeoutMs) throw new Error('no gateway client became ready');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private onSocket(socket: WebSocket): void {
    this.sockets.add(socket);
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.ready.delete(socket);
    });
    socket.on('message', (raw) => this.onFrame(socket, JSON.parse(raw.toString())));
    socket.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 41_250 }, s: null, t: null }));
  }

  private onFrame(socket: WebSocket, frame: { op: number; d: any }): void {
    const send = (payload: object) => socket.send(JSON.stringify(payload));
    switch (frame.op) {
      case 1:
        send({ op: 11, d: null, s: null, t: null });
        return;
      case 2: {
        this.identifies++;
        this.sessionId = snowflake();
        this.ready.add(socket);
        send({
          op: 0, t: 'READY', s: ++this.sequence,
          d: {
            v: 10, user: this.botUser, guilds: [{ id: this.guildId, unavailable: true }], session_id: this.sessionId,
            resume_gateway_url: `ws://127.0.0.1:${this.port}/resume`, shard: frame.d.shard ?? [0, 1],
            application: { id: this.appId, flags: 0 },
          },
        });
        send({ op: 0, t: 'GUILD_CREATE', s: ++this.sequence, d: this.guildPayload() });
        this.emit('identify', frame.d);
        return;
      }
      case 6:
        this.resumes++;
        this.ready.add(socket);
        send({ op: 0, t: 'RESUMED', s: ++this.sequence, d: {} });
        this.emit('resume', frame.d);
        return;
      default:
        return;
    }
  }

  private guildPayload() {
    const threads = [...this.threads.values()];
    return guild(this.guildId, this.human.id, [textChannel(this.channelId, this.guildId)], threads);
  }

  // ---- what a test does as a user ----------------------------------------------------------

  /** A user posts in a channel or thread (MESSAGE_CREATE). */
  userMessage(channelId: string, content: string, options: { mentionBot?: boolean; dm?: boolean; author?: User; mentions?: User[]; replyTo?: any } = {}) {
    const mentioned = [...(options.mentionBot ? [this.botUser] : []), ...(options.mentions ?? [])];
    const reply = options.replyTo
      ? { reference: { message_id: options.replyTo.id, channel_id: options.replyTo.channel_id, guild_id: this.guildId } }
      : {};
    const msg = {
      ...message({
        channelId,
        guildId: options.dm ? undefined : this.guildId,
        author: options.author ?? this.human,
        content: `${mentioned.map((u) => `<@${u.id}> `).join('')}${content}`,
        // Discord pings the author of the message replied to, as a mention.
        mentions: [...mentioned, ...(options.replyTo ? [options.replyTo.author] : [])],
        ...reply,
      }),
      ...(options.replyTo ? { referenced_message: options.replyTo } : {}),
    };
    this.store(channelId, msg);
    // Discord sends channel_type with MESSAGE_CREATE; discord.js needs it to build an uncached DM channel.
    const channelType = options.dm ? 1 : this.threads.has(channelId) ? 11 : 0;
    this.dispatch('MESSAGE_CREATE', options.dm ? { ...msg, channel_type: channelType } : { ...msg, channel_type: channelType, member: this.memberPayload() });
    return msg;
  }

  /** The user edits a message they sent (MESSAGE_UPDATE with the new content). */
  editUserMessage(msg: any, content: string) {
    const edited = { ...msg, content, edited_timestamp: new Date().toISOString() };
    const channelType = this.dms.has(msg.channel_id) ? 1 : this.threads.has(msg.channel_id) ? 11 : 0;
    this.dispatch('MESSAGE_UPDATE', channelType === 1 ? { ...edited, channel_type: 1 } : { ...edited, channel_type: channelType, member: this.memberPayload() });
    return edited;
  }

  openDm(): string {
    const id = snowflake();
    this.dms.set(id, dmChannel(id, this.human));
    return id;
  }

  memberPayload() {
    return { roles: [], joined_at: new Date().toISOString(), deaf: false, mute: false, flags: 0, pending: false, permissions: '0' };
  }

  /**
   * An interaction as Discord sends it, over the gateway (INTERACTION_CREATE) or POSTed to an
   * Interactions Endpoint URL. In a DM (`channelId` one of openDm's) it has `user` and no guild;
   * `appPermissions` is what the app may do in that channel (all of a moderator's by default).
   */
  interactionPayload(type: number, data: object, extra: { channelId?: string; message?: object; appPermissions?: string } = {}): any {
    const channelId = extra.channelId ?? this.channelId;
    const token = `tok${snowflake()}`;
    this.interactionChannels.set(token, { channelId, userId: this.human.id });
    const common = {
      id: snowflake(), application_id: this.appId, type, data, channel_id: channelId, token, version: 1,
      app_permissions: extra.appPermissions ?? '2248473465835073', locale: 'en-US', entitlements: [], attachment_size_limit: 26214400,
      ...(extra.message ? { message: extra.message } : {}),
    };
    const dm = this.dms.get(channelId);
    if (dm) return { ...common, channel: dm, user: this.human, authorizing_integration_owners: { 1: this.human.id }, context: 1 };
    const channel = this.threads.get(channelId) ?? textChannel(channelId, this.guildId);
    return {
      ...common, guild_id: this.guildId, channel, guild_locale: 'en-US', authorizing_integration_owners: { 0: this.guildId }, context: 0,
      member: { ...this.memberPayload(), user: this.human, permissions: '2248473465835073' },
    };
  }

  interaction(type: number, data: object, extra: { channelId?: string; message?: object } = {}) {
    const payload = this.interactionPayload(type, data, extra);
    this.dispatch('INTERACTION_CREATE', payload);
    return payload;
  }

  slashCommandPayload(request: string, channelId?: string, appPermissions?: string) {
    return this.interactionPayload(2, { id: snowflake(), name: 'headroom', type: 1, options: [{ name: 'request', type: 3, value: request }] }, { channelId, appPermissions });
  }

  autocompletePayload(partial: string) {
    return this.interactionPayload(4, { id: snowflake(), name: 'headroom', type: 1, options: [{ name: 'request', type: 3, value: partial, focused: true }] });
  }

  buttonPayload(botMessage: any, customId: string) {
    return this.interactionPayload(3, { custom_id: customId, component_type: 2 }, { channelId: botMessage.channel_id, message: botMessage });
  }

  slashCommand(request: string, channelId?: string, appPermissions?: string) {
    const payload = this.slashCommandPayload(request, channelId, appPermissions);
    this.dispatch('INTERACTION_CREATE', payload);
    return payload;
  }

  autocomplete(partial: string) {
    const payload = this.autocompletePayload(partial);
    this.dispatch('INTERACTION_CREATE', payload);
    return payload;
  }

  clickButton(botMessage: any, customId: string) {
    const payload = this.buttonPayload(botMessage, customId);
    this.dispatch('INTERACTION_CREATE', payload);
    return payload;
  }

  /** A thread the stand-in knows (channel type 11), as if someone had opened it on `messageId`. */
  openThread(messageId: string): string {
    const thread = threadChannel(messageId, this.guildId, this.channelId, this.appId, 'headroom thread');
    this.threads.set(thread.id, thread);
    return thread.id;
  }

  // ---- waiting on what the bot did --------------------------------------------------------

  async waitForRequest(predicate: (r: RecordedRequest) => boolean, timeoutMs = 10_000): Promise<RecordedRequest> {
    const found = this.requests.find((r) => r.status < 400 && predicate(r));
    if (found) return found;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.off('request', listener);
        reject(new Error('timed out waiting for a request'));
      }, timeoutMs);
      const listener = (r: RecordedRequest) => {
        if (r.status < 400 && predicate(r)) {
          clearTimeout(timer);
          this.off('request', listener);
          resolve(r);
        }
      };
      this.on('request', listener);
    });
  }

  // ---- REST ------------------------------------------------------------------------------

  private store(channelId: string, msg: any): void {
    const list = this.messages.get(channelId) ?? [];
    list.push(msg);
    this.messages.set(channelId, list);
  }

  private async readBody(req: IncomingMessage): Promise<{ body: any; files: string[]; fileBytes: Buffer[] }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const type = req.headers['content-type'] ?? '';
    if (raw.length === 0) return { body: null, files: [], fileBytes: [] };
    if (type.startsWith('multipart/form-data')) {
      const form = await new Request('http://stand-in/', { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
      const files: string[] = [];
      const fileBytes: Buffer[] = [];
      let body: any = null;
      for (const [name, value] of form.entries()) {
        if (name === 'payload_json') body = JSON.parse(String(value));
        else if (typeof value !== 'string') {
          files.push(value.name);
          fileBytes.push(Buffer.from(await value.arrayBuffer()));
        }
      }
      return { body, files, fileBytes };
    }
    return { body: JSON.parse(raw.toString('utf8')), files: [], fileBytes: [] };
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = decodeURIComponent(url.pathname);
    const method = req.method ?? 'GET';
    const { body, files, fileBytes } = await this.readBody(req);
    const rule = this.rateLimits.find((r) => r.remaining > 0 && r.method === method && r.path.test(path));
    const record = (status: number) => {
      const entry = { method, path, body, files, fileBytes, status };
      this.requests.push(entry);
      this.emit('request', entry);
    };
    if (rule) {
      rule.remaining--;
      record(429);
      res.writeHead(429, {
        'content-type': 'application/json',
        'retry-after': String(rule.retryAfterSeconds),
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset-after': String(rule.retryAfterSeconds),
        'x-ratelimit-bucket': 'standin-bucket',
        'x-ratelimit-scope': 'user',
      });
      res.end(JSON.stringify({ message: 'You are being rate limited.', retry_after: rule.retryAfterSeconds, global: false }));
      return;
    }
    const reply = (status: number, json?: unknown) => {
      record(status);
      if (json === undefined) {
        res.writeHead(status); // 204: no body and no Content-Type, like Discord.
        res.end();
      } else {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      }
    };
    const cdnFile = method === 'GET' ? this.cdnFiles.get(path) : undefined;
    if (cdnFile) {
      record(200);
      cdnFile(req, res);
      return;
    }
    if (!path.startsWith(API)) return reply(404, { message: '404: Not Found', code: 0 });
    const route = path.slice(API.length);
    let m: RegExpExecArray | null;

    if (method === 'GET' && (route === '/gateway/bot' || route === '/gateway')) {
      return reply(200, { url: this.gatewayUrl, shards: 1, session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 } });
    }
    if (method === 'POST' && (m = /^\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(route))) {
      if (body?.type === 4 || body?.type === 7) this.originals.set(m[2]!, this.responseMessage(m[2]!, body.data ?? {}, files));
      return reply(204);
    }
    if ((m = /^\/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/.exec(route))) {
      const token = m[2]!;
      if (method === 'PATCH') {
        const previous = this.originals.get(token);
        const msg = { ...(previous ?? this.responseMessage(token, {}, [])), ...this.messageFields(body ?? {}, files) };
        this.originals.set(token, msg);
        if (!previous) this.store(msg.channel_id, msg);
        return reply(200, msg);
      }
      if (method === 'GET') return reply(200, this.originals.get(token) ?? this.botMessage(this.channelId, {}, []));
    }
    if (method === 'POST' && (m = /^\/webhooks\/(\d+)\/([^/]+)$/.exec(route))) {
      return reply(200, this.botMessage(this.channelId, body ?? {}, files));
    }
    if ((m = /^\/channels\/(\d+)\/messages$/.exec(route))) {
      const channelId = m[1]!;
      if (method === 'POST') {
        const msg = this.botMessage(channelId, body ?? {}, files);
        this.store(channelId, msg);
        return reply(200, msg);
      }
      const limit = Number(url.searchParams.get('limit') ?? 50);
      return reply(200, [...(this.messages.get(channelId) ?? [])].reverse().slice(0, limit));
    }
    if (method === 'PATCH' && (m = /^\/channels\/(\d+)\/messages\/(\d+)$/.exec(route))) {
      // A bot editing its own message (a hint added to an answer that could open no thread).
      const stored = this.messages.get(m[1]!) ?? [];
      const index = stored.findIndex((x) => x.id === m![2]);
      if (index < 0) return reply(404, { message: 'Unknown Message', code: 10008 });
      stored[index] = { ...stored[index], ...this.messageFields(body ?? {}, files), edited_timestamp: new Date().toISOString() };
      return reply(200, stored[index]);
    }
    if (method === 'GET' && (m = /^\/channels\/(\d+)\/messages\/(\d+)$/.exec(route))) {
      const found = (this.messages.get(m[1]!) ?? []).find((x) => x.id === m![2]);
      return found ? reply(200, found) : reply(404, { message: 'Unknown Message', code: 10008 });
    }
    if (method === 'POST' && (m = /^\/channels\/(\d+)\/messages\/(\d+)\/threads$/.exec(route))) {
      if (this.refuseThreads) return reply(403, { message: 'Missing Permissions', code: 50013 });
      const thread = threadChannel(m[2]!, this.guildId, m[1]!, this.appId, body?.name ?? 'thread');
      this.threads.set(thread.id, thread);
      this.dispatch('THREAD_CREATE', { ...thread, newly_created: true });
      return reply(201, thread);
    }
    if (method === 'GET' && (m = /^\/channels\/(\d+)$/.exec(route))) {
      const id = m[1]!;
      const channel = this.threads.get(id) ?? this.dms.get(id) ?? (id === this.channelId ? textChannel(id, this.guildId) : null);
      return channel ? reply(200, channel) : reply(404, { message: 'Unknown Channel', code: 10003 });
    }
    if (method === 'PUT' && /^\/channels\/\d+\/messages\/\d+\/reactions\/[^/]+\/@me$/.test(route)) {
      return reply(204);
    }
    if (method === 'PUT' && /^\/applications\/\d+(\/guilds\/\d+)?\/commands$/.test(route)) {
      return reply(200, (body as any[]).map((c) => ({ ...c, id: snowflake(), application_id: this.appId, version: snowflake() })));
    }
    return reply(404, { message: `stand-in has no route for ${method} ${route}`, code: 0 });
  }

  private messageFields(body: any, files: string[]) {
    return {
      ...(body.content !== undefined ? { content: body.content } : {}),
      ...(body.embeds !== undefined ? { embeds: body.embeds } : {}),
      ...(body.components !== undefined ? { components: body.components } : {}),
      ...(files.length > 0 ? { attachments: files.map((filename) => ({ id: snowflake(), filename, size: 1, url: `https://stand-in/${filename}`, proxy_url: `https://stand-in/${filename}` })) } : {}),
      ...(body.flags !== undefined ? { flags: body.flags } : {}),
    };
  }

  /** An interaction's response message: in the channel it happened in, with the interaction's user (interaction_metadata). */
  private responseMessage(token: string, body: any, files: string[]) {
    const where = this.interactionChannels.get(token);
    const msg = this.botMessage(where?.channelId ?? this.channelId, body, files);
    return where ? { ...msg, interaction_metadata: { id: snowflake(), type: 2, user: this.human, authorizing_integration_owners: {} } } : msg;
  }

  private botMessage(channelId: string, body: any, files: string[]) {
    const inGuild = !this.dms.has(channelId);
    const reference = body.message_reference ? { message_id: body.message_reference.message_id, channel_id: channelId } : undefined;
    return { ...message({ channelId, guildId: inGuild ? this.guildId : undefined, author: this.botUser, reference }), ...this.messageFields(body, files) };
  }
}
