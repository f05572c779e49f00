import type { MappedText } from './mapped-text.js';

/**
 * Tool output pasted around a question (issue 11 §2): nvidia-smi's memory column and its whole
 * table. Its numbers are a measurement, never a request word: `22457MiB / 24564MiB` is memory in
 * use out of the card's total (vllm-project/vllm#22177), so the total is the card's memory and the
 * figure in use is no card at all. Runs on normalised (lower-case) text.
 */

const blank = (s: string) => s.replace(/[^\n]/g, ' ');

/** GiB of a MiB figure, as a card's class: 24564 MiB is a 24 GB card, 81559 MiB (H100) an 80 GB one. */
const gib = (mib: number) => Math.round(mib / 1024);

/** nvidia-smi's Memory-Usage column, `used / total` in MiB. */
const USAGE = /(?<![\w.])(\d+)[ \t]*mib[ \t]*\/[ \t]*(\d+)[ \t]*mib(?![\w])/g;

/**
 * A row of nvidia-smi's GPU table: `|   0  NVIDIA GeForce RTX 3090   Off | 00000000:01:00.0 Off |   N/A |`
 * (index, name, persistence mode, then the PCI bus id). The name may be cut with "...".
 */
const GPU_ROW = /^\|[ \t]*(\d+)[ \t]+(.+?)[ \t]+(?:on|off)[ \t]*\|[ \t]*[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-9a-f][^\n]*$/;
/** A table line: `|…|` or a `+---+` / `|===|` rule. */
const TABLE_LINE = /^[ \t]*[|+][^\n]*$/;

interface Table {
  from: number;
  to: number;
  gpus: Set<string>;
  name: string | null;
  totalMiB: number | null;
}

/**
 * nvidia-smi's tables, pasted whole: the GPU rows give the card (its name) and the count (one row
 * per index); the memory rows give the card's memory. The header, the processes table, clocks,
 * power and temperature are read as nothing. The table becomes "<count>x <name> <memory>gb" in
 * the place of its first GPU row.
 */
function tables(text: MappedText): MappedText {
  const lines = text.text.split('\n');
  const found: Table[] = [];
  for (let n = 0; n < lines.length; n++) {
    if (!TABLE_LINE.test(lines[n]!)) continue;
    let end = n;
    while (end + 1 < lines.length && (TABLE_LINE.test(lines[end + 1]!) || /^[ \t]*$/.test(lines[end + 1]!) && TABLE_LINE.test(lines[end + 2] ?? ''))) end++;
    const block = lines.slice(n, end + 1);
    const table: Table = { from: n, to: end, gpus: new Set(), name: null, totalMiB: null };
    for (const line of block) {
      const row = GPU_ROW.exec(line);
      if (row) {
        table.gpus.add(row[1]!);
        table.name ??= row[2]!.replace(/\.{2,}.*$/, '').replace(/[-_ ]+$/, '');
      }
      const usage = /\|[ \t]*\d+[ \t]*mib[ \t]*\/[ \t]*(\d+)[ \t]*mib[ \t]*\|/.exec(line);
      if (usage) table.totalMiB ??= Number(usage[1]);
    }
    if (table.gpus.size || block.some((l) => /nvidia-smi|memory-usage|gpu memory/.test(l))) found.push(table);
    n = end;
  }
  if (!found.length) return text;
  const starts = new Map<number, string>();
  let offset = 0;
  const lineAt: number[] = [];
  for (const line of lines) {
    lineAt.push(offset);
    offset += line.length + 1;
  }
  for (const t of found) {
    const firstRow = lines.findIndex((l, n) => n >= t.from && n <= t.to && GPU_ROW.test(l));
    for (let n = t.from; n <= t.to; n++) starts.set(lineAt[n]!, '');
    if (firstRow < 0 || !t.name) continue;
    const memory = t.totalMiB !== null ? ` ${gib(t.totalMiB)}gb` : '';
    starts.set(lineAt[firstRow]!, ` ${t.gpus.size}x ${t.name}${memory} `);
  }
  return text.replace(/^[^\n]*$/gm, (m) => {
    const words = starts.get(m.index);
    if (words === undefined) return m[0];
    return words ? words : blank(m[0]);
  });
}

/** nvidia-smi's tables and its `used / total` memory figures, read as the cards they show. */
export function readToolOutput(text: MappedText): MappedText {
  if (!/mib/.test(text.text)) return text;
  return tables(text).replace(USAGE, (m) => {
    // The figure in use goes; the total keeps its own place in the user's text.
    const at = m[0].lastIndexOf(m[2]!);
    return [
      { text: blank(m[0].slice(0, at)), from: 0, to: at },
      { text: `${gib(Number(m[2]))}gb`, from: at, to: m[0].length },
    ];
  });
}
