/**
 * The pasted text as the detectors read it, with the work they may do bounded.
 *
 * Every pattern in src/diagnose runs over at most MAX_INPUT_CHARS characters (Slack caps a
 * message at 40,000, Discord at 4,000), and field patterns run only inside a window of
 * FIELD_WINDOW characters after an anchor, for at most MAX_ANCHORS anchors. The patterns
 * themselves have no nested quantifiers (test/diagnose/patterns.test.ts checks), so a scan is
 * linear in what it is given and the total is bounded by the input length. `work` counts the
 * characters handed to patterns, so tests can hold that bound without a clock.
 */
export const MAX_INPUT_CHARS = 64_000;
/** Long enough for PyTorch's longest OOM message with a dozen "Process P has M" sentences. */
export const FIELD_WINDOW = 2_400;
/** A log repeats the same error per rank and per retry; the first few say all there is. */
export const MAX_ANCHORS = 64;

/**
 * The global (or non-global) copy of a detector's pattern, made once per pattern: every request
 * runs every detector, and building the copies was most of what a request without a log cost
 * here (issue 11, request path). Each use starts from lastIndex 0, as a fresh copy did.
 */
const globals = new WeakMap<RegExp, RegExp>();
const firsts = new WeakMap<RegExp, RegExp>();

function globalOf(pattern: RegExp): RegExp {
  let re = globals.get(pattern);
  if (!re) globals.set(pattern, (re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`)));
  re.lastIndex = 0;
  return re;
}

function firstOf(pattern: RegExp): RegExp {
  let re = firsts.get(pattern);
  if (!re) firsts.set(pattern, (re = new RegExp(pattern.source, pattern.flags.replace('g', ''))));
  return re;
}

export class Paste {
  /** The text as pasted (capped), line breaks kept: for line-oriented logs. */
  readonly raw: string;
  /** Code fences removed and every run of whitespace one space: for messages a terminal wrapped. */
  readonly flat: string;
  readonly truncated: boolean;
  /** Characters handed to patterns so far. */
  work = 0;

  constructor(text: string) {
    this.truncated = text.length > MAX_INPUT_CHARS;
    // Chat clients and macOS turn quotes curly ("The model’s max seq len"); the tools print straight ones.
    this.raw = (this.truncated ? text.slice(0, MAX_INPUT_CHARS) : text).replace(/[‘’]/g, "'").replace(/[“”]/g, '"');
    this.flat = this.raw.replace(/`{3}[\w-]{0,20}/g, ' ').replace(/\s+/g, ' ');
    this.work += 4 * this.raw.length;
  }

  /** Start offsets of `anchor` (a global, linear pattern) in `text`, at most MAX_ANCHORS of them. */
  anchors(text: string, anchor: RegExp): number[] {
    const found: number[] = [];
    const re = globalOf(anchor);
    this.work += text.length;
    for (let m = re.exec(text); m && found.length < MAX_ANCHORS; m = re.exec(text)) {
      found.push(m.index);
      if (m[0].length === 0) re.lastIndex++;
    }
    return found;
  }

  /** The window of `text` that field patterns may read after an anchor at `at`. */
  window(text: string, at: number, length = FIELD_WINDOW): string {
    return text.slice(at, at + length);
  }

  /** First match of `pattern` in `text` (a window or a line), counted. */
  match(text: string, pattern: RegExp): RegExpExecArray | null {
    this.work += text.length;
    const re = firstOf(pattern);
    re.lastIndex = 0;
    return re.exec(text);
  }

  /** Every match of a global `pattern` in `text` (a window), counted; at most MAX_ANCHORS. */
  matchAll(text: string, pattern: RegExp): RegExpExecArray[] {
    this.work += text.length;
    const re = globalOf(pattern);
    const out: RegExpExecArray[] = [];
    for (let m = re.exec(text); m && out.length < MAX_ANCHORS; m = re.exec(text)) {
      out.push(m);
      if (m[0].length === 0) re.lastIndex++;
    }
    return out;
  }

  /** Lines of the raw text that contain `needle` (plain substring, case-sensitive), at most `limit`. */
  linesWith(needle: string, limit = 400): string[] {
    const out: string[] = [];
    let from = 0;
    this.work += this.raw.length;
    while (out.length < limit) {
      const at = this.raw.indexOf(needle, from);
      if (at < 0) break;
      const start = this.raw.lastIndexOf('\n', at) + 1;
      const end = this.raw.indexOf('\n', at);
      const stop = end < 0 ? this.raw.length : end;
      out.push(this.raw.slice(start, Math.min(stop, start + FIELD_WINDOW)));
      from = stop + 1;
    }
    return out;
  }
}
