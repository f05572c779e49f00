import type { ErrorReply } from '../reply/types.js';
import { DEFAULTS } from './defaults.js';
import type { Resolution } from './resolution.js';

/**
 * A server's --max-num-seqs (SGLang's --max-running-requests, "max seqs N") caps how many sequences
 * it schedules at once; it is no batch the server must hold: vLLM starts once one max_model_len
 * sequence fits its KV cache and preempts past what the cache holds. The reader writes the key as
 * "max seqs N" (config-keys/batch.ts); a batch said beside it with the same number ("bs 16 max seqs
 * 16", the key's old reading, kept in readings of c008, c316, c381) is the cap said twice, so both
 * spellings are one scenario: the concurrency the estimate must hold stays the one the user asks
 * for, else the default (c632 `--max-running-requests 12`, c648 `--max-num-seqs=16`).
 */
export function maxSeqsStep(r: Resolution): ErrorReply | null {
  const s = r.s;
  const maxSeqs = r.patch.value<number>('maxSeqs');
  const mbs = r.patch.value<number>('mbs');
  if (s.mode !== 'inference' || maxSeqs === undefined || mbs !== maxSeqs) return null;
  s.microBatch = r.base?.mode === 'inference' ? r.base.microBatch : DEFAULTS.microBatch;
  r.assume(`"bs ${mbs}" beside max seqs ${maxSeqs} read as the server's cap said twice, not ${mbs} sequences it must hold at once: micro-batch ${s.microBatch} (say "bs ${mbs}" alone if the server must hold ${mbs} at once)`);
  return null;
}
