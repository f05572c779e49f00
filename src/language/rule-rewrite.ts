import type { MappedText, Piece, RuleRef } from './mapped-text.js';

/**
 * A rewrite whose rule depends on the match: one pass of a config-key pattern reads many keys, and
 * each key is its own rule (`config.key.tensor_parallel_size`). MappedText names one rule per
 * call, so the matches are read first, in order, then written one rule at a time. The text and its
 * map come out the same as one pass would make them; only the steps are named per match.
 */

/** What one match is written as, and the rule that wrote it. */
export interface RuledResult {
  result: string | Piece[];
  rule: RuleRef;
}

/** A span [at, to) of the text, what it is written as, and the rule that wrote it. */
export interface Rewrite {
  at: number;
  to: number;
  result: string | Piece[];
  rule: RuleRef;
}

/**
 * Every match of `pattern` (global) rewritten by `rewrite(match)`, which names the rule for it, or
 * returns null or the match itself to leave it. Matches are read in order (a reader may keep
 * state from one match to the next, as one pass would).
 */
export function replaceByRule(text: MappedText, pattern: RegExp, rewrite: (match: RegExpExecArray) => RuledResult | null): MappedText {
  const rewrites: Rewrite[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text.text); m; m = pattern.exec(text.text)) {
    if (m[0].length === 0) {
      pattern.lastIndex++;
      continue;
    }
    const read = rewrite(m);
    if (read === null || read.result === m[0]) continue;
    rewrites.push({ at: m.index, to: m.index + m[0].length, ...read });
  }
  return applyByRule(text, rewrites);
}

/**
 * Spans of the text (in order, not overlapping), each written by its own rule: as text, or as
 * pieces that each stand for part of the span (offsets from the span's start).
 */
export function replaceSpansByRule(text: MappedText, spans: readonly Rewrite[]): MappedText {
  return applyByRule(
    text,
    spans.filter((s) => s.to > s.at && s.result !== text.text.slice(s.at, s.to)),
  );
}

const ruleKey = (rule: RuleRef) => (typeof rule === 'string' ? rule : `${rule.id}${rule.weak ? '\u0000weak' : ''}`);

/**
 * The rewrites, one call per rule (in the order each rule first wrote). A rewrite's place in the
 * text of the moment is its place in the text it was read on, moved by what the rules written
 * before it changed in front of it.
 */
function applyByRule(text: MappedText, rewrites: readonly Rewrite[]): MappedText {
  if (!rewrites.length) return text;
  const byRule = new Map<string, Rewrite[]>();
  for (const r of rewrites) {
    const key = ruleKey(r.rule);
    const group = byRule.get(key);
    if (group) group.push(r);
    else byRule.set(key, [r]);
  }
  /** What the rules written so far changed, in the order of the text: where, and by how much. */
  let written: { at: number; grew: number }[] = [];
  let out = text;
  for (const group of byRule.values()) {
    // One walk over both lists (each in the order of the text) moves every rewrite of the group.
    let shift = 0;
    let k = 0;
    const moved = group.map((r) => {
      for (; k < written.length && written[k]!.at < r.at; k++) shift += written[k]!.grew;
      return { ...r, at: r.at + shift, to: r.to + shift };
    });
    out = out.replace(new AtSpans(moved), (m) => moved[Number(m.groups!.n)]!.result, group[0]!.rule);
    written = mergeByPlace(
      written,
      group.map((r) => ({ at: r.at, grew: lengthOf(r.result) - (r.to - r.at) })),
    );
  }
  return out;
}

function mergeByPlace<T extends { at: number }>(a: readonly T[], b: readonly T[]): T[] {
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) merged.push(j >= b.length || (i < a.length && a[i]!.at <= b[j]!.at) ? a[i++]! : b[j++]!);
  return merged;
}

const lengthOf = (result: string | Piece[]) => (typeof result === 'string' ? result : result.map((p) => p.text).join('')).length;

/**
 * A pattern that "matches" exactly the given spans, in order: MappedText.replace reads its matches
 * with `exec` and `lastIndex`, so a rewrite of known spans keeps one step per match (its whole
 * span, with the pieces a reader returned) without a second way to rewrite.
 */
class AtSpans extends RegExp {
  private next = 0;
  constructor(private readonly spans: readonly { at: number; to: number }[]) {
    super('(?!)', 'g');
  }
  override exec(text: string): RegExpExecArray | null {
    if (this.lastIndex === 0) this.next = 0;
    const span = this.spans[this.next];
    if (!span) return null;
    const match = Object.assign([text.slice(span.at, span.to)], { index: span.at, input: text, groups: { n: String(this.next) } }) as unknown as RegExpExecArray;
    this.next++;
    this.lastIndex = span.to;
    return match;
  }
}
