import { respond } from '../src/core/assistant.js';
import { stageTimes } from './reader-stages.js';

/**
 * `npm run bench:reader`: CPU time of one whole answer (reading, estimate, reply) for messages
 * of one thing said over and over, up to the 6,000-character cap (issue 26: "lora r8 r8 …" took
 * seconds). CPU time of this process (process.cpuUsage), median of 5. Prints a table; asserts
 * nothing (test/language/reader-cost.test.ts holds the bounds). Then the reader's stages over the whole
 * corpus (reader-stages.ts).
 */

const CAP = 6000;

/** `prefix`, then `unit` + `separator` up to the cap, then `suffix`. */
function message(prefix: string, unit: string, separator = ' ', suffix = ''): string {
  let text = prefix;
  while (text.length + unit.length + separator.length + suffix.length <= CAP) text += unit + separator;
  return text + suffix;
}

const LATE_FAILURES = ' 5'.repeat(25);

const SHAPES: [string, string][] = [
  ['"r8 r8 …"', message('', 'r8')],
  ['"7b lora r8 r8 …"', message('7b lora ', 'r8')],
  ['"7b lora r8 …" in prose, bare numbers at the end', message('7b lora\n', 'r8', ' ', LATE_FAILURES)],
  ['"7b bs 8 bs 8 …" in prose, bare numbers at the end', message('7b\n', 'bs 8', ' ', LATE_FAILURES)],
  ['"lora lora …"', message('', 'lora')],
  ['"bs 8 bs 8 …"', message('', 'bs 8')],
  ['"on 8xH100 …"', message('7b ', 'on 8xH100')],
  ['"7b 7b …"', message('', '7b')],
  ['numbers', message('', '4096')],
  ['unknown words', message('', 'flurbish')],
  ['punctuation', message('', '!?,;:', '')],
  ['Hub ids', message('', 'meta-llama/Llama-2-7b-hf')],
  ['backticks', message('', '`bs 8`')],
  ['code fences', message('', '```\nbs 8\n```', '\n')],
  ['nested brackets', `${'('.repeat(2990)}7b${')'.repeat(2990)}`],
  // Long runs of spaces after amounts, as a pasted nvidia-smi table has them (corpus c530 took 0.5 s in one look-behind).
  ['long runs of spaces', message('', '15360MiB |', ' '.repeat(600))],
  ['40 KB (over the cap)', 'r8 '.repeat(13_600)],
];

function cpuMs(text: string): number {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    // Each run reads the text anew: a trailing space more misses the parser's cache of recent texts (as
    // test/language/reader-cost.test.ts does), which had made four of the five runs cache hits.
    const before = process.cpuUsage();
    respond(text.slice(0, Math.max(0, text.length - 5)) + ' '.repeat(i + 1), null);
    const used = process.cpuUsage(before);
    runs.push((used.user + used.system) / 1000);
  }
  return runs.sort((a, b) => a - b)[2]!;
}

respond('7b lora on a 4090', null); // modules loaded and warm
const rows = SHAPES.map(([label, text]) => [label, String(text.length), cpuMs(text).toFixed(1)]);
const headers = ['message', 'chars', 'CPU ms (median of 5)'];
const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`headroom reader cost — one answer per message, Node ${process.version}`);
console.log([line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n'));

const stages = stageTimes();
const stageRows = stages.map((r) => [r.stage, r.totalMs.toFixed(0), r.worstMs.toFixed(1), `line ${r.worstLine + 1}`]);
const stageHeaders = ['stage', 'CPU ms, whole corpus', 'slowest line, ms', 'which'];
const stageWidths = stageHeaders.map((h, i) => Math.max(h.length, ...stageRows.map((r) => r[i]!.length)));
const stageLine = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(stageWidths[i]!)).join(' | ')} |`;
console.log(`\nthe reader's stages over test/corpus/requests.jsonl, each timed alone (one pass; the whole answer includes them all)`);
console.log([stageLine(stageHeaders), `|${stageWidths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...stageRows.map(stageLine)].join('\n'));
