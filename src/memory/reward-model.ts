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
 * The same shape in the other trainers of a reward model: LLaMA-Factory `--stage rm` (PairwiseTrainer over
 * a value head, the pair stacked by PairwiseDataCollatorWithPadding), OpenRLHF train_rm and
 * DeepSpeed-Chat step 2 (chosen and rejected concatenated into one forward, a `v_head` Linear(h, 1)).
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
