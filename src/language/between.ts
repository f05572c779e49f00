import type { Token } from './lexer.js';

/**
 * What lies between two tokens of a message (words? a sentence's end?), answered from prefix
 * counts in O(log n). The token reader asks it for every number after a keyword and every
 * negation; a scan of the whole token list each time made a message of n of them cost n²
 * ("bs 8 bs 8 …", issue 26). `tokens` are in text order and do not overlap.
 */
export class Between {
  private readonly offsets: number[];
  /** Running counts over tokens [0, i): words, sentence stops (. ! ?), line breaks. */
  private readonly words: Int32Array;
  private readonly stops: Int32Array;
  private readonly breaks: Int32Array;
  /** Running counts of clause marks (, ; . ! ? and the full-width ，、；。！？). */
  private readonly clauses: Int32Array;

  constructor(private readonly tokens: readonly Token[]) {
    const n = tokens.length;
    this.offsets = tokens.map((t) => t.offset);
    this.words = new Int32Array(n + 1);
    this.stops = new Int32Array(n + 1);
    this.breaks = new Int32Array(n + 1);
    this.clauses = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) {
      const t = tokens[i]!;
      this.words[i + 1] = this.words[i]! + (t.type === 'word' ? 1 : 0);
      this.stops[i + 1] = this.stops[i]! + (isStop(t) ? 1 : 0);
      this.breaks[i + 1] = this.breaks[i]! + (t.type === 'ws' && t.text.includes('\n') ? 1 : 0);
      this.clauses[i + 1] = this.clauses[i]! + (isClauseMark(t) ? 1 : 0);
    }
  }

  /** A sentence's end (. ! ? or a line break) between the end of `from` and the start of `to`. */
  sentenceEnd(from: Token, to: Token): boolean {
    const [lo, hi] = this.range(from, to);
    return this.stops[hi]! - this.stops[lo]! + this.breaks[hi]! - this.breaks[lo]! > 0;
  }

  /** A clause's end (a comma, a semicolon, a sentence's stop, in either script) between `from` and `to`; a line break is none. */
  clauseBreak(from: Token, to: Token): boolean {
    const [lo, hi] = this.range(from, to);
    return this.clauses[hi]! - this.clauses[lo]! > 0;
  }

  /** Words and a sentence's stop before `to` between them ("context as possible. With 1"). */
  acrossSentences(from: Token, to: Token): boolean {
    const [lo, hi] = this.range(from, to);
    if (this.words[hi]! - this.words[lo]! === 0) return false;
    // A stop that ends right where `to` begins ("1." then "5") is not between them; only the last token can.
    const last = hi > lo ? this.tokens[hi - 1]! : null;
    const touching = last && isStop(last) && last.offset + last.text.length >= to.offset ? 1 : 0;
    return this.stops[hi]! - this.stops[lo]! - touching > 0;
  }

  /** Indices [lo, hi) of the tokens that start at or after the end of `from` and before `to`. */
  private range(from: Token, to: Token): [number, number] {
    const lo = this.firstAtOrAfter(from.offset + from.text.length);
    const hi = Math.max(lo, this.firstAtOrAfter(to.offset));
    return [lo, hi];
  }

  private firstAtOrAfter(offset: number): number {
    let lo = 0;
    let hi = this.offsets.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.offsets[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const isStop = (t: Token) => t.type === 'sep' && /[.!?]/.test(t.text);
const isClauseMark = (t: Token) => (t.type === 'sep' && /[,;.!?]/.test(t.text)) || (t.type === 'foreign' && /[，、；。！？]/.test(t.text));
