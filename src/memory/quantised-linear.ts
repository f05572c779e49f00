import type { Scenario, WeightFormat } from '../scenario/schema.js';
import { count } from './format.js';
import type { Layout } from './layout.js';
import { activationBytes, isQuantised } from './precision.js';
import type { Component } from './types.js';

/**
 * Whether a frozen quantised linear keeps its input for backward once that input needs a gradient
 * (under LoRA every linear after the first adapter, and all of them once PEFT's or LLaMA-Factory's
 * `enable_input_require_grads` marks the embedding output). A frozen weight needs no gradient, so
 * only the kernel's own autograd function decides:
 *
 * - bitsandbytes keeps it. 4-bit `MatMul4Bit.forward` sets `ctx.tensors = (A, B)`; LLM.int8's
 *   `MatMul8bitLt.forward` sets `ctx.tensors = (CAt, subA, A)` whenever an input needs grad
 *   (bitsandbytes-foundation/bitsandbytes, bitsandbytes/autograd/_functions.py, 0.37 → main).
 * - AutoAWQ keeps it: `WQLinearMMFunction.forward` calls `ctx.save_for_backward(x, qweight,
 *   qzeros, scales, bias)` (casper-hansen/AutoAWQ, awq/modules/linear/gemm.py).
 * - GPTQ keeps only the packed weight. AutoGPTQ's trainable `QuantLinearFunction.forward` saves
 *   `(qweight, scales, qzeros, g_idx)` and its backward computes grad_input from them alone
 *   (AutoGPTQ/AutoGPTQ, auto_gptq/nn_modules/triton_utils/kernels.py); alpaca_lora_4bit's
 *   `AutogradMatmul4bit.forward` saves `(qweight, scales, zeros)` and re-dequantises in backward
 *   (johnsmith0031/alpaca_lora_4bit, GPTQ-for-LLaMa/autograd_4bit.py, March 2023). AutoGPTQ's torch
 *   fallback (qlinear_cuda_old above `kernel_switch_threshold`) dequantises into a tensor that needs
 *   no gradient and calls `torch.matmul(x, weights)`, whose generated autograd node saves `x` only
 *   when the other operand needs a gradient (pytorch/pytorch, tools/autograd/gen_variable_type.py,
 *   `guard_for`: `grad_fn->should_compute_output(...)`) — like a frozen nn.Linear.
 *
 * The other quantised formats (fp8, MXFP4, GGUF) are not trained over in any path read here and
 * keep the bitsandbytes behaviour.
 */
export function quantisedLinearKeepsInput(format: WeightFormat): boolean {
  return isQuantised(format) && format !== 'gptq';
}

/**
 * LLM.int8's backward rebuilds the whole weight to get its input's gradient:
 * `CB = state.CB.to(ctx.dtype_A, copy=True).mul_(state.SCB.unsqueeze(1).mul(1.0 / 127.0))`, then
 * `torch.matmul(grad_output, CB)` (`MatMul8bitLt.backward`, bitsandbytes/autograd/_functions.py,
 * 0.37 → main): one linear at a time, in the input's dtype — fp32 once PEFT's k-bit preparation
 * made the residual stream fp32 (kbit.ts). Its forward multiplies in int8 and dequantises only the
 * outlier columns, so the copy lives in backward alone, beside that layer's gradients.
 */
export function int8BackwardWeight(s: Scenario, l: Layout): Component | null {
  if (s.weights !== 'int8' || (s.mode !== 'lora' && s.mode !== 'qlora')) return null;
  const { hidden: h, ffn: f, heads: a, kvHeads: g, headDim: d } = s.model.arch;
  const largest = Math.max(h * f, h * (a + 2 * g) * d) / l.tp;
  const e = activationBytes(s);
  return { key: 'int8-dequant', name: 'LLM.int8 weight rebuilt for backward (one matrix)', group: 'buffers', bytes: largest * e, formula: `${count(largest)} × ${e} B (largest linear, in the input's dtype)` };
}
