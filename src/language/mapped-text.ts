/**
 * Text that remembers where each of its characters came from in the user's message, so that
 * rewriting (entity decoding, key mapping) never loses the caret or an item's own words.
 * `start[i]` is the user offset of character i; `end[i]` the user offset just after it. A
 * replacement maps all of its characters onto the whole span it replaced.
 */
/** Part of a replacement: its text stands for characters [from, to) of the match. */
export interface Piece {
  text: string;
  from: number;
  to: number;
}

/**
 * A pattern that matches nothing: a guarded pass with nothing to look for. `replace` returns the
 * text as it is for it, without scanning (a scan of `(?!)` still tries every position).
 */
export const NEVER = /(?!)/g;

/**
 * One rewrite a named rule made (issue 22, item 6): the rule's id, the span of the user's text it
 * read, and what it wrote there. A reading's trace is the steps behind each fact's words.
 */
export interface RewriteStep {
  rule: string;
  at: number;
  end: number;
  wrote: string;
  /** The rule reads on a weak cue (a guess the reply must say with the words it came from). */
  weak?: true;
  /**
   * The user's words the rewrite set aside: the spans it turned into blanks (a blank piece, or the
   * characters blanked in a piece that keeps the rest in place). Recorded here, for every rule, so the
   * trace shows each as "set aside by <rule>" (issue 22, item 6) without a rule having to say so.
   */
  aside?: { at: number; end: number }[];
}

/** A rule as a rewrite names it: its id, and whether its cue is weak. */
export type RuleRef = string | { id: string; weak?: boolean };

/** What a span or match is written as, and the rule that wrote it (none: an unnamed rewrite). */
export interface Ruled {
  result: string | Piece[];
  rule?: RuleRef;
}

/** A span [at, to) of the text, the pieces it is written as, and the rule that wrote it. */
interface Span {
  at: number;
  to: number;
  pieces: Piece[];
  rule?: RuleRef;
  /** A piece of it blanks a word character (found while the pass compares its characters). */
  blanks?: boolean;
}

/** A result as pieces of a span `length` long: a string stands for the whole span. */
const piecesOf = (result: string | Piece[], length: number): Piece[] => (typeof result === 'string' ? [{ text: result, from: 0, to: length }] : result);

export class MappedText {
  private constructor(
    readonly text: string,
    readonly original: string,
    private readonly start: readonly number[],
    private readonly end: readonly number[],
    /** The named rewrites that made this text from the user's, in the order they ran. */
    readonly steps: readonly RewriteStep[] = [],
  ) {}

  static of(original: string): MappedText {
    // A plain loop: Array.from with a mapping function was 1% of the request path.
    const start: number[] = [];
    const end: number[] = [];
    for (let i = 0; i < original.length; i++) {
      start.push(i);
      end.push(i + 1);
    }
    return new MappedText(original, original, start, end);
  }

  /** The user offset of character `at` (the end of the user's text past the last one). */
  userOffset(at: number): number {
    if (at >= this.text.length) return this.original.length;
    return this.start[Math.max(0, at)]!;
  }

  /** The user offsets of characters [at, end): where they start and just after they end. */
  userSpan(at: number, end: number): { at: number; end: number } {
    const from = this.userOffset(at);
    if (end <= at) return { at: from, end: from };
    const to = this.end[Math.min(end, this.text.length) - 1] ?? this.original.length;
    return { at: from, end: Math.max(from, to) };
  }

  /** The user's own text behind characters [at, end). */
  userText(at: number, end: number): string {
    if (end <= at) return '';
    const from = this.userOffset(at);
    const to = this.end[Math.min(end, this.text.length) - 1] ?? this.original.length;
    return this.original.slice(from, Math.max(from, to));
  }

  /**
   * Every match of `pattern` (global) replaced by `replace(match)`. A replacement that only
   * changes case, blanks characters or swaps one character for one keeps a one-to-one map; any
   * other maps each new character onto the whole match (so "-AWQ" read as " awq" is not "ins").
   */
  replace(pattern: RegExp, replace: (match: RegExpExecArray) => string | Piece[], rule?: RuleRef): MappedText {
    return this.replaceEach(pattern, (m) => ({ result: replace(m), rule }));
  }

