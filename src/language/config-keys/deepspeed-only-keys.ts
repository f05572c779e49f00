import type { MappedText } from '../mapped-text.js';

/**
 * Settings that only DeepSpeed's ZeRO has (deepspeedai/DeepSpeed v0.19.5 deepspeed/runtime/zero/config.py,
 * runtime/constants.py): a message that sets them runs under DeepSpeed though it never names it. "even when I set
 * batch size to 1 and gradient_accumulation to 1, contigous_gradients false and allgather_bucket_size \
 * reduce_bucket_size 2e2" (Xirider/finetune-gpt2xl#19, corpus c1144) had been read as the plain HF Trainer,
 * silently: the keys were set aside as changing nothing, and the engine they belong to was lost with them.
 * Misspellings seen: "contigous_gradients" (c1144). DeepSpeed-Chat's "stage3_RLHF" (its step 3) is no key.
 * The keys say no ZeRO stage; a message that names DeepSpeed or a stage already (read.ts `deepspeed`) needs none.
 */
export const DEEPSPEED_ONLY_KEY =
  /(?<![\w.\-/])(?:contig?u?ous_gradients|allgather_(?:bucket_size|partitions)|reduce_bucket_size|reduce_scatter|overlap_comm|zero_optimization|stage3_(?:prefetch_bucket_size|param_persistence_threshold|max_live_parameters|max_reuse_distance|gather_(?:16bit|fp16)_weights_on_model_save))(?![\w\-/])/g;

/** The first DeepSpeed-only key is said as "deepspeed" beside itself, so the framework is read from it; the keys stay for their tables. */
export function sayDeepSpeedFromKeys(input: MappedText): MappedText {
  let said = false;
  return input.replaceEach(DEEPSPEED_ONLY_KEY, (m) => {
    if (said) return null;
    said = true;
    // The key keeps its own characters (its table still reads it); the word stands on the key.
    return { result: [{ text: 'deepspeed ', from: 0, to: m[0].length }, { text: m[0], from: 0, to: m[0].length }], rule: 'config.deepspeed-only-keys' };
  });
}
