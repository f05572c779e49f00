import type { Scenario } from '../scenario/schema.js';
import { count, num } from './format.js';
import { activationBytes } from './precision.js';
import type { Component } from './types.js';

/**
 * Logits and cross-entropy in training (DESIGN §3.4), bytes per logit element at their peak.
 *
 * Full loss (HF `ForCausalLMLoss`): the LM head writes 16-bit logits, the loss upcasts them to
 * fp32 and log_softmax keeps its fp32 output. At the start of backward the saved fp32
 * log-probabilities (4 B), their incoming gradient (4 B) and log_softmax's fp32 input gradient (4 B)
 * are alive together: 12 B; in forward, 16-bit logits + fp32 copy + log-probs give 10 B.
 *
 * Chunked loss (torchtune `CEWithChunkedOutputLoss`, litgpt `chunked_cross_entropy`, Liger): the fp32
 * upcast and its gradient exist one chunk at a time, but every chunk's log-probs stay saved: 4 B.
 * Checked on torchtune's Llama 3.2 3B table (GT019 → GT020: −8.1 GiB at 1.05 G logit elements,
 * i.e. 7.7 B saved per element against the 12 → 4 model's 8).
 */
export const LOSS_BYTES_PER_LOGIT = { full: 12, chunked: 4 } as const;

export function logitElements(s: Scenario): number {
  return (s.seq / s.parallel.cp) * s.microBatch * s.model.arch.vocab;
}

export function trainingLogits(s: Scenario): Component | null {
  if (s.model.arch.encoderOnly) return null;
  const perElement = s.recipe === 'fp32' && s.loss === 'full' ? 12 : LOSS_BYTES_PER_LOGIT[s.loss];
  const elements = logitElements(s);
  return {
    key: 'logits',
    name: s.loss === 'chunked' ? 'logits + loss (chunked CE)' : 'logits + loss (fp32 CE)',
    group: 'logits',
    bytes: elements * perElement,
    formula: `${s.seq / s.parallel.cp} × ${s.microBatch} × ${s.model.arch.vocab} × ${perElement} B (${count(elements)} logits)`,
  };
}

/**
 * Prefill logits in generation: 16-bit logits for every prompt position (litgpt and older HF
 * `generate` compute them all) and an fp32 copy of the last position for sampling.
 */
export function prefillLogits(s: Scenario, promptTokens: number): Component {
  const e = activationBytes(s);
  const V = s.model.arch.vocab;
  const b = s.microBatch;
  return {
    key: 'logits',
    name: 'prefill logits',
    group: 'logits',
    bytes: b * promptTokens * V * e + b * V * 4,
    formula: `${b} × ${promptTokens} × ${V} × ${num(e)} B + ${b} × ${V} × 4 B`,
  };
}