  /**
   * Every match of `pattern` (global) rewritten under the rule `rewrite` names for it (one pass
   * of a config-key pattern reads many keys, each its own rule); null or the match itself leaves
   * it. Matches are read in order, so a reader may keep state from one to the next.
   */
  replaceEach(pattern: RegExp, rewrite: (match: RegExpExecArray) => Ruled | null): MappedText {
    if (pattern === NEVER) return this;
    const spans: Span[] = [];
    pattern.lastIndex = 0;
    for (let m = pattern.exec(this.text); m; m = pattern.exec(this.text)) {
      if (m[0].length === 0) {
        pattern.lastIndex++;
        continue;
      }
      const read = rewrite(m);
      if (read === null || read.result === m[0]) continue;
      spans.push({ at: m.index, to: m.index + m[0].length, pieces: piecesOf(read.result, m[0].length), rule: read.rule });
    }
    return this.rewrite(spans);
  }

  /**
   * Spans [at, to) of this text, in order and not overlapping, each replaced by its text: for a
   * reader that finds its spans itself (the hardware grammar) rather than by one pattern.
   */
  replaceSpans(spans: readonly { at: number; to: number; text: string }[], rule?: RuleRef): MappedText {
    return this.replaceSpansEach(spans.map((s) => ({ at: s.at, to: s.to, result: s.text, rule })));
  }

  /**
   * Spans [at, to) of this text, in order and not overlapping, each written under its own rule:
   * as text, or as pieces that each stand for part of the span (offsets from the span's start).
   */
  replaceSpansEach(spans: readonly ({ at: number; to: number } & Ruled)[]): MappedText {
    return this.rewrite(
      spans.filter((s) => s.to > s.at && s.result !== this.text.slice(s.at, s.to)).map((s) => ({ at: s.at, to: s.to, pieces: piecesOf(s.result, s.to - s.at), rule: s.rule })),
    );
  }

  /**
   * The spans written in one pass. Most rewrites keep every character's place (blanks,
   * re-casing, a match given back as it was), and then the maps are this text's own, not copied.
   */
  private rewrite(spans: Span[]): MappedText {
    let changed = false;
    let remapped = false;
    for (const span of spans) {
      const { at, to, pieces } = span;
      // Pieces that do not tile the span one after another change its length: remapped.
      let tiled = 0;
      for (const piece of pieces) {
        const was = this.text.slice(at + piece.from, at + piece.to);
        if (piece.text === was) {
          tiled = piece.to;
          continue;
        }
        changed = true;
        const same = compareCharacters(piece.text, was);
        if (piece.from !== tiled || same === DIFFERENT) remapped = true;
        if (same === BLANKED || (same === DIFFERENT && !piece.text.trim() && WORD.test(was))) span.blanks = true;
        tiled = piece.to;
      }
      if (tiled !== to - at) changed = remapped = true;
    }
    if (!changed) return this;
    return this.rebuild(spans, remapped);
  }

  /**
   * Steps for spans a named rule keeps as written but reads on its own cue (a model named by a path
   * inside a log, segments/log-evidence.ts): the text is unchanged, and the trace's rule chain over
   * those words gains the rule and its weakness.
   */
  marked(spans: readonly { at: number; to: number }[], rule: RuleRef): MappedText {
    if (!spans.length) return this;
    const { id, weak } = typeof rule === 'string' ? { id: rule, weak: false } : rule;
    const steps = spans.map((s) => ({ rule: id, ...this.userSpan(s.at, s.to), wrote: this.text.slice(s.at, s.to), ...(weak ? { weak: true as const } : {}) }));
    return new MappedText(this.text, this.original, this.start, this.end, [...this.steps, ...steps]);
  }

  /** The named rewrites that read any of the user's characters [at, end). */
  stepsOver(at: number, end: number): RewriteStep[] {
    return this.steps.filter((s) => s.at < Math.max(end, at + 1) && at < Math.max(s.end, s.at + 1));
  }

