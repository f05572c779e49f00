import type { Scenario } from '../scenario/schema.js';
import type { Layout } from './layout.js';

/**
 * Routed experts held as nn.Parameter tensors rather than nn.Linear modules (the catalog's
 * `expertsAsParameters`: DBRX, whose DbrxExpertGLU keeps `w1`, `v1` and `w2` as
 * `nn.Parameter(torch.empty(moe_num_experts * ffn_hidden_size, hidden_size))` and multiplies them with
 * `x.matmul(expert_w1.t())`; transformers models/dbrx/modeling_dbrx.py from its first release, v4.40.0).
 *
 * - bitsandbytes packs nn.Linear modules only: transformers' `replace_with_bnb_linear` walks the
 *   children and swaps `nn.Linear` (and GPT-2's Conv1D) for Linear4bit / Linear8bitLt
 *   (integrations/bitsandbytes.py `_replace_with_bnb_linear`). A parameter that is no module's Linear
 *   weight is loaded in the 16-bit dtype asked (`torch_dtype`), so a "4-bit" DBRX keeps its ~125 B expert
 *   weights in 16 bits and packs only the attention (Wqkv, out_proj) and the router. Under PEFT's
 *   `prepare_model_for_kbit_training` those 16-bit experts are cast to fp32 like every other
 *   unpacked parameter (kbit.ts).
 * - LoRA cannot adapt them: PEFT's LoRA wraps nn.Linear / Conv / Embedding modules, and
 *   `target_modules="all-linear"` (LLaMA-Factory's `lora_target all`, `find_all_linear_modules`) collects
 *   nn.Linear names, so the MLP targets have no expert matrices to attach to.
 */
const BITSANDBYTES = new Set<Scenario['weights']>(['nf4', 'nf4-dq', 'int8']);

/** Routed-expert parameters on this GPU that a bitsandbytes load leaves unpacked (0 when none). */
export function unpackedExpertParams(s: Scenario, l: Layout): number {
  if (!s.model.arch.expertsAsParameters || !BITSANDBYTES.has(s.weights)) return 0;
  return l.params.routedExperts / l.pp / l.tp;
}

/** Bytes of one decoder layer once gathered: its packed linears at `perParam`, its unpacked experts at 16 bits. */
export function gatheredLayerBytes(s: Scenario, l: Layout, layerParams: number, perParam: number): number {
  const experts = unpackedExpertParams(s, l) / s.model.arch.layers;
  if (experts <= 0) return layerParams * perParam;
  const unpacked = Math.min(layerParams, experts);
  return (layerParams - unpacked) * perParam + unpacked * 2;
}

/** The MLP projections are expert Parameters, so LoRA has no expert matrices to adapt (none per layer). */
export function loraSkipsExperts(s: Scenario): boolean {
  return s.model.arch.expertsAsParameters === true && (s.model.arch.experts ?? 0) > 1;
}
