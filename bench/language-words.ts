/**
 * "Right on the words" (issue 22, corpus field `beyond`): some corpus readings state facts the user's
 * words do not carry — the collector took them from the repository, the rest of the thread, a linked
 * file or a product page (c045's `serve` from a TGI thread, c366's `finetune` from the repository).
 * The bot sees only the words, so the best it can do there is to state an assumption. Such a line,
 * read differently and flagged, is not a misreading of the words; counting it as one pushed fixers
 * to write rules that invent facts, the rules that never generalised to held-out lines.
 *
 * The class is strict on purpose: only a `flagged` line (every differing field said as an assumption
 * or a doubt) whose every differing field is in its `beyond` is `assumed`. A `silent` line stays
 * silent even when the field is beyond the words — the reply stated, with no doubt, a fact nothing
 * supports — and a `right` line is unaffected. The one refusal that is right on the words is the
 * reader's question for the model ("Which model?", "Which Qwen? It names a family…") on a line whose
 * model is in `beyond`: there the words name no one model, and asking is what a careful colleague does
 * (`asked`; 60 released lines at the thirty-seventh session's audit, c029 c153 c505 …). Any other
 * refusal stays a refusal. The four verdicts are not changed: this is a second view of them, printed
 * beside the old figures.
 */

export type Verdict = 'right' | 'flagged' | 'silent' | 'refused';

/** The view on the words: the four verdicts with `assumed` split out of `flagged` and `asked` out of `refused`. */
export type WordsVerdict = Verdict | 'assumed' | 'asked';

/** What the classification needs of a judged line (bench/language.ts's Result has it). */
export interface Judged {
  line: { beyond?: readonly string[] };
  verdict: Verdict;
  /** A refused line's first reply line (bench/language.ts's Result.detail). */
  detail?: string;
  compared?: { differ: readonly string[] };
}

/** The reader's question for the model: "Which model?" when none is named, "Which Qwen? It names a family…". */
const ASKS_FOR_THE_MODEL = /^Which (?:model\?|[^\s?]{1,30}\? It names a family)/;

/** A judged line's class on the words: `assumed` where a flagged line differs only in fields its words do not carry. */
export function onTheWords(result: Judged): WordsVerdict {
  const beyond = new Set(result.line.beyond ?? []);
  if (result.verdict === 'refused') return beyond.has('model') && ASKS_FOR_THE_MODEL.test(result.detail ?? '') ? 'asked' : 'refused';
  if (result.verdict !== 'flagged') return result.verdict;
  const differ = result.compared?.differ ?? [];
  return differ.length > 0 && differ.every((field) => beyond.has(field)) ? 'assumed' : 'flagged';
}

/** The counts of the view on the words; `rightOnWords` = right + assumed + asked, `flagged` and `refused` without them. */
export interface WordsCounts {
  lines: number;
  right: number;
  assumed: number;
  asked: number;
  rightOnWords: number;
  flagged: number;
  silent: number;
  refused: number;
}

export function wordsCounts(results: readonly Judged[]): WordsCounts {
  const classes = results.map(onTheWords);
  const count = (v: WordsVerdict) => classes.filter((c) => c === v).length;
  return {
    lines: results.length,
    right: count('right'),
    assumed: count('assumed'),
    asked: count('asked'),
    rightOnWords: count('right') + count('assumed') + count('asked'),
    flagged: count('flagged'),
    silent: count('silent'),
    refused: count('refused'),
  };
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '–');

/** The summary line printed under the old one (which stays as it was: other notes quote it). */
export function wordsSummary(label: string, results: readonly Judged[]): string {
  const c = wordsCounts(results);
  return `${label}, on the words: ${c.lines} lines — read right ${c.right}, assumed where the words are silent ${c.assumed}, asked for the model the words do not name ${c.asked}, right on the words ${c.rightOnWords} (${pct(c.rightOnWords, c.lines)}), flagged misreadings ${c.flagged}, silent misreadings ${c.silent}, refusals ${c.refused}`;
}

/** The two cells added at the end of a first-sight row: assumed or asked where the words are silent, right on the words. */
export function wordsCells(results: readonly Judged[]): [string, string] {
  const c = wordsCounts(results);
  const silentWords = c.assumed + c.asked;
  return [`${silentWords} (${pct(silentWords, c.lines)})`, `${c.rightOnWords} (${pct(c.rightOnWords, c.lines)})`];
}
