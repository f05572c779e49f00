/**
 * A one-line human format for terminals (`LOG_PRETTY=1`): `12:03:04.512 INFO  message key=value`.
 * Written here because pino-pretty is not a dependency; it reads pino's JSON line.
 */

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const OMITTED = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'name']);

export function prettyLine(jsonLine: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(jsonLine) as Record<string, unknown>;
  } catch {
    return jsonLine;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  const level = (LEVEL_NAMES[entry.level as number] ?? String(entry.level)).padEnd(5);
  const fields = Object.entries(entry)
    .filter(([key]) => !OMITTED.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return `${[time, level, entry.msg ?? '', ...fields].filter((part) => part !== '').join(' ')}\n`;
}
