import type { MeasuredRow } from './csv.js';
import type { RowRequest } from './requests.js';

/**
 * Rows from our own GPU harness (bench/gpu/measure.py) carry their configuration in the same
 * columns as measured.csv; this writes the request a user would type for them.
 */
export function requestFromColumns(row: MeasuredRow): RowRequest {
  const model = row.model.replace(/\s*\(.*\)\s*$/, '').replace(/-like$/i, '');
  const parts = [model];
  if (row.method === 'lora' || row.method === 'qlora') {
    const targets = /all-linear/i.test(row.notes) ? 'all-linear' : 'q,v';
    parts.push(`${row.method} r${row.lora_rank || 8} ${targets}`);
  }
  if (row.method === 'inference') parts.push('infer');
  parts.push(/fp32/i.test(row.weight_precision) ? 'amp' : 'pure bf16');
  if (/foreach/i.test(row.optimizer)) parts.push('adamw foreach');
  else if (/fused/i.test(row.optimizer)) parts.push('adamw fused');
  if (row.micro_batch) parts.push(`bs ${row.micro_batch}`);
  if (row.seq_len) parts.push(`seq ${row.seq_len}`);
  parts.push(row.grad_ckpt === 'yes' ? 'gc' : 'no gc');
  parts.push(/eager/i.test(row.flash_attn) ? 'eager' : 'sdpa');
  parts.push('on h200');
  return { text: parts.join(' ') };
}
