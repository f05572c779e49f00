import type { MeasuredRow } from './csv.js';

/**
 * The rules other estimators use, from their published formulas, applied to a reference row.
 * Each returns decimal GB, or null when the rule does not cover the row.
 */
export interface Peer {
  name: string;
  predict: (row: MeasuredRow, params: { total: number; lmHead: number; largestLayer: number }) => number | null;
}

function billions(n: number): number {
  return n / 1e9;
}

function is4bit(row: MeasuredRow): boolean {
  return /nf4|int4|4bit/i.test(row.weight_precision);
}

function dtypeBytes(row: MeasuredRow): number {
  if (is4bit(row)) return 0.5;
  return /fp32/i.test(row.weight_precision) && !/master/i.test(row.weight_precision) ? 4 : 2;
}

/**
 * Accelerate `estimate-memory`: loads `AutoModel` (no LM head) and reports, for training with Adam,
 * the largest of its stages: 4 × the model's size in the chosen dtype; for inference the size.
 */
const accelerate: Peer = {
  name: 'Accelerate estimate-memory',
  predict: (row, p) => {
    const size = (p.total - p.lmHead) * dtypeBytes(row);
    return (row.method === 'inference' ? size : 4 * size) / 1e9;
  },
};

/**
 * DeepSpeed's model-state estimators (`estimate_zero2_model_states_mem_needs`,
 * `estimate_zero3_model_states_mem_needs`): ZeRO-0/1/2 4Ψ + 16Ψ/N (2Ψ with CPU offload);
 * ZeRO-3 largest layer × 4 + 18Ψ/N (2Ψ/N with optimizer offload, none with parameter offload).
 * Counts every parameter as trainable; nothing for activations.
 */
const deepspeed: Peer = {
  name: 'DeepSpeed model-state estimator',
  predict: (row, p) => {
    if (row.method === 'inference') return null;
    const n = Number(row.dp) || 1;
    const offload = /cpu/i.test(row.offload);
    const stage = /FSDP/i.test(row.zero_stage) ? 3 : Number(row.zero_stage) || 0;
    if (stage === 3) {
      const largest = 4 * p.largestLayer;
      if (offload && /param/i.test(row.offload)) return largest / 1e9;
      return (largest + ((offload ? 2 : 18) * p.total) / n) / 1e9;
    }
    return (offload ? 2 * p.total : 4 * p.total + (16 * p.total) / n) / 1e9;
  },
};

/** "16 bytes per parameter" for training, 2 for 16-bit inference. */
const sixteen: Peer = {
  name: '16 × params rule of thumb',
  predict: (row, p) => (row.method === 'inference' ? (p.total * dtypeBytes(row)) / 1e9 : (16 * p.total) / 1e9),
};

/**
 * LLaMA-Factory's hardware table (GB for x billion parameters): full AMP 18x, full 16-bit 8x,
 * LoRA 16-bit 2x, QLoRA 8-bit x, QLoRA 4-bit x/2. Training only.
 */
const llamaFactory: Peer = {
  name: 'LLaMA-Factory table',
  predict: (row, p) => {
    const x = billions(p.total);
    if (row.method === 'inference' || row.method === 'pretrain') return null;
    if (row.method === 'qlora') return is4bit(row) ? x / 2 : x;
    if (row.method === 'lora') return 2 * x;
    return /fp32|master|amp|mixed/i.test(`${row.weight_precision} ${row.compute_precision}`) ? 18 * x : 8 * x;
  },
};

export const PEERS: Peer[] = [accelerate, deepspeed, sixteen, llamaFactory];
