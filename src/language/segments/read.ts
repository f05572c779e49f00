import type { MappedText, Piece, Ruled } from '../mapped-text.js';
import type { ConfigPair } from './config-block.js';
import { SHELL_PROMPT } from './lines.js';
import { launcherPrefixes } from './launcher-prefix.js';
import { loggedSetting } from './logged-settings.js';
import { logEvidence } from './log-evidence.js';
import { segmentText } from './segment.js';
import type { Segment } from './types.js';

/** A segment with its span in the user's own text (for the trace and `--json`). */
export interface TracedSegment extends Segment {
  /** Offsets into the user's message (before normalising). */
  userStart: number;
  userEnd: number;
}

export interface SegmentReading {
  /** What the rest of the reader sees: logs blanked, each parsed config one `key: value` a line. */
  text: MappedText;
  segments: TracedSegment[];
  /** A logger's stamps before a launcher's dump of its arguments (launcher-prefix.ts), in the user's offsets: a log's words, as a log segment's. */
  stamps: { at: number; end: number }[];
}

/**
 * The first stage of reading (issue 22, item 1). Numbers inside a log never set the setup: a log
 * segment is blanked (same length, so every other character keeps its place). A config the
 * parser read is written again as the key tables expect it — one `key: value` a line, indented
 * under its parent block, lists as `[a, b]` — each piece mapped to the user's own key or value;
 * the key tables (config-keys.ts) then read it as before. Prose, code and commands stay as written.
 */
export function readSegments(text: MappedText): SegmentReading {
  const { segments, configs } = segmentText(text.text, (start, end) => text.userText(start, end));
  const traced = segments.map((s) => {
    const span = text.userSpan(s.start, s.end);
    return { ...s, userStart: span.at, userEnd: span.end };
  });
  const logs = segments.filter((s) => s.kind === 'log');
  const prompts = segments.filter((s) => s.kind === 'command').flatMap((s) => promptsIn(text.text, s));
  const dumps = segments.some((s) => s.rule === 'config.launcher-args' || s.rule === PRINTED_SETTING);
  if (!logs.length && !configs.size && !prompts.length && !dumps) return { text, segments: traced, stamps: [] };
  // A fence mark a log took in as its closing line (segment.ts joins it to the block before it) stays: the
  // later readers that tell fenced code from prose count the marks, and one blanked left the rest of the
  // message inside the fence ("### Ollama version" after a fenced llama.cpp log dropped as a script comment,
  // ollama/ollama#7867, c795).
  // An opening mark a log line is glued to ("```time=… level=INFO …", c2356) stays for the same reason.
  const blank = (from: number, to: number) =>
    text.text.slice(from, to).replace(/^([ \t]*(?:```|~~~)[\w+-]*[ \t]*$)|^([ \t]*(?:`{3,}|~{3,}))|[^\n]/gm, (c, fence: string | undefined, glued: string | undefined) => fence ?? glued ?? ' ');
  // What a log still tells (log-evidence.ts): the script a launcher ran, an engine's logger.
  // A shell prompt is no engine named either: its virtual environment and folder ("(trtllm) user@host:~/trt-llm-rag-linux$",
  // noahc1510/trt-llm-rag-linux#5, c1343) are blanked below, so an engine they spell leaves the logger's evidence standing.
  // A printed setting's stamp is the log's words too ("[TRT-LLM] [I]  - tp_size……: 4", c1994): no engine named outside the logs.
  const printed = segments.filter((s) => s.rule === PRINTED_SETTING);
  const evidence = logEvidence(text.text, logs, textOutside(text.text, [...logs, ...printed, ...prompts.map((p) => ({ start: p.at, end: p.to }))]));
  // Each log or config segment is written by the rule that named it (its id in segments/rules.ts).
  const rewrites: ({ at: number; to: number } & Ruled)[] = [];
  const kept: typeof evidence = [];
  const stamps: { at: number; to: number }[] = [];
  segments.forEach((s, index) => {
    const pairs = configs.get(index);
    if (s.kind === 'log') {
      let at = s.start;
      for (const e of evidence.filter((e) => e.at >= s.start && e.to <= s.end)) {
        rewrites.push({ at, to: e.at, result: blank(at, e.at), rule: s.rule });
        if (e.says !== null) rewrites.push({ at: e.at, to: e.to, result: ` ${e.says} `, rule: e.rule });
        // A span kept on a weak cue stays as written; its step marks what is read from it as weak.
        else if (e.rule.weak) kept.push(e);
        at = e.to;
      }
      rewrites.push({ at, to: s.end, result: blank(at, s.end), rule: s.rule });
    } else if (s.kind === 'command' && s.rule === 'command.launcher-argv') {
      rewrites.push({ at: s.start, to: s.end, result: argvAsCommand(text.text.slice(s.start, s.end)), rule: s.rule });
    } else if (s.kind === 'command') {
      for (const p of prompts.filter((p) => p.at >= s.start && p.to <= s.end)) rewrites.push({ at: p.at, to: p.to, result: blank(p.at, p.to), rule: 'command.shell-prompt' });
    } else if (s.rule === PRINTED_SETTING) {
      for (const r of printedSettings(text.text, s)) {
        rewrites.push({ ...r, rule: PRINTED_SETTING });
        // The logger's stamp is a log's words, accounted for as a launcher's stamps are.
        if (r.stamp) stamps.push(r);
      }
    } else if (s.rule === 'config.launcher-args' || pairs) {
      // A launcher's logger stamps (launcher-prefix.ts); a dump parsed into pairs keeps only its first line's
      // stamp apart from the pairs, so that the stamp is accounted for.
      const found = s.rule === 'config.launcher-args' ? launcherPrefixes(text.text, s, text.text.slice(0, s.start) + text.text.slice(s.end)) : [];
      const own = pairs ? found.filter((p) => p.at === s.start) : found;
      for (const p of own) {
        rewrites.push({ ...p, rule: 'config.launcher-prefix' });
        stamps.push(p);
      }
      if (pairs) {
        const from = own[0]?.to ?? s.start;
        const pieces = configPieces(text.text, s, pairs).map((p) => ({ ...p, from: Math.max(0, p.from - from), to: Math.max(0, p.to - from) }));
        rewrites.push({ at: from, to: s.end, result: pieces, rule: s.rule });
      }
    }
  });
  const rewritten = kept.reduce((t, e) => t.marked([{ at: e.at, to: e.to }], e.rule), text).replaceSpansEach(rewrites);
  const stampSpans = stamps.map((p) => text.userSpan(p.at, p.to)).map((u) => ({ at: u.at, end: u.end }));
  return { text: rewritten, segments: traced, stamps: stampSpans };
}

