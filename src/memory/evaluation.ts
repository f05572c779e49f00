import type { Scenario } from '../scenario/schema.js';
import { count } from './format.js';
import type { Layout } from './layout.js';
import { prefillWorkingSet } from './inference.js';
import type { Component } from './types.js';
import { trainsRewardModel } from './reward-model.js';

/**
 * HF Trainer evaluation during training (trainer.py `evaluation_loop` / `prediction_step`, v4.45 →
 * v4.57): between optimizer steps (gradients already freed by zero_grad(set_to_none=True)) the model
 * runs a no-grad forward of per_device_eval_batch_size samples with labels. Alive on top of the model
 * states: one layer's no-grad working set, and the logits with their loss — 16-bit logits, the fp32
 * copy ForCausalLMLoss makes and log_softmax's fp32 output: 10 B per logit. With compute_metrics
 * (prediction_loss_only False) prediction_step returns those logits and the loop appends them to
 * `all_preds` on the GPU until eval_accumulation_steps moves them to the host (unset by default):
 * one batch's 16-bit logits are counted kept, and a note says they grow with the eval set.
 */
export const EVAL_LOSS_BYTES_PER_LOGIT = 10;

function evalScenario(s: Scenario): Scenario {
  return { ...s, microBatch: s.evaluation!.batch };
}

export function evalWorkingSet(s: Scenario, l: Layout): Component | null {
  if (!s.evaluation || s.mode === 'inference') return null;
  const c = prefillWorkingSet(evalScenario(s), s.seq, l);
  return { ...c, key: 'eval-ws', name: `evaluation forward (one layer, eval batch ${s.evaluation.batch})` };
}

export function evalLogits(s: Scenario): Component | null {
  if (!s.evaluation || s.mode === 'inference' || trainsRewardModel(s)) return null;
  const b = s.evaluation.batch;
  const elements = ((s.seq / s.parallel.cp) * b * s.model.arch.vocab) / s.parallel.tp;
  const kept = s.evaluation.keepLogits ? 2 : 0;
  const perElement = EVAL_LOSS_BYTES_PER_LOGIT + kept;
  const keptText = kept ? ' + 2 B kept for compute_metrics' : '';
  return {
    key: 'eval-logits',
    name: `evaluation logits and loss (eval batch ${b})`,
    group: 'logits',
    bytes: elements * perElement,
    formula: `${s.seq} × ${b} × ${s.model.arch.vocab} × (${EVAL_LOSS_BYTES_PER_LOGIT} B${keptText}) (${count(elements)} logits)`,
  };
}
