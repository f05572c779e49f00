import { pino, stdSerializers, type Logger, type LevelWithSilent } from 'pino';
import { createScrubber, secretValuesFromEnv } from './redact.js';
import { prettyLine } from './log-pretty.js';

export type { Logger } from 'pino';

/** Where log lines go: stdout by default, a collector in tests. */
export interface LineSink {
  write(line: string): unknown;
}

export interface LoggerOptions {
  level?: LevelWithSilent;
  /** Human one-line format instead of JSON (terminals; keep JSON in production). */
  pretty?: boolean;
  /**
   * Users' message text is personal data and rarely needed to debug: it is replaced by a
   * marker unless this is set (LOG_MESSAGE_TEXT=1, for local debugging).
   */
  logMessageText?: boolean;
  /** Environment whose *TOKEN* / *SECRET* values are scrubbed; read once, at creation. */
  env?: Record<string, string | undefined>;
  /** Further literal secrets to scrub (e.g. a token read from a file). */
  secrets?: string[];
  sink?: LineSink;
}

/**
 * Fields every request line carries (issue 7). `text` is the user's message and is omitted
 * unless `logMessageText` is set.
 */
export interface RequestLogFields {
  requestId: string;
  platform: 'slack' | 'discord' | 'console' | (string & {});
  latencyMs?: number;
  verdict?: string;
  text?: string;
}

export const MESSAGE_TEXT_OMITTED = '[message text omitted]';

/** Field paths that hold message text, and paths that are secrets by name. */
const MESSAGE_TEXT_PATHS = ['text', '*.text', 'messageText', '*.messageText'];
const SECRET_PATHS = ['token', '*.token', 'password', '*.password', 'headers.authorization', '*.headers.authorization'];

/**
 * A pino logger whose every line is scrubbed of credentials before it is written.
 * Two layers: pino's path-based `redact` for fields known by name, then a text scrubber on
 * the serialized line that catches tokens by shape and by value wherever they appear.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const scrub = createScrubber([...secretValuesFromEnv(options.env ?? process.env), ...(options.secrets ?? [])]);
  const sink = options.sink ?? process.stdout;
  const format = options.pretty ? prettyLine : (line: string) => line;
  const paths = options.logMessageText ? SECRET_PATHS : [...SECRET_PATHS, ...MESSAGE_TEXT_PATHS];

  return pino(
    {
      name: 'headroom',
      level: options.level ?? 'info',
      redact: { paths, censor: (_value: unknown, path: string[]) => (isTextPath(path) ? MESSAGE_TEXT_OMITTED : '[REDACTED]') },
      serializers: { err: safeError, error: safeError },
    },
    { write: (line: string) => sink.write(scrub(format(line))) },
  );
}

/**
 * Fields of a serialized error that hold what was sent, not what went wrong: discord.js REST
 * errors carry the request's body (`requestBody`: a reply's text, embeds and files) and its URL,
 * whose interaction-webhook path is a credential (the URL is scrubbed by redact.ts). A reply
 * body is the user's data and stays out of logs.
 */
const REQUEST_FIELDS = ['requestBody', 'requestData', 'body', 'config', 'headers'];

function safeError(err: unknown): unknown {
  if (!(err instanceof Error)) return stdSerializers.errWithCause(err as Error);
  const serialized = stdSerializers.errWithCause(err) as unknown as Record<string, unknown>;
  for (const field of REQUEST_FIELDS) delete serialized[field];
  return serialized;
}

function isTextPath(path: string[]): boolean {
  const last = path[path.length - 1];
  return last === 'text' || last === 'messageText';
}

/** LOG_LEVEL / LOG_PRETTY / LOG_MESSAGE_TEXT from the environment. */
export function loggerOptionsFromEnv(env: Record<string, string | undefined> = process.env): LoggerOptions {
  const levels: LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  const level = (env.LOG_LEVEL ?? 'info').toLowerCase() as LevelWithSilent;
  if (!levels.includes(level)) throw new RangeError(`LOG_LEVEL must be one of ${levels.join(', ')} (got "${env.LOG_LEVEL}")`);
  const flag = (value: string | undefined) => value === '1' || value?.toLowerCase() === 'true';
  return { level, pretty: flag(env.LOG_PRETTY), logMessageText: flag(env.LOG_MESSAGE_TEXT), env };
}
