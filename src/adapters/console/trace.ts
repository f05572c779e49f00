import { hardwareOf } from '../../language/hardware/trace.js';
import type { EstimateReply, Reply } from '../../reply/types.js';
import { segmentsOf, type TracedSegment } from '../../language/segments/index.js';
import { withoutInvisibles } from '../../language/normalise.js';
import { parseRequest } from '../../language/parse.js';

/**
 * `headroom --trace "<text>"`: how the reader cut the message (issue 22, item 6's trace, its
 * first piece): each segment's kind, the rule that named it, its span in the user's text and
 * its first 60 characters.
 */
export function traceText(message: string, reply: Reply | null = null): string {
  const segments = segmentsOf(message);
  const rows = segments.map((s) => {
    const words = message.slice(s.userStart, s.userEnd);
    const head = JSON.stringify(words.length > 60 ? `${words.slice(0, 60)}…` : words);
    return `  ${s.kind.padEnd(8)} ${s.rule.padEnd(24)} ${`${s.userStart}-${s.userEnd}`.padEnd(11)} ${head}`;
  });
  return [`segments (${segments.length}):`, ...rows, ...hardwareRows(message), ...(reply?.kind === 'estimate' ? factRows(reply, withoutInvisibles(message)) : []), ...setAsideRows(message), ...reportedRows(message)].join('\n');
}

/**
 * The words a named rule set aside (blanked) before the grammar read the rest (issue 22, item 6):
 * each span and its rule, so a word gone from the reading shows why ("full" of "the full version",
 * prose.full-not-training). The engine records them for every rule (MappedText.setAside).
 */
function setAsideRows(message: string): string[] {
  const aside = setAsideJson(message);
  return [`set aside (${aside.length}):`, ...aside.map((a) => `    set aside by ${a.rule.padEnd(30)} ${`${a.at}-${a.end}`.padEnd(11)} ${JSON.stringify(clip(a.words, 60))}`)];
}

/**
 * What the user reported happened, read by a named rule and no setup fact (an out-of-memory said in
 * their words, prose/rules/oom-reports.ts): the topic, its rule and span; the reply brings its tips.
 */
function reportedRows(message: string): string[] {
  const text = withoutInvisibles(message);
  const parsed = parseRequest(text);
  const reported = parsed.ok ? (parsed.reported ?? []) : [];
  return [`reported (${reported.length}):`, ...reported.map((r) => `    ${r.topic.padEnd(6)} ${r.rule.padEnd(30)} ${`${r.at}-${r.end}`.padEnd(11)} ${JSON.stringify(clip(text.slice(r.at, r.end), 60))}`)];
}

/** The set-aside spans for `--json` and the trace: rule, span and the user's words (offsets as the facts', in the text read). */
export function setAsideJson(message: string): { rule: string; at: number; end: number; words: string }[] {
  const text = withoutInvisibles(message);
  const parsed = parseRequest(text);
  return parsed.ok ? parsed.aside.map((a) => ({ ...a, words: text.slice(a.at, a.end) })) : [];
}

/**
 * Every fact of the reply (issue 22, item 6): the fact, its value, the rule chain, the span and
 * the user's words (or "default" / "follow-up"), a "?" before a weak one, the cue a count or a
 * length was read on (fact-cues.ts), the evidence class of the framework (framework-evidence.ts);
 * each place the message says a fact again ("again", said-again.ts); then what no fact used.
 */
function factRows(reply: EstimateReply, message: string): string[] {
  const facts = reply.trace ?? [];
  const rows = [`facts (${facts.length}):`];
  for (const f of facts) {
    const span = f.at === null ? '-' : `${f.at}-${f.end}`;
    rows.push(`  ${f.weak ? '?' : ' '} ${f.fact.padEnd(12)} ${clip(f.value, 28).padEnd(28)} ${f.rules.join(' > ').padEnd(30)} ${span.padEnd(11)} ${f.at === null ? '' : JSON.stringify(clip(f.words, 60))}${f.cue && f.at !== null ? ` cue: ${f.cue}` : ''}${f.evidence ? ` evidence: ${f.evidence}` : ''}${f.strength !== undefined ? ` strength: ${f.strength}` : ''}`);
    for (const a of f.also ?? []) rows.push(`      again ${`${a.at}-${a.end}`.padEnd(11)} ${JSON.stringify(clip(message.slice(a.at, a.end), 60))}${a.said ? ` (${a.said})` : ''}`);
  }
  const notUsed = reply.notUsed ?? [];
  rows.push(`not used (${notUsed.length}):`);
  for (const n of notUsed) rows.push(`    ${n.kind.padEnd(10)} ${`${n.at}-${n.end}`.padEnd(11)} ${JSON.stringify(clip(n.words, 60))}${n.reason ? ` (${n.reason})` : ''}`);
  return rows;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The hardware grammar's phrases (issue 22, item 3): each reading, then the rule and words of each part. */
function hardwareRows(message: string): string[] {
  const { phrases, guarded } = hardwareOf(message);
  const words = (s: { start: number; end: number }) => JSON.stringify(message.slice(s.start, s.end));
  const rows = [`hardware (${phrases.length}):`];
  for (const p of phrases) {
    rows.push(`  ${p.reading.padEnd(32)} ${`${p.start}-${p.end}`.padEnd(11)} ${words(p)}`);
    for (const part of p.parts) rows.push(`    ${part.role.padEnd(11)} ${part.rule.padEnd(22)} ${`${part.start}-${part.end}`.padEnd(11)} ${words(part)}`);
    for (const note of p.notes) rows.push(`    asks: ${note}`);
  }
  for (const g of guarded) rows.push(`  not hardware (${g.role}) ${g.rule.padEnd(22)} ${`${g.start}-${g.end}`.padEnd(11)} ${words(g)}`);
  return rows;
}

/** The hardware phrases for `--json`: reading, span, and each part's rule and span. */
export function hardwareJson(message: string): ReturnType<typeof hardwareOf> {
  return hardwareOf(message);
}

/** The segments for `--json`: kind, rule and span in the user's text. */
export function segmentsJson(message: string): { kind: TracedSegment['kind']; rule: string; start: number; end: number }[] {
  return segmentsOf(message).map((s) => ({ kind: s.kind, rule: s.rule, start: s.userStart, end: s.userEnd }));
}
