import { numeric } from './readers.js';
import type { Handler, KeyTable } from './values.js';

/**
 * Training programs' own spellings of the length, the per-GPU micro-batch and the accumulation
 * (issue 22: "a key inside a config in each framework's spelling"), found missing when every
 * framework's keys were tried against the reader (session 24, rseq3):
 * - PyTorch Lightning's `Trainer(accumulate_grad_batches=N)`, which RWKV-LM and other Lightning
 *   scripts pass as `--accumulate_grad_batches 8`;
 * - RWKV-LM's train.py: `--ctx_len 1024` (the training length), `--micro_bsz 8` (the batch per GPU,
 *   "每个GPU的微批次大小" in a commented copy of its argparse);
 * - nanotron's `tokens:` block: `sequence_length: 4096`, `micro_batch_size: 2` (read already) and
 *   `batch_accumulation_per_replica: 1`, the steps each data-parallel replica accumulates.
 *
 * `sequence_length` is read only in nanotron's block (under `tokens`, or beside its batch keys):
 * optimum-benchmark's `input_shapes: {batch_size: 1, sequence_length: 256}` (c726) is the prompt a
 * benchmark sends a vLLM backend, which plans its memory for the model's whole length, not that.
 * Elsewhere the key is left to the words around it (null): "sequence_length设置为512" in prose (c967).
 */
const NANOTRON_BESIDE = ['batch_accumulation_per_replica', 'micro_batch_size', 'train_steps'];
const nanotronLength: Handler = (v, ctx) =>
  ctx.parent === 'tokens' || NANOTRON_BESIDE.some((k) => ctx.keys.has(k)) ? numeric('seq')(v, ctx) : null;
/**
 * Keys read only inside their program's block: named in prose with a value ("sequence_length设置为512", c967) they are
 * left to the words around them, so prepare.ts does not rewrite them into a `key=value` the block reader would set aside.
 */
export const BLOCK_ONLY_KEYS: ReadonlySet<string> = new Set(['sequence_length']);

export const TRAINER_SPELLING_KEYS: KeyTable = {
  accumulate_grad_batches: { reads: numeric('ga'), source: 'lightning Trainer(accumulate_grad_batches); BlinkDL/RWKV-LM train.py' },
  ctx_len: { reads: numeric('seq'), source: 'BlinkDL/RWKV-LM RWKV-v5/train.py --ctx_len' },
  micro_bsz: { reads: numeric('bs'), source: 'BlinkDL/RWKV-LM RWKV-v5/train.py --micro_bsz' },
  sequence_length: { reads: nanotronLength, source: 'huggingface/nanotron config tokens.sequence_length' },
  batch_accumulation_per_replica: { reads: numeric('ga'), source: 'huggingface/nanotron config tokens.batch_accumulation_per_replica' },
};