  private rebuild(spans: Span[], remapped: boolean): MappedText {
    const named = this.stepsOf(spans);
    const steps = named.length ? [...this.steps, ...named] : this.steps;
    let text = '';
    let last = 0;
    const start: number[] = [];
    const end: number[] = [];
    for (const { at, to, pieces } of spans) {
      if (remapped) this.copy(last, at, start, end);
      text += this.text.slice(last, at);
      for (const piece of pieces) {
        const [a, b] = [at + piece.from, at + piece.to];
        if (remapped) {
          if (sameCharacters(piece.text, this.text.slice(a, b))) this.copy(a, b, start, end);
          else {
            const from = this.start[a] ?? this.original.length;
            const upTo = this.end[Math.max(a, b - 1)] ?? this.original.length;
            for (let i = 0; i < piece.text.length; i++) {
              start.push(from);
              end.push(upTo);
            }
          }
        }
        text += piece.text;
      }
      last = to;
    }
    text += this.text.slice(last);
    if (!remapped) return new MappedText(text, this.original, this.start, this.end, steps);
    this.copy(last, this.text.length, start, end);
    return new MappedText(text, this.original, start, end, steps);
  }

  /** A step for each span a named rule changed. */
  private stepsOf(spans: readonly Span[]): RewriteStep[] {
    const steps: RewriteStep[] = [];
    for (const { at, to, pieces, rule, blanks } of spans) {
      if (!rule) continue;
      const wrote = pieces.map((p) => p.text).join('');
      if (wrote === this.text.slice(at, to)) continue;
      const { id, weak } = typeof rule === 'string' ? { id: rule, weak: false } : rule;
      const aside = blanks ? this.blankedBy(at, pieces) : [];
      steps.push({ rule: id, ...this.userSpan(at, to), wrote, ...(weak ? { weak: true as const } : {}), ...(aside.length ? { aside } : {}) });
    }
    return steps;
  }

  /**
   * The user's spans that pieces written at `at` turn into blanks: a piece all blank over words, or,
   * in a piece that keeps its characters in place, each run of characters it blanks.
   */
  private blankedBy(at: number, pieces: readonly Piece[]): { at: number; end: number }[] {
    const aside: { at: number; end: number }[] = [];
    for (const piece of pieces) {
      const [a, b] = [at + piece.from, at + piece.to];
      const was = this.text.slice(a, b);
      if (!WORD.test(was)) continue;
      if (!piece.text.trim()) aside.push(this.userSpan(a, b));
      else if (sameCharacters(piece.text, was) && piece.text.length > 1) {
        for (let i = 0; i < was.length; i++) {
          if (piece.text[i] !== ' ' || /\s/.test(was[i]!)) continue;
          // One run across the blanks between its words ("# was 2048" is one comment set aside).
          let j = i;
          while (j < was.length && piece.text[j] === ' ') j++;
          const end = i + was.slice(i, j).trimEnd().length;
          if (WORD.test(was.slice(i, end))) aside.push(this.userSpan(a + i, a + end));
          i = j;
        }
      }
    }
    return aside;
  }

  /** Every span of the user's words a named rewrite set aside, with its rule, in the order of the text. */
  setAside(): { rule: string; at: number; end: number }[] {
    return this.steps.flatMap((s) => (s.aside ?? []).map((span) => ({ rule: s.rule, ...span }))).sort((a, b) => a.at - b.at || a.end - b.end);
  }

  private copy(from: number, to: number, start: number[], end: number[]): void {
    for (let i = from; i < to; i++) {
      start.push(this.start[i]!);
      end.push(this.end[i]!);
    }
  }
}

/** A letter or a digit: words set aside hold one (a blanked comma or bracket is no word). */
const WORD = /[\p{L}\p{N}]/u;

/** Same length, and each character kept, blanked, re-cased, or (for a one-character match) swapped. */
function sameCharacters(by: string, was: string): boolean {
  return compareCharacters(by, was) !== DIFFERENT;
}

/** What `compareCharacters` found: other characters; the same; the same with a letter or digit blanked. */
const DIFFERENT = 0;
const SAME = 1;
const BLANKED = 2;

/** sameCharacters, and whether it blanks a word character, in one pass (the rewrite's own comparison). */
function compareCharacters(by: string, was: string): typeof DIFFERENT | typeof SAME | typeof BLANKED {
  if (by.length !== was.length) return DIFFERENT;
  if (was.length === 1) return by === ' ' && WORD.test(was) ? BLANKED : SAME;
  let blanked = false;
  for (let i = 0; i < by.length; i++) {
    const a = by[i]!;
    const b = was[i]!;
    if (a === b) continue;
    if (a === ' ') blanked ||= WORD.test(b);
    else if (a.toLowerCase() !== b.toLowerCase()) return DIFFERENT;
  }
  return blanked ? BLANKED : SAME;
}
