import { gib, grouped } from '../memory/format.js';
import type { Component } from '../memory/types.js';
import type { ErrorReply, EstimateReply, HelpReply, Reply } from '../reply/types.js';
import { renderDiagnosisText } from './text/diagnosis.js';

/** Plain-text rendering for the terminal, readable at 80 columns. Renders; never computes. */

export const WIDTH = 80;
const NAME_COL = 36;
const GIB_COL = 7;

/** Whether the UTF-16 unit `c` is whitespace as the regex `\s` reads it (ECMAScript WhiteSpace and LineTerminator). */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Greedy word wrap to `width`: a line that fits is kept as written (column padding survives);
 * a longer one keeps its leading indent and continues `indent` spaces in.
 */
export function wrap(text: string, width = WIDTH, indent = 0): string {
  // Every line of a text that fits fits: kept as written (half the calls, from the table rows).
  if (text.length <= width) return text;
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    if (paragraph.length <= width) out.push(paragraph);
    else wrapParagraph(paragraph, width, indent, out);
  }
  return out.join('\n');
}

/** Whitespace other than the plain space. */
const OTHER_WHITESPACE = /[^\S ]/;

/**
 * One paragraph's lines: its words (the runs between whitespace) joined by single spaces. The
 * words are found by indexOf (by character codes where other whitespace occurs) and a line is
 * cut out of the paragraph where its words stand one space apart, as they mostly do: splitting
 * into words and concatenating them again was most of the text render (issue 11).
 * test/render/wrap.test.ts holds it to the split-and-join wrap.
 */
function wrapParagraph(paragraph: string, width: number, indent: number, out: string[]): void {
  const n = paragraph.length;
  // With no whitespace but ' ' (most paragraphs), a word ends at the next space: found by indexOf.
  const spacesOnly = !OTHER_WHITESPACE.test(paragraph);
  let i = 0;
  while (i < n && isSpace(paragraph.charCodeAt(i))) i++;
  // The line: `prefix` then the words from `from` to `to`; `built` once a gap on it is not one space.
  let prefix = paragraph.slice(0, i);
  let from = i;
  let to = i;
  let built: string | null = null;
  let length = prefix.length;
  let started = false;
  while (i < n) {
    const start = i;
    if (spacesOnly) {
      const space = paragraph.indexOf(' ', i);
      i = space === -1 ? n : space;
    } else while (i < n && !isSpace(paragraph.charCodeAt(i))) i++;
    const words = i - start;
    if (!started) {
      from = start;
      length += words;
      started = true;
    } else if (length + 1 + words > width) {
      out.push(built ?? prefix + paragraph.slice(from, to));
      prefix = ' '.repeat(indent);
      built = null;
      from = start;
      length = indent + words;
    } else {
      if (built === null && (start !== to + 1 || paragraph.charCodeAt(to) !== 0x20)) built = prefix + paragraph.slice(from, to);
      if (built !== null) built += ` ${paragraph.slice(start, i)}`;
      length += 1 + words;
    }
    to = i;
    while (i < n && isSpace(paragraph.charCodeAt(i))) i++;
  }
  out.push(built ?? prefix + paragraph.slice(from, to));
}

/** A text bar of `cells` characters for `value` against `capacity`, with a │ at the capacity. */
export function bar(value: number, capacity: number | null, cells = 30): string {
  const scale = Math.max(value, capacity ?? 0) || 1;
  const filled = Math.round((value / scale) * cells);
  // Built by repeat, not a per-cell array (the bar was 1% of the request path).
  const full = filled > 0 ? Math.min(cells, filled) : 0;
  let chars = '█'.repeat(full) + ' '.repeat(cells - full);
  const at = capacity === null ? NaN : Math.max(0, Math.min(cells - 1, Math.round((capacity / scale) * cells) - 1));
  if (!Number.isNaN(at)) chars = `${chars.slice(0, at)}│${chars.slice(at + 1)}`;
  return chars.trimEnd();
}

function row(name: string, bytes: number, formula: string): string {
  const label = name.length > NAME_COL - 2 ? `${name.slice(0, NAME_COL - 3)}…` : name;
  const head = `  ${label.padEnd(NAME_COL - 2)}${gib(bytes).padStart(GIB_COL - 2)}  `;
  const formulaWidth = WIDTH - head.length;
  // Most formulas fit their column on one line: nothing to wrap or indent.
  if (formula.length <= formulaWidth && !formula.includes('\n')) return head + formula;
  const lines = wrap(formula, formulaWidth).split('\n');
  return [head + (lines[0] ?? ''), ...lines.slice(1).map((l) => ' '.repeat(head.length) + l)].join('\n');
}

export function breakdownTable(components: Component[], totalLabel: string, total: number, capacity: number | null): string {
  const lines = [`${'per GPU'.padEnd(NAME_COL)}${'GiB'.padStart(GIB_COL - 2)}  how`];
  for (const c of components) lines.push(row(c.name, c.bytes, c.formula));
  const cap = capacity !== null ? ` ${gib(capacity)}` : '';
  lines.push(`  ${totalLabel.padEnd(NAME_COL - 2)}${gib(total).padStart(GIB_COL - 2)}  ${bar(total, capacity, 26)}${cap}`);
  return lines.join('\n');
}

/**
 * An estimate for the terminal. The first line is the verdict, the sentence chat answers with
 * (issue 24: as in chat); then how the request was read, then the verdict on the setup as read
 * where it says more than the first line, the breakdown, the levers and the tips.
 */