const PRINTED_SETTING = 'config.logged-setting';

/**
 * Each line of a printed-settings segment (logged-settings.ts) as the key tables read a config line: the logger's
 * stamp blanked, the separator (a colon, an equals sign, a dotted leader, a wide blank) written as ": ", the key and
 * the value kept where the user's text has them.
 */
function printedSettings(text: string, s: Segment): { at: number; to: number; result: string; stamp?: true }[] {
  const rewrites: { at: number; to: number; result: string; stamp?: true }[] = [];
  for (let at = s.start; at < s.end; ) {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 || newline >= s.end ? s.end : newline;
    const setting = loggedSetting(text.slice(at, end));
    if (setting) {
      if (setting.key > 0) rewrites.push({ at, to: at + setting.key, result: ' '.repeat(setting.key), stamp: true });
      const gap = setting.value - setting.keyEnd;
      rewrites.push({ at: at + setting.keyEnd, to: at + setting.value, result: gap >= 2 ? ': ' + ' '.repeat(gap - 2) : ': ' });
      if (end > at + setting.valueEnd) rewrites.push({ at: at + setting.valueEnd, to: end, result: ' '.repeat(end - at - setting.valueEnd) });
    }
    at = end + 1;
  }
  return rewrites;
}

/**
 * A launcher's echo of an argv list as the command line it was: the log's prefix up to the list, the
 * list's brackets, quotes and commas, and the exit report after it blanked, same length.
 */
function argvAsCommand(line: string): string {
  const open = line.indexOf("['");
  const close = line.lastIndexOf(']');
  const list = line.slice(open, close < open ? line.length : close + 1).replace(/'\s*,\s*'|[[\]']/g, (m) => ' '.repeat(m.length));
  return ' '.repeat(open) + list + (close < open ? '' : line.slice(close + 1).replace(/[^\n]/g, ' '));
}

/** A config segment as `key: value` lines, each key and value mapped to where the user wrote it. */
function configPieces(text: string, s: Segment, pairs: ConfigPair[]): Piece[] {
  const pieces: Piece[] = [];
  const put = (written: string, at: number) => pieces.push({ text: written, from: at, to: at });
  // What closes a value or the block stands for the character before it, never the next one's.
  const close = (written: string, end: number) => pieces.push({ text: written, from: end - 1, to: end });
  const keep = (from: number, to: number) => pieces.push({ text: text.slice(from, to).replace(/\s+/g, (w) => ' '.repeat(w.length)), from, to });
  for (const pair of pairs) {
    put(`\n${'  '.repeat(pair.depth)}`, pair.keyStart);
    keep(pair.keyStart, pair.keyEnd);
    put(pair.valueStart === null ? ':' : ': ', pair.keyEnd);
    if (pair.valueStart === null || pair.valueEnd === null) continue;
    if (pair.items) {
      put('[', pair.valueStart);
      pair.items.forEach(([from, to], k) => {
        if (k > 0) put(', ', from);
        keep(from, to);
      });
      close(']', pair.valueEnd);
    } else keep(pair.valueStart, pair.valueEnd);
  }
  close('\n', s.end);
  return pieces;
}

/** The shell prompts opening the lines of a command segment (lines.ts SHELL_PROMPT): no setup. */
function promptsIn(text: string, s: Segment): { at: number; to: number }[] {
  const found: { at: number; to: number }[] = [];
  for (let at = s.start; at < s.end; ) {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 || newline >= s.end ? s.end : newline;
    const m = SHELL_PROMPT.exec(text.slice(at, end));
    if (m) found.push({ at, to: at + m[0].length });
    at = end + 1;
  }
  return found;
}

/** The text between the segments given (in order), one line apart. */
function textOutside(text: string, segments: readonly { start: number; end: number }[]): string {
  const parts: string[] = [];
  let from = 0;
  for (const s of [...segments].sort((a, b) => a.start - b.start)) {
    parts.push(text.slice(from, s.start));
    from = s.end;
  }
  parts.push(text.slice(from));
  return parts.join('\n');
}
