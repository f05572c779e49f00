import type { LossScale, NanLines, PrecisionHint } from '../findings.js';
import type { Paste } from '../text.js';

const NUMBER = String.raw`(\d{1,20}(?:\.\d{1,20})?(?:e[-+]?\d{1,3})?)`;

/** DeepSpeed's fp16 loss scaler (runtime/fp16/loss_scaler.py update_scale; older "[deepscale]" builds). */
const DEEPSPEED = new RegExp(String.raw`OVERFLOW! Rank \d{1,6} Skipping step\. Attempted loss scale: ${NUMBER}, reducing to ${NUMBER}`, 'g');
const DEEPSPEED_MINIMUM = /Current loss scale already at minimum/;
/** apex.amp (apex/amp/scaler.py): "Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to S". */
const APEX = new RegExp(String.raw`Gradient overflow\. {1,3}Skipping step, loss scaler \d{1,3} reducing loss scale to ${NUMBER}`, 'g');
/** fairseq (trainer.py): "NOTE: overflow detected, setting loss scale to: S", later "gradient overflow detected, ignoring gradient, setting …". */
const FAIRSEQ = new RegExp(String.raw`overflow detected, (?:ignoring gradient, )?setting loss scale to: ${NUMBER}`, 'g');
const FAIRSEQ_MINIMUM = /Minimum loss scale reached/;

export function detectLossScale(paste: Paste): LossScale[] {
  const flat = paste.flat;
  const deepspeed = paste.matchAll(flat, DEEPSPEED);
  const minimum = paste.match(flat, DEEPSPEED_MINIMUM) !== null;
  if (deepspeed.length > 0 || minimum) {
    const pairs = deepspeed.map((m) => [Number(m[1]), Number(m[2])] as const);
    const scales = pairs.map(([from]) => from);
    const lastTo = pairs.at(-1)?.[1];
    if (lastTo !== undefined) scales.push(lastTo);
    const halvings = pairs.filter(([from, to]) => to < from).length;
    const floor = pairs.some(([from, to]) => to >= from && from <= 1);
    return [{ kind: 'loss-scale', source: 'deepspeed', scales, halvings, atMinimum: minimum || floor }];
  }
  const apex = paste.matchAll(flat, APEX);
  if (apex.length > 0) {
    const scales = apex.map((m) => Number(m[1]));
    return [{ kind: 'loss-scale', source: 'apex', scales: [scales[0]! * 2, ...scales], halvings: scales.length, atMinimum: false }];
  }
  const fairseq = paste.matchAll(flat, FAIRSEQ);
  const fairseqMinimum = paste.match(flat, FAIRSEQ_MINIMUM) !== null;
  if (fairseq.length > 0 || fairseqMinimum) {
    const scales = fairseq.map((m) => Number(m[1]));
    const first = scales[0];
    return [{ kind: 'loss-scale', source: 'fairseq', scales: first === undefined ? [] : [first * 2, ...scales], halvings: scales.length, atMinimum: fairseqMinimum }];
  }
  return [];
}

/** "loss: nan", "'loss': nan", "loss=nan", "grad_norm: nan" (HF Trainer, mmengine, Megatron, Lightning). */
const NAN_FIELD = /(loss|grad_norm)['"]? {0,3}[:=] {0,3}(?:nan|NaN|NAN|-?inf)\b/i;
const FINITE_LOSS = /loss['"]? {0,3}[:=] {0,3}-?\d/i;
const LEARNING_RATE = new RegExp(String.raw`(?:learning_rate|\blr)['"]? {0,3}[:=] {0,3}\[?${NUMBER}`, 'i');

export function detectNan(paste: Paste): NanLines[] {
  const lines = paste.raw.split('\n', 4000);
  paste.work += paste.raw.length;
  let first: string | null = null;
  let count = 0;
  let finiteBefore = false;
  const fields = new Set<'loss' | 'grad_norm'>();
  for (const line of lines) {
    const short = line.slice(0, 2000);
    const m = paste.match(short, NAN_FIELD);
    if (!m) {
      if (first === null && paste.match(short, FINITE_LOSS)) finiteBefore = true;
      continue;
    }
    count++;
    fields.add(m[1]!.toLowerCase() === 'loss' ? 'loss' : 'grad_norm');
    if (first === null) first = short.trim();
  }
  if (first === null) return [];
  const lr = paste.match(first, LEARNING_RATE);
  return [{ kind: 'nan', lines: count, fields: [...fields], first: first.length > 240 ? `${first.slice(0, 239)}…` : first, learningRate: lr ? Number(lr[1]) : null, finiteBefore }];
}

const BF16 = /\b(?:bf16|bfloat16)\b/i;
const FP16 = /\b(?:fp16|float16|half precision)\b/i;

/** The precision the pasted text names, when it names exactly one. */
export function precisionHint(paste: Paste): PrecisionHint {
  const bf16 = paste.match(paste.flat, BF16) !== null;
  const fp16 = paste.match(paste.flat, FP16) !== null;
  if (bf16 === fp16) return null;
  return bf16 ? 'bf16' : 'fp16';
}

/** Every pattern these detectors run (test/diagnose/patterns.test.ts lints them for backtracking). */
export const NUMERIC_PATTERNS = [DEEPSPEED, DEEPSPEED_MINIMUM, APEX, FAIRSEQ, FAIRSEQ_MINIMUM, NAN_FIELD, FINITE_LOSS, LEARNING_RATE, BF16, FP16];
