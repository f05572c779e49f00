import { readFileSync } from 'node:fs';

/** One row of measured.csv (and of bench/gpu/results/*.csv, which share its columns). */
export type MeasuredRow = Record<
  | 'id' | 'source' | 'model' | 'params_b' | 'method' | 'weight_precision' | 'compute_precision' | 'optimizer'
  | 'zero_stage' | 'dp' | 'offload' | 'micro_batch' | 'seq_len' | 'grad_ckpt' | 'flash_attn' | 'lora_rank' | 'gpu'
  | 'peak_gb_per_gpu' | 'what_measured' | 'notes',
  string
>;

/** RFC 4180 CSV: quoted fields, doubled quotes, commas and newlines inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

export function readMeasured(path: string): MeasuredRow[] {
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  if (!header) return [];
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])) as MeasuredRow);
}
