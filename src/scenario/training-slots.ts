import type { Patch } from './patch.js';

/**
 * The settings only a training run has, as patch slots (patch.ts): one list for both places that
 * ask. The mode step (resolve-mode.ts) reads a request with one of them and no intent word as
 * training, and a follow-up that says one as turning an inference thread to a fine-tune; the fact
 * doubts (fact-doubts.ts) call the method of a run read as inference weak when its message sets one.
 */
export const TRAINING_ONLY_SLOTS: readonly string[] = [
  // An optimizer ("adamw 8bit", --optim adamw_8bit) updates weights: inference updates none.
  'optimizer',
  // The optimizer's implementation ("fused", "foreach") is a setting of that optimizer.
  'impl',
  // Gradient accumulation sums gradients over micro-batches before a step: inference has no gradients.
  'ga',
  // A global batch is the samples of one optimizer step (micro-batch × accumulation × replicas).
  'gbs',
  // Activation checkpointing ("gc") keeps activations for the backward pass: inference runs none.
  'recompute',
  // Optimizer offload moves the optimizer's states to host RAM or NVMe: inference has none.
  'offload.optimizer',
  // ZeRO, FSDP and DDP shard or replicate a training step's states and gradients (DeepSpeed on an
  // inference run is estimated in Hugging Face's layout: resolve-framework.ts).
  'sharding',
  // The loss kernel ("chunked ce") computes the training loss over the logits: inference takes none.
  'loss',
];

/**
 * The training-only setting the message writes first: the one a note quotes ("run … with a
 * training setting ("gc")", "method inference … "ga 4" is a training setting"). Chosen by its place
 * in the text, so the order of the list above decides nothing (test/scenario/training-slots.test.ts);
 * one item that sets two slots ("adamw fused": optimizer and impl) is quoted the same either way.
 * `slots`: the list, or a part of it.
 */
export function firstTrainingSetting(patch: Patch, slots: readonly string[] = TRAINING_ONLY_SLOTS): string | undefined {
  let first: string | undefined;
  let firstAt = Infinity;
  for (const slot of slots) {
    const at = patch.get(slot)?.item.at;
    if (at !== undefined && at < firstAt) {
      first = slot;
      firstAt = at;
    }
  }
  return first;
}

/**
 * A micro-batch named as one ("micro batch 2", `--micro-batch-size 2`, "mbs 2", 마이크로 배치, 微批大小, `micro_train_batch_size`):
 * the part of a global batch one GPU holds for one forward and backward, a word only a trainer has (rmode2, docs/reading.md
 * "Training evidence that is not a verb"). A plain "batch" or "bs" shares its slot and says nothing of the mode. Serving
 * engines' caps on sequences in flight are `max seqs`, never this slot (config-keys/batch.ts).
 */
export const MICRO_BATCH_WORDS = /micro|(?<![a-z])mbs(?![a-z])|마이크로|微批|マイクロ/i;

/** 'mbs' where the patch's micro-batch is written with a micro-batch's own words, else undefined. */
export function microBatchNamed(patch: Patch): 'mbs' | undefined {
  const item = patch.get('mbs')?.item;
  return item && MICRO_BATCH_WORDS.test(item.text) ? 'mbs' : undefined;
}
