import type { WeightFormat } from '../scenario/schema.js';
import { isQuantised } from './precision.js';

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
