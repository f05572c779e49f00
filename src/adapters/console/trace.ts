import { segmentsOf, type TracedSegment } from '../../language/segments/index.js';

/**
 * `headroom --trace "<text>"`: how the reader cut the message (issue 22, item 6's trace, its
 * first piece): each segment's kind, the rule that named it, its span in the user's text and
 * its first 60 characters.
 */
export function traceText(message: string): string {
  const segments = segmentsOf(message);
  const rows = segments.map((s) => {
    const words = message.slice(s.userStart, s.userEnd);
    const head = JSON.stringify(words.length > 60 ? `${words.slice(0, 60)}…` : words);
    return `  ${s.kind.padEnd(8)} ${s.rule.padEnd(24)} ${`${s.userStart}-${s.userEnd}`.padEnd(11)} ${head}`;
  });
  return [`segments (${segments.length}):`, ...rows].join('\n');
}

/** The segments for `--json`: kind, rule and span in the user's text. */
export function segmentsJson(message: string): { kind: TracedSegment['kind']; rule: string; start: number; end: number }[] {
  return segmentsOf(message).map((s) => ({ kind: s.kind, rule: s.rule, start: s.userStart, end: s.userEnd }));
}