function renderEstimate(r: EstimateReply): string {
  const parts: string[] = [];
  // The verdict on the setup as read is the same sentence when no question or envelope answers instead: said once, first.
  const same = r.verdict.headline.replace(/\.$/, '') === r.summary.verdict;
  parts.push(wrap(same ? r.verdict.headline : r.summary.verdict, WIDTH, 2));
  if (r.summary.reported) parts.push(wrap(r.summary.reported, WIDTH, 2));
  parts.push('');
  parts.push(wrap(`Read as: ${r.reading}`, WIDTH, 2));
  if (r.assumptions.length) parts.push(wrap(`Defaults used: ${r.assumptions.join('; ')}`, WIDTH, 2));
  if (r.ignored.length) parts.push(wrap(`Not used: ${r.ignored.map((w) => `"${w}"`).join(', ')}`, WIDTH, 2));
  parts.push('');
  if (!same) parts.push(wrap(r.verdict.headline, WIDTH, 2));
  parts.push(wrap(`  ${r.verdict.detail}`, WIDTH, 2));
  if (r.answer) {
    parts.push('');
    parts.push(wrap(`Answer: ${r.answer.text}`, WIDTH, 2));
  }
  parts.push('');
  const e = r.estimate;
  parts.push(breakdownTable(r.breakdown, 'peak (what nvidia-smi shows)', e.deviceBytes, e.capacityBytes));
  parts.push(`  ${'  max_memory_allocated'.padEnd(NAME_COL - 2)}${gib(e.peakAllocatedBytes).padStart(GIB_COL - 2)}`);
  parts.push(`  ${'  max_memory_reserved'.padEnd(NAME_COL - 2)}${gib(e.peakReservedBytes).padStart(GIB_COL - 2)}`);
  if (e.hostBytes > 0) parts.push(`  ${'host RAM for offload (per node)'.padEnd(NAME_COL - 2)}${gib(e.hostBytes).padStart(GIB_COL - 2)}`);
  if (e.serving) {
    parts.push('');
    parts.push(wrap(`Serving: KV cache room for ${grouped(e.serving.kvCapacityTokens)} tokens = ${e.serving.concurrentSequences} concurrent sequences of ${r.scenario.seq} tokens (${gib(e.serving.kvBytesPerToken * 1024, 2)} GiB per 1k tokens).`, WIDTH, 2));
  }
  for (const note of e.notes) parts.push(wrap(`Note: ${note}`, WIDTH, 2));
  if (r.levers.length) {
    parts.push('');
    parts.push(r.verdict.status === 'unknown' ? 'To need less (each re-estimated):' : 'Make it fit (each re-estimated):');
    r.levers.slice(0, 3).forEach((l, i) => {
      const mark = l.fits === null ? ' ' : l.fits ? '✓' : '✗';
      const extra = l.note ? `; ${l.note}` : '';
      const head = `  ${i + 1}. ${l.change.padEnd(20)} ${gib(l.deviceBytes).padStart(6)} GiB ${mark}  `;
      const lines = wrap(`${l.cost}${extra}`, WIDTH - head.length).split('\n');
      parts.push([head + lines[0], ...lines.slice(1).map((x) => ' '.repeat(head.length) + x)].join('\n'));
    });
  }
  if (r.tips.length) {
    parts.push('');
    for (const t of r.tips) parts.push(`Tip — ${t.title}:`, ...t.text.split('\n').map((line) => wrap(`  ${line}`, WIDTH, 4)));
  }
  parts.push('');
  parts.push(wrap(`Follow up: ${r.followUps.map((f) => `"${f}"`).join(', ')}`, WIDTH, 2));
  return parts.join('\n');
}

function renderHelp(r: HelpReply): string {
  const parts = [r.title];
  if (r.text) parts.push('', wrap(r.text, WIDTH, 2));
  for (const t of r.tips) parts.push('', `${t.title}:`, wrap(t.text, WIDTH, 2));
  if (r.examples.length) parts.push('', 'Examples:', ...r.examples.map((e) => `  ${e}`));
  return parts.join('\n');
}

/** The text-and-caret pair cut to a window of the terminal's width around the caret. */
export function caretWindow(caret: string, at: number, width = WIDTH): string {
  const [text = '', mark = ''] = caret.split('\n');
  if (text.length <= width) return `${text}\n${mark}`;
  const start = Math.max(0, Math.min(at - Math.floor(width / 2), text.length - width + 1));
  const prefix = start > 0 ? '…' : '';
  return `${prefix}${text.slice(start, start + width - prefix.length)}\n${' '.repeat(prefix.length)}${mark.slice(start, start + width - prefix.length)}`;
}

export function renderError(r: ErrorReply): string {
  // A question ("Which model? I read: …") points at no fault: no caret, no list of tokens.
  if (r.question) return [wrap(r.message, WIDTH), `Example: ${r.example}`].join('\n');
  const parts = [wrap(r.message, WIDTH), '', caretWindow(r.caret, r.at)];
  if (r.expected.length) parts.push('', wrap(`Expected: ${r.expected.join(', ')}`, WIDTH, 2));
  if (r.suggestion) parts.push(`Did you mean: ${r.suggestion}`);
  parts.push(`Example: ${r.example}`);
  return parts.join('\n');
}

export function renderText(r: Reply): string {
  switch (r.kind) {
    case 'estimate':
      return renderEstimate(r);
    case 'help':
      return renderHelp(r);
    case 'error':
      return renderError(r);
    case 'diagnosis':
      return renderDiagnosisText(r);
  }
}
