import { gpuById } from '../catalog/index.js';
import type { ErrorReply } from '../reply/types.js';
import type { Resolution } from './resolution.js';
import type { Scenario, WeightFormat } from './schema.js';

/**
 * The activations' dtype of a model vLLM serves in AWQ or GPTQ (resolve-steps.ts, after the
 * inference step has chosen the engine). vLLM's AWQ and GPTQ kernels take fp16 activations only:
 * `AWQConfig.get_supported_act_dtypes()` and `GPTQConfig.get_supported_act_dtypes()` return
 * `[torch.half]` (vllm/model_executor/layers/quantization/awq.py, gptq.py), and a bf16 run stops at
 * load with "torch.bfloat16 is not supported for quantization method awq. Supported dtypes:
 * [torch.float16]". AutoAWQ and AutoGPTQ store `torch_dtype: float16` in the checkpoint's
 * config.json, which `--dtype auto` takes, so a served AWQ/GPTQ model runs its activations and its KV
 * cache in fp16 unless the user names a dtype (corpus c553: a GPTQ Llama-3.1-70B served with
 * `quantization="gptq", dtype="float16"`). The bytes are those of bf16; the reply says the dtype.
 */

const FP16_ACTIVATIONS: readonly WeightFormat[] = ['awq', 'gptq'];

/** vLLM's own server running AWQ or GPTQ weights: the kernels that take fp16 activations only. */
const onFp16Kernels = (s: Scenario): boolean =>
  s.mode === 'inference' && s.inference.engine === 'vllm' && s.inference.server === undefined && FP16_ACTIVATIONS.includes(s.weights);

/**
 * What the step makes of a scenario set directly (the "int4" lever, plan/levers.ts), as reading the
 * change as a follow-up would: fp16 activations and KV cache on vLLM's AWQ/GPTQ kernels.
 */
export function onQuantisedKernels(s: Scenario): Scenario {
  if (!onFp16Kernels(s) || s.compute !== 'bf16') return s;
  return { ...s, compute: 'fp16', inference: s.inference.kvDtype === 'bf16' ? { ...s.inference, kvDtype: 'fp16' } : s.inference };
}

export function quantisedServingStep(r: Resolution): ErrorReply | null {
  const s = r.s;
  if (r.patch.has('compute')) return null;
  if (onFp16Kernels(s) && s.compute === 'bf16') {
    s.compute = 'fp16';
    if (!r.patch.has('kv') && s.inference.kvDtype === 'bf16') s.inference.kvDtype = 'fp16';
    r.assume(`fp16 precision for activations and KV cache: vLLM runs ${s.weights.toUpperCase()} weights with fp16 activations only (its ${s.weights} kernels' supported dtypes; say bf16 if yours runs them in bf16)`);
    return null;
  }
  // A follow-up that moves a thread off those kernels (SGLang named, "Serve Qwen3-GPTQ" then
  // `python -m sglang.launch_server`, sgl-project/sglang#8362, c552) goes back to bf16 where the card
  // has it, as a new request there would read; said.
  const base = r.base;
  const card = s.hardware?.gpuId ? gpuById(s.hardware.gpuId) : null;
  if (base && onFp16Kernels(base) && base.compute === 'fp16' && !onFp16Kernels(s) && s.mode === 'inference' && s.compute === 'fp16' && (card === null || card.bf16)) {
    s.compute = 'bf16';
    if (!r.patch.has('kv') && s.inference.kvDtype === 'fp16') s.inference.kvDtype = 'bf16';
    r.assume('bf16 precision again: the thread\'s fp16 was for vLLM\'s AWQ/GPTQ kernels (say fp16 to keep it)');
  }
  return null;
}
