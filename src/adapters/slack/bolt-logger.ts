import { LogLevel, type Logger } from '@slack/bolt';
import type { LogFn } from './deps.js';

const ORDER: LogLevel[] = [LogLevel.DEBUG, LogLevel.INFO, LogLevel.WARN, LogLevel.ERROR];

/**
 * Bolt's and Socket Mode's logger routed into our structured log. Debug lines are dropped by
 * default: at that level the SDK prints raw payloads, which we do not want in logs.
 */
export function boltLogger(log: LogFn, level: LogLevel = LogLevel.WARN): Logger {
  let current = level;
  let name = 'bolt';
  const emit = (at: LogLevel, parts: unknown[]) => {
    if (ORDER.indexOf(at) < ORDER.indexOf(current)) return;
    log({ event: 'slack.sdk', level: at, source: name, message: parts.map((p) => (p instanceof Error ? p.message : String(p))).join(' ') });
  };
  return {
    debug: (...parts: unknown[]) => emit(LogLevel.DEBUG, parts),
    info: (...parts: unknown[]) => emit(LogLevel.INFO, parts),
    warn: (...parts: unknown[]) => emit(LogLevel.WARN, parts),
    error: (...parts: unknown[]) => emit(LogLevel.ERROR, parts),
    setLevel: (next: LogLevel) => {
      current = next;
    },
    getLevel: () => current,
    setName: (next: string) => {
      name = next;
    },
  };
}
