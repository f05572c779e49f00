import type { Guarded } from './types.js';

/**
 * A table's column of sizes or memory in use is a measurement, never a card (rhw12, s33): llama-bench's
 * `| model | size | params | backend |` rows give each model file's size ("| llama 7B Q4_0 | 3.56 GiB |",
 * ggml-org/llama.cpp#4812, c2489: read as a 3.6 GiB card; "| qwen3moe 30B.A3B Q8_0 | 30.25 GiB |", #15616, c2475: a
 * 30.25 GB card), and people's own tables report what a run took ("| GPU | memory used |", "| 显存占用 |", "| peak |").
 * A column named by the card's own memory ("VRAM", "memory" alone) is what the card has, and is left to the parts.
 * Markdown tables only: a header row of cells between pipes, its separator row of dashes under it, and the rows under
 * that, each cell read by its place.
 */
export const TABLE_COLUMN_RULE = {
  id: 'not-hw.table-column',
  example: '| model | size | params | backend |\n| --- | ---: | ---: | --- |\n| llama 7B Q4_0 | 3.56 GiB | 6.74 B | CUDA |',
  source: 'ggml-org/llama.cpp#4812 (corpus c2489)',
} as const;

/** A header that names a size or memory in use (normalised, lower-case, trimmed). */
const MEASURED_HEADER =
  /^(?:(?:model|file|weights?|checkpoint|gguf|disk)\s*)?size(?:\s*\(.*\))?$|^(?:(?:gpu|vram|memory|mem)\s+)?(?:used|usage|use|peak|allocated|reserved)(?:\s+(?:memory|mem|vram))?(?:\s*\(.*\))?$|^(?:peak|max|used|allocated|reserved)\s+(?:gpu\s+)?(?:memory|mem|vram)(?:\s+(?:used|usage))?(?:\s*\(.*\))?$|^(?:显存|内存)?(?:占用|使用|用量|峰值)(?:显存|内存)?(?:\s*\(.*\))?$|^(?:모델\s*)?(?:크기|사용량)$/;
/** A memory amount in a cell. */
const AMOUNT = /\d+(?:\.\d+)?\s*(?:gib|gb|g|mib|mb)(?![a-z])/g;
// llama-bench right-aligns a narrow column with one dash ("| -: |").
const SEPARATOR_ROW = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?\s*$/;

/** Cells of a table line, each with its offset in the text. */
function cells(line: string, lineAt: number): { at: number; text: string }[] {
  const out: { at: number; text: string }[] = [];
  let at = 0;
  for (const piece of line.split('|')) {
    out.push({ at: lineAt + at, text: piece });
    at += piece.length + 1;
  }
  return out;
}

/** The amounts in measured columns of every markdown table in the (normalised) text, set aside. */
export function tableColumnGuards(text: string): Guarded[] {
  if (!text.includes('|')) return [];
  const found: Guarded[] = [];
  const lines: { at: number; text: string }[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    lines.push({ at, text: line });
    at += line.length + 1;
  }
  for (let i = 0; i + 1 < lines.length; i++) {
    const header = lines[i]!;
    if (!header.text.includes('|') || !SEPARATOR_ROW.test(lines[i + 1]!.text)) continue;
    const measured = cells(header.text, header.at).flatMap((c, k) => (MEASURED_HEADER.test(c.text.trim()) ? [k] : []));
    if (!measured.length) continue;
    for (let j = i + 2; j < lines.length && lines[j]!.text.includes('|'); j++) {
      const row = cells(lines[j]!.text, lines[j]!.at);
      for (const k of measured) {
        const cell = row[k];
        if (!cell) continue;
        for (const m of cell.text.matchAll(AMOUNT)) {
          const numberAt = cell.at + m.index;
          found.push({ rule: TABLE_COLUMN_RULE.id, role: 'measurement', at: numberAt, end: numberAt + m[0].length, numberAt, numberEnd: numberAt + m[0].length });
        }
      }
    }
  }
  return found;
}
