import { earlyStages } from '../language/early-stages.js';
import type { SegmentKind } from '../language/segments/types.js';
import type { FactTrace } from './facts.js';
import { CALIBRATION, type Calibration } from './fact-calibration.js';

/**
 * How strong a fact is (issue 22, item 5; docs/reading.md "How strong a fact is"): a computed property of
 * its evidence, measured on the released corpus lines, not each rule author's choice. A fact read from the
 * user's words belongs to an evidence class — the fact, the reader that set it (the chain's last rule), the
 * segment its words sit in, and whether the message is a one-line request or longer prose — and the class's
 * measured rate of silent misreadings (the fact wrong and nothing in the reply doubting it), smoothed toward
 * the rate of all facts, is its weakness. Above the calibration's line the fact is weak: the first screen
 * says it with its words and its correction (facts.ts weakFactNotices). A fact a rule made weak stays so.
 *
 * Other properties were measured and left out, since they did not tell a silent misreading from a right
 * fact (bench/fact-strength.ts prints their tables): the rules' measured precision (the wrong facts of a
 * rule are mostly said already), a second span with the same value or another, a sentence about another
 * run or a comparison.
 */

export interface StrengthFeatures {
  fact: string;
  /** The chain's last rule that is no normalising step: the item reader (`item.sharding`), or the only rule. */
  reader: string;
  /** The kind of the segment holding the fact's first character. */
  kind: SegmentKind;
  /** The message is prose of 200 characters or more, not a one-line request. */
  long: boolean;
  /** Another span of the message states the same fact with the same value. */
  corroborated: boolean;
  /** Another span states the same fact with another value. */
  contradicted: boolean;
  /** Its sentence names another run, a comparison or a setting tried (`OTHER_RUN`). */
  otherRun: boolean;
}

/** A message this long or longer is prose around a setup, not a one-line request (measured: `long`). */
export const LONG_MESSAGE = 200;

/** Words of a sentence about another run, a comparison or a setting tried and left: measured only. */
const OTHER_RUN =
  /\b(?:vs\.?|versus|compared?|comparison|instead|rather than|previously|earlier|used to|tried|friend|colleague|someone|others|paper|reported|official(?:ly)?|recommend\w*|e\.g\.|for example|such as|works? (?:fine|well)|worked)\b|对比|相比|之前|以前|试过|别人|官方|推荐|例如|比如|비교|이전|예를/i;

/** The sentence around [at, end): from the last sentence end before it to the next after it, at most 300 characters each way. */
function sentenceOf(text: string, at: number, end: number): string {
  const before = text.slice(Math.max(0, at - 300), at);
  const after = text.slice(end, end + 300);
  const start = Math.max(before.lastIndexOf('\n'), ...['. ', '? ', '! ', '。', '？', '！'].map((m) => before.lastIndexOf(m)));
  const stop = [after.indexOf('\n'), ...['. ', '? ', '! ', '。', '？', '！'].map((m) => after.indexOf(m))].filter((i) => i >= 0);
  return `${before.slice(start + 1)}${text.slice(at, end)}${after.slice(0, stop.length ? Math.min(...stop) : after.length)}`;
}

/** The segment kind at a place of the user's text (prose where the segments do not reach it). */
function kindAt(text: string, at: number): SegmentKind {
  const segments = earlyStages(text).segmented.segments as readonly { kind: SegmentKind; userStart?: number; userEnd?: number }[];
  return segments.find((s) => s.userStart !== undefined && s.userEnd !== undefined && s.userStart <= at && at < s.userEnd)?.kind ?? 'prose';
}

/** The properties that name a fact's evidence class: all the request path computes (withStrength). */
export type EvidenceFeatures = Pick<StrengthFeatures, 'fact' | 'reader' | 'kind' | 'long'>;

/** The evidence-class properties of one fact read from the user's words. */
export function classFeatures(f: FactTrace, text: string): EvidenceFeatures {
  const rules = f.rules.filter((r) => !r.startsWith('normalise.'));
  return {
    fact: f.fact,
    reader: rules.at(-1) ?? f.rules.at(-1) ?? '-',
    kind: text && f.at !== null ? kindAt(text, f.at) : 'prose',
    long: text.length >= LONG_MESSAGE,
  };
}

/** The measured properties of one fact read from the user's words, among the reading's other facts (bench/fact-strength.ts). */
export function featuresOf(f: FactTrace, facts: readonly FactTrace[], text: string): StrengthFeatures {
  const others = facts.filter((g) => g !== f && g.at !== null && g.fact === f.fact && (g.at !== f.at || g.end !== f.end));
  return {
    ...classFeatures(f, text),
    corroborated: others.some((g) => g.value === f.value),
    contradicted: others.some((g) => g.value !== f.value),
    otherRun: text !== '' && f.at !== null && OTHER_RUN.test(sentenceOf(text, f.at, f.end ?? f.at)),
  };
}

/**
 * The facts whose strength is measured: not those the design names strong or weak by a model of their own — a
 * key or flag with its value (a config's or a command's: the strongest cue of issue 22 item 2, "a stated bf16:
 * true is not weak", test/language/weak-precision.test.ts) and a framework, whose evidence class says it
 * (framework-evidence.ts; weak ⇔ a weak class, test/language/framework-evidence-class.test.ts). Measured
 * before this was decided, those two classes were over the line too (a precision key in a longer message 7/74
 * silent, a framework named in longer prose 8/211): docs/reading.md "How strong a fact is".
 */
export const measured = (f: FactTrace, x: Pick<StrengthFeatures, 'kind'>): boolean => f.evidence === undefined && x.kind !== 'config' && x.kind !== 'command';

/** The evidence class a fact's strength is measured by: "sharding|item.sharding|prose|long". */
export const evidenceClass = (x: EvidenceFeatures): string => `${x.fact}|${x.reader}|${x.kind}|${x.long ? 'long' : 'short'}`;

/** The class's rate of silent misreadings, smoothed toward all facts' by `weight` facts: (silent + weight·prior) / (facts + weight). */
export function silentRate(x: EvidenceFeatures, c: Calibration = CALIBRATION): number {
  const prior = c.prior.silent / c.prior.facts;
  const [facts, silent] = c.classes[evidenceClass(x)] ?? [0, 0];
  return (silent + c.weight * prior) / (facts + c.weight);
}

/**
 * The facts with their strength: a fact read from the user's words that no rule made weak, whose class's
 * silent rate is over the calibration's line, is weak, said with its own words. One another item states
 * with the same value on a strong cue is not said (facts.ts saidWeak).
 */
export function withStrength(facts: readonly FactTrace[], text: string, c: Calibration = CALIBRATION): FactTrace[] {
  if (!text || Object.keys(c.classes).length === 0) return [...facts];
  return facts.map((f) => {
    if (f.at === null || f.weak) return f;
    // Only the class's properties: the others were measured and left out (the comment at the top), so not computed here.
    const x = classFeatures(f, text);
    if (!measured(f, x)) return f;
    const rate = silentRate(x, c);
    if (rate <= c.line) return f;
    return { ...f, weak: true, weakWords: f.words.trim(), strength: Math.round((1 - rate) * 1000) / 1000 };
  });
}
