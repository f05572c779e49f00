import type { Scenario } from '../scenario/schema.js';
import type { Layout } from './layout.js';

/**
 * What a bitsandbytes load packs. transformers replaces every nn.Linear (and GPT-2's Conv1D) of the
 * model it loads by bnb's Linear4bit / Linear8bitLt, walking all of `model.named_children()`
 * recursively, except the modules in `modules_to_not_convert`: the output embedding (or the last
 * module and the tied weights, `get_keys_to_not_convert`), `_keep_in_fp32_modules` and
 * `llm_int8_skip_modules` (huggingface/transformers, src/transformers/integrations/bitsandbytes.py
 * `_replace_with_bnb_linear`, 4.3x → 4.5x; utils/bitsandbytes.py before the quantizers refactor, the
 * same walk). So a vision-language model loaded whole by from_pretrained gets its vision tower's
 * linear layers packed too, and so does a second set of decoder projections such as CogVLM's visual
 * expert (modeling_cogvlm.py VisionExpertAttention / VisionExpertMLP: nn.Linear without bias).
 *
 * Applies where transformers' from_pretrained loads the whole model: Hugging Face generate (no
 * serving engine, framework hf) and PEFT / transformers training. Programs that load the tower apart
 * (LLaVA's own repository builds CLIPVisionModel after the language model, in 16-bit) or choose their
 * own skip list (Unsloth) are not this path; the formula says which parts were packed.
 */
const BITSANDBYTES = new Set<Scenario['weights']>(['nf4', 'nf4-dq', 'int8']);

export function bitsandbytesPacksWholeModel(s: Scenario): boolean {
  if (!BITSANDBYTES.has(s.weights)) return false;
  // Hugging Face generate: no preallocating engine (memory/serving-budget.ts servingEngine) and no llama.cpp.
  if (s.mode === 'inference') return s.framework === 'hf' && s.inference.engine === 'hf';
  return s.framework === 'hf' || s.framework === 'peft';
}

/** Decoder parameters outside the catalog's own layer shape that bitsandbytes packs (CogVLM's visual expert), per GPU. */
export function bnbExtraLinear(s: Scenario, l: Layout): number {
  if (!bitsandbytesPacksWholeModel(s)) return 0;
  return (s.model.arch.extraLinearParams ?? 0) / l.pp / l.tp;
}

/** The vision tower's nn.Linear weights that bitsandbytes packs (0 where it is not packed or not known). */
export function bnbTowerLinear(s: Scenario): number {
  const vision = s.model.arch.vision;
  if (!vision || !bitsandbytesPacksWholeModel(s)) return 0;
  return Math.min(vision.linearParams ?? 0, vision.params);
}
