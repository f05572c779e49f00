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
 * Chunked loss (torchtune `CEWithChunkedOutputLoss`, litgpt `chunked_cross_entropy`, Liger,
 * Unsloth's fused CE): the fp32 upcast and its gradient exist one chunk at a time, but every
 * chunk's log-probs stay saved: 4 B. Checked on torchtune's Llama 3.2 3B table (GT019 → GT020:
 * −8.1 GiB at 1.05 G logit elements, i.e. 7.7 B saved per element against the 12 → 4 model's 8).
 *
 * Vocab-parallel loss (Megatron-LM `megatron/core/tensor_parallel/cross_entropy.py`,
 * `_VocabParallelCrossEntropy`, core_r0.5 → main): the LM head is a ColumnParallelLinear with
 * gather_output=False, so each rank holds logits [s, b, V/t] and never the full vocabulary. The loss
 * takes an fp32 copy (`calculate_logits_max` upcasts), exponentiates it in place
 * (`torch.exp(vocab_parallel_logits, out=exp_logits)`), normalises it in place and saves that
 * softmax for backward (`ctx.save_for_backward(exp_logits, ...)`); backward writes the gradient into
 * the same buffer (`grad_input = softmax; grad_input.mul_(...)`) and autograd casts it back to 16
 * bits for the LM head. Alive at once: 16-bit logits 2 B + fp32 softmax 4 B in forward; fp32
 * softmax/gradient 4 B + its 16-bit cast 2 B in backward: 6 B per element of the V/t slice.
 */
export const LOSS_BYTES_PER_LOGIT = { full: 12, chunked: 4, vocabParallel: 6 } as const;

/**
 * Logit elements one GPU holds: s ÷ cp × b × V ÷ t. With tensor parallelism the LM head's output
 * is split by vocabulary (Megatron/NeMo ColumnParallelLinear, torchtitan `loss_parallel`), so a rank
 * holds V ÷ t columns and never less: the loss is reduced across ranks with two all-reduces of
 * s·b scalars, not a gather of the logits.
 */
export function logitElements(s: Scenario): number {
  return ((s.seq / s.parallel.cp) * s.microBatch * s.model.arch.vocab) / s.parallel.tp;
}

/** Megatron computes its loss with the in-place vocab-parallel kernel at every TP degree (t = 1 included). */
function lossBytesPerLogit(s: Scenario): number {
  if (s.loss === 'chunked') return LOSS_BYTES_PER_LOGIT.chunked;
  return s.framework === 'megatron' ? LOSS_BYTES_PER_LOGIT.vocabParallel : LOSS_BYTES_PER_LOGIT.full;
}

export function trainingLogits(s: Scenario): Component | null {
  if (s.model.arch.encoderOnly) return null;
  const perElement = lossBytesPerLogit(s);
  const elements = logitElements(s);
  const tp = s.parallel.tp > 1 ? ` ÷ tp ${s.parallel.tp}` : '';
  const kind = s.loss === 'chunked' ? 'chunked CE' : perElement === LOSS_BYTES_PER_LOGIT.vocabParallel ? 'vocab-parallel CE' : 'fp32 CE';
  return {
    key: 'logits',
    name: `logits + loss (${kind})`,
    group: 'logits',
    bytes: elements * perElement,
    formula: `${s.seq / s.parallel.cp} × ${s.microBatch} × ${s.model.arch.vocab}${tp} × ${perElement} B (${count(elements)} logits)`,
  };
}

/**
 * Positions whose logits the prefill computes.
 * - Hugging Face `generate` since transformers 4.45 passes `num_logits_to_keep=1` (renamed
 *   `logits_to_keep` in 4.50) to models that accept it (generation/utils.py,
 *   `_prepare_generated_length`/`prepare_inputs_for_generation`): the LM head runs on the last
 *   position only.
 * - vLLM computes logits only at the positions it samples (`LogitsProcessor` on
 *   `hidden_states[logits_indices]`, vllm/v1/worker/gpu_model_runner.py): one per sequence.
 * - litgpt's `generate/base.py` (the 2023 tables) runs the head over the whole prompt.
 */
export function prefillLogitPositions(s: Scenario, promptTokens: number): number {
  return s.framework === 'litgpt' && s.inference.engine === 'hf' ? promptTokens : 1;
}

/**
 * Prefill logits in generation: 16-bit logits for the positions kept (see above) and an fp32 copy
 * of the last position for sampling (`next_token_logits.to(torch.float32)`).
 */
export function prefillLogits(s: Scenario, promptTokens: number): Component {
  const e = activationBytes(s);
  const V = s.model.arch.vocab;
  const b = s.microBatch;
  const positions = prefillLogitPositions(s, promptTokens);
  return {
    key: 'logits',
    name: positions === 1 ? 'prefill logits (last position only)' : 'prefill logits (every prompt position)',
    group: 'logits',
    bytes: b * positions * V * e + b * V * 4,
    formula: `${b} × ${positions} × ${V} × ${num(e)} B + ${b} × ${V} × 4 B`,
  };
}
