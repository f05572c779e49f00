/**
 * A message is read in segments (issue 22, item 1): prose, code, a pasted config, a command line
 * or a log. Each segment is a span of the text it was cut from, and the rule that cut it.
 *
 * A `report` is tool output that describes the machine — an nvidia-smi table, collect_env's GPU
 * lines, PyTorch's OOM message with the card's total capacity — printed by a tool like a log,
 * but read by the tool-output readers (tool-output.ts, environment-report.ts) for the cards, their
 * count and memory only: never blanked like a log, whose numbers never set the setup.
 */
export type SegmentKind = 'prose' | 'code' | 'config' | 'command' | 'log' | 'report';

export interface Segment {
  kind: SegmentKind;
  /** The id of the rule that decided the kind (segments/rules.ts), e.g. "log.traceback". */
  rule: string;
  /** Offsets into the text that was segmented: [start, end). */
  start: number;
  end: number;
  /** Inside a ``` fence (the fence marks are part of the segment). */
  fenced: boolean;
}

/**
 * A line rule: named data, one engine applies them all (segments/classify-lines.ts). `pattern`
 * is tested against one line of normalised (lower-case) text; `example` is a real line where a
 * `source` is given, otherwise an invented one. Tests check every example against its rule.
 */
export interface LineRule {
  id: string;
  kind: Exclude<SegmentKind, 'prose'>;
  pattern: RegExp;
  example: string;
  source?: string;
  /** A line that only continues a block of this kind (a traceback's frame): never opens one alone. */
  continues?: boolean;
  /** What the line must also match as the user wrote it, before lower-casing (a level in capitals: "WARNING:"). */
  asWritten?: RegExp;
  /** What the line must also be, past the pattern (a printed setting's key is one a key table reads). */
  accepts?: (line: string) => boolean;
}
