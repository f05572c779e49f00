import type { Scenario } from '../scenario/schema.js';
import { count } from './format.js';
import type { Component } from './types.js';

/**
 * Reward-model training (issue 23, v1101): the model is the causal LM's body under a one-output score
 * head, trained on chosen and rejected sequences of each pair.
 *
 * - Both sequences of a pair are in the graph at once. TRL `RewardTrainer.compute_loss` (trl/trainer/
 *   reward_trainer.py) ran two forwards, `model(input_ids=inputs["input_ids_chosen"], …)` and
 *   `model(input_ids=inputs["input_ids_rejected"], …)`, and one loss, `-logsigmoid(r_chosen - r_rejected)`,
 *   over both (v0.4 → v0.23.0), so both graphs are held until backward; from v0.24.0 (da209f89,
 *   "RewardTrainer refactor", #4093) `DataCollatorForPreference` stacks chosen and rejected into one batch
 *   and one `model(**inputs)` runs it, split by `torch.chunk(outputs.logits, 2)`. Either way activations
 *   count 2 × the micro-batch (states.ts isPreference), as DPO's `concatenated_forward` does.
 * - No vocabulary logits: the model is `AutoModelForSequenceClassification` with `num_labels = 1`
 *   (RewardTrainer sets `model_init_kwargs["num_labels"] = 1`); transformers' `…ForSequenceClassification`
 *   replaces the LM head with `score = nn.Linear(hidden_size, num_labels, bias=False)`, so the head
 *   outputs one value per position ([2b, s, 1]) and pools the last token's. `rewardScores` counts that
 *   output in place of the V-wide logits and their cross-entropy.
 * The same pair in one forward in OpenRLHF train_rm and DeepSpeed-Chat step 2 (chosen and rejected
 * concatenated, a `v_head` Linear(h, 1)). LLaMA-Factory's `--stage rm` stacks the pair too but keeps the
 * LM head: `llamafactoryRewardStage` below.
 * TRL's RewardConfig turns gradient checkpointing on from v0.22.0 (huggingface/trl#3510); before, it
 * was TrainingArguments' off: the preset keeps it off unless said, as DPO's does (presets.ts).
 */
export function trainsRewardModel(s: Scenario): boolean {
  return s.framework === 'reward' && s.mode !== 'inference';
}

/** The score head's output: one value per position of the stacked pair (the scenario passed has the doubled micro-batch), held in fp32 for the loss. */
export function rewardScores(s: Scenario): Component {
  const positions = (s.seq / s.parallel.cp) * s.microBatch;
  return {
    key: 'logits',
    name: 'reward scores (one-output score head, no LM head)',
    group: 'logits',
    bytes: positions * 4,
    formula: `${s.seq / s.parallel.cp} × ${s.microBatch} (chosen + rejected) × 1 × 4 B (${count(positions)} scores)`,
  };
}

/**
 * LLaMA-Factory's reward-model stage (`--stage rm`, the request's "reward" beside "llamafactory";
 * reconcile/rl-algorithm.ts). hiyouga/LLaMA-Factory src/llamafactory/train/rm/workflow.py `run_rm` loads
 * the model with `add_valuehead=True` (trl `AutoModelForCausalLMWithValueHead`) and collates with
 * `PairwiseDataCollatorWithPadding`; train/rm/trainer.py `PairwiseTrainer.compute_loss` runs
 * `_, _, values = model(**inputs, output_hidden_states=True, return_dict=True)` and splits the batch in
 * halves ("The first n examples are chosen and the last n examples are rejected",
 * `batch_size = inputs["input_ids"].size(0) // 2`): 2 × per_device_train_batch_size sequences in one
 * forward, so activations count twice the micro-batch (states.ts isPreference).
 * The value head does not replace the LM head: trl models/modeling_value_head.py
 * `AutoModelForCausalLMWithValueHead.forward` takes `base_model_output.logits` over every position and
 * returns them upcast (`if lm_logits.dtype != torch.float32: lm_logits = lm_logits.float()`), the
 * value from `v_head(last_hidden_state)`. compute_loss discards those logits (`_`) and the loss is
 * `-logsigmoid(chosen - rejected)` on the values alone: no cross-entropy, and nothing of the logits is
 * kept for backward. So the logits are a forward-only transient of 2 B (the LM head's 16-bit output) +
 * 4 B (its fp32 copy, alive together at the cast) per element, over the stacked pair (valueHeadLogits);
 * their gradient never exists (estimate.ts leaves them out of backward).
 */
export function llamafactoryRewardStage(s: Scenario): boolean {
  return s.framework === 'llama-factory' && s.llamafactoryStage === 'rm' && s.mode !== 'inference';
}

/** The value head's discarded LM logits: the 16-bit LM-head output and its fp32 copy, per element. */
export const VALUE_HEAD_LOGIT_BYTES = 2 + 4;

/** The LM logits of LLaMA-Factory's value-head model over the stacked pair (the scenario passed has the doubled micro-batch). */
export function valueHeadLogits(s: Scenario): Component {
  const positions = (s.seq / s.parallel.cp) * s.microBatch;
  const elements = (positions * s.model.arch.vocab) / s.parallel.tp;
  return {
    key: 'logits',
    name: 'LM logits beside the value head (discarded, no loss)',
    group: 'logits',
    bytes: elements * VALUE_HEAD_LOGIT_BYTES,
    formula: `${s.seq / s.parallel.cp} × ${s.microBatch} (chosen + rejected) × ${s.model.arch.vocab} × (2 + 4) B (${count(elements)} logits, 16-bit and the value head's fp32 copy)`,
  };
}
