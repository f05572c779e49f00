import type { Piece } from '../../mapped-text.js';
import type { ProseRule } from '../types.js';

/**
 * A pasted results table with a length column is a sweep over lengths, not one run (s32, b67–b69 at first sight):
 * mlx-lm's "Context | prompt tok/s pre | … | memory GB post" rows at 4096, 8192 and 16384 (ml-explore/mlx-lm#839,
 * c2393) read nothing, and SGLang's "| Input-Output Length | … |" rows 1000-2000, 5000-1000, 10000-500
 * (sgl-project/sglang#5846, c2380) read its first cell as the sequence.
 *
 * - A column of the context or sequence length (Context, ctx, seq_len, Sequence Length, 上下文长度, 컨텍스트 …):
 *   the largest row is the length to answer for, read weak and said with the other rows; the other cells go.
 * - A column of a benchmark's request lengths (Input-Output Length, ISL/OSL, input/output, prompt/gen): the
 *   requests a benchmark sends, not the engine's length (as `--input-len`/`--output-len`): set aside, said.
 *
 * Only a table of pipes with a separator row ("---|---"), so a sentence with a bar in it is never one.
 */
const TABLE = /^[^\n|]*\|[^\n]*\n[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*\|[^\n]*(?:\n[^\n]*\|[^\n]*)+/gm;
const LENGTH_HEADER = /^(?:max[ _-]?)?(?:context(?:[ _-]?(?:length|len|size|window))?|ctx(?:[ _-]?(?:len|size))?|n_ctx|num_ctx|seq(?:uence)?(?:[ _-]?(?:length|len))?|seqlen|prompt[ _-]?(?:length|len|tokens)|input[ _-]?(?:length|len|tokens)|tokens|上下文(?:长度)?|序列长度|长度|컨텍스트(?:\s*길이)?|시퀀스\s*길이)(?:\s*\((?:tokens?|k)\))?$/i;
const REQUEST_HEADER = /^(?:input[ _-]*(?:\/|-|and|&)?[ _-]*output(?:[ _-]*(?:length|len|tokens))?|isl\s*\/\s*osl|in\s*\/\s*out|prompt\s*[-/+]\s*(?:output|gen(?:eration)?|completion)(?:[ _-]*(?:length|len|tokens))?|输入[-/]?输出(?:长度)?)$/i;
const LENGTH_CELL = /^(\d+(?:\.\d+)?)\s*(k)?$/i;

interface Cell {
  text: string;
  /** Offset of the cell's trimmed text from the table's start. */
  at: number;
}

function cellsOf(line: string, lineAt: number): Cell[] {
  const cells: Cell[] = [];
  let start = 0;
  const bars = [...line.matchAll(/\|/g)].map((m) => m.index);
  const bounds = [-1, ...bars, line.length];
  for (let k = 0; k + 1 < bounds.length; k++) {
    start = bounds[k]! + 1;
    const raw = line.slice(start, bounds[k + 1]);
    const lead = raw.length - raw.trimStart().length;
    cells.push({ text: raw.trim(), at: lineAt + start + lead });
  }
  // A leading or trailing bar leaves an empty first or last cell: not a column.
  if (cells.length && cells[0]!.text === '' && line.trimStart().startsWith('|')) cells.shift();
  if (cells.length && cells.at(-1)!.text === '' && line.trimEnd().endsWith('|')) cells.pop();
  return cells;
}

const tokensOf = (cell: string) => {
  const m = LENGTH_CELL.exec(cell);
  return m ? Number(m[1]) * (m[2] ? 1024 : 1) : NaN;
};

function readTable(m: RegExpExecArray, notes: string[]): Piece[] | string {
  const lines: { text: string; at: number }[] = [];
  let at = 0;
  for (const text of m[0].split('\n')) {
    lines.push({ text, at });
    at += text.length + 1;
  }
  const header = cellsOf(lines[0]!.text, lines[0]!.at);
  const rows = lines.slice(2).map((l) => cellsOf(l.text, l.at));
  const column = header.findIndex((c) => LENGTH_HEADER.test(c.text) || REQUEST_HEADER.test(c.text));
  if (column < 0) return m[0];
  const head = header[column]!;
  const cells = rows.map((r) => r[column]).filter((c): c is Cell => c !== undefined && c.text !== '');
  if (cells.length === 0) return m[0];
  const blankOf = (c: Cell): Piece => ({ text: ' '.repeat(c.text.length), from: c.at, to: c.at + c.text.length });
  if (REQUEST_HEADER.test(head.text)) {
    notes.push(`"${head.text}" column (${cells.map((c) => c.text).join(', ')}): the requests a benchmark sends, not the engine's length; not read (say "seq N" for the length you serve)`);
    return tiled(m[0], [blankOf(head), ...cells.map(blankOf)]);
  }
  const lengths = cells.map((c) => tokensOf(c.text));
  if (lengths.some((n) => !Number.isFinite(n) || n < 16)) return m[0];
  const largest = lengths.indexOf(Math.max(...lengths));
  const kept = cells[largest]!;
  if (cells.length > 1) notes.push(`"${head.text}" column lists ${cells.map((c) => c.text).join(', ')}: a sweep; read its largest, ${kept.text} (say "seq N" for another row)`);
  return tiled(m[0], [blankOf(head), ...cells.map((c, k) => (k === largest ? { text: `seq ${lengths[k]}`, from: c.at, to: c.at + c.text.length } : blankOf(c)))]);
}

/** The edits, in order, with the table's own text between them, so the pieces tile the whole match. */
function tiled(table: string, edits: Piece[]): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  for (const e of [...edits].sort((a, b) => a.from - b.from)) {
    if (e.from > at) out.push({ text: table.slice(at, e.from), from: at, to: e.from });
    out.push(e);
    at = e.to;
  }
  if (at < table.length) out.push({ text: table.slice(at), from: at, to: table.length });
  return out;
}

export const LENGTH_TABLE_RULES: readonly ProseRule[] = [
  {
    // Weak: the table sweeps lengths; the largest row is the one the reply answers for, said with the others.
    id: 'prose.length-table',
    pattern: TABLE,
    when: (t) => t.includes('|') && /-{2,}/.test(t),
    write: (m, notes) => readTable(m, notes),
    example: 'Context | prompt tok/s pre | memory GB pre\n----- | ---- | -----\n4096 | 199.149 | 401.668\n8192 | 176.519 | 424.215\n16384 | 139.040 | 469.906',
    source: 'ml-explore/mlx-lm#839',
    weak: true,
  },
];
