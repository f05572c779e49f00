import type { Scenario } from '../scenario/schema.js';
import type { Layout } from './layout.js';
import { finalNormParams } from './parameters.js';

/**
 * The root FSDP unit: what PyTorch FSDP's auto-wrap leaves outside the wrapped decoder layers.
 *
 * Hugging Face Trainer / Accelerate's TRANSFORMER_BASED_WRAP (transformer_auto_wrap_policy over the
 * model's `_no_split_modules`, accelerate utils/dataclasses.py FullyShardedDataParallelPlugin), PEFT's
 * `fsdp_auto_wrap_policy` (which adds only trainable leaf modules: a frozen embedding stays out),
 * Lightning Fabric's FSDPStrategy(auto_wrap_policy={Block}) in litgpt, llama-recipes and verl's
 * fsdp_sft_trainer (get_fsdp_wrap_policy: the transformer layer classes) all wrap the decoder layers
 * one by one and leave the token embedding, the final norm and the LM head in the root's flat
 * parameter. The root is gathered when the forward starts and, under FULL_SHARD, is not freed after
 * it (torch/distributed/fsdp/_runtime_utils.py `_post_forward_reshard`: "Do not free the root's
 * parameters in the post-forward for FULL_SHARD", `not state._is_root`, torch 2.0 → 2.5), so it is
 * whole on every GPU from the embedding lookup, through the logits, until its post-backward hook.
 *
 * torchtune's and torchtitan's FSDP2 recipes are left out: their configs shard the embedding and
 * the output layer as units of their own (torchtune `custom_sharded_layers: ['tok_embeddings',
 * 'output']`), so their root holds the final norm alone.
 */
const OWN_EMBEDDING_UNITS = new Set<Scenario['framework']>(['torchtune', 'torchtitan']);

/** Parameters of the root FSDP unit when it stays gathered beside the layers, else 0. */
export function fsdpRootParams(s: Scenario, l: Layout): number {
  if (s.sharding.kind !== 'fsdp' && s.sharding.kind !== 'hsdp') return 0;
  if (OWN_EMBEDDING_UNITS.has(s.framework)) return 0;
  // A tied LM head is the embedding's own tensor (lmHead 0 in the breakdown): one copy.
  return (l.params.embedding + l.params.lmHead + finalNormParams(s.model.arch)) / l.tp;
}
