import { gpuById } from '../catalog/index.js';
import { isGgufFormat } from '../memory/gguf.js';
import type { ErrorReply } from '../reply/types.js';
import { QUANTISED } from './resolve-precision.js';
import type { Resolution } from './resolution.js';
import type { Scenario, WeightFormat } from './schema.js';

/**
 * The activations' dtype of a served quantised model (resolve-steps.ts, after the inference step
 * has chosen the engine): vLLM's AWQ/GPTQ kernels, a GGUF file, transformers' quantizers. vLLM's AWQ and GPTQ kernels take fp16 activations only:
 * `AWQConfig.get_supported_act_dtypes()` and `GPTQConfig.get_supported_act_dtypes()` return
 * `[torch.half]` (vllm/model_executor/layers/quantization/awq.py, gptq.py), and a bf16 run stops at
 * load with "torch.bfloat16 is not supported for quantization method awq. Supported dtypes:
 * [torch.float16]". AutoAWQ and AutoGPTQ store `torch_dtype: float16` in the checkpoint's
 * config.json, which `--dtype auto` takes, so a served AWQ/GPTQ model runs its activations and its KV
 * cache in fp16 unless the user names a dtype (corpus c553: a GPTQ Llama-3.1-70B served with
 * `quantization="gptq", dtype="float16"`). The bytes are those of bf16; the reply says the dtype.
 */

const FP16_ACTIVATIONS: readonly WeightFormat[] = ['awq', 'gptq'];

/**
 * Formats Hugging Face transformers loads in fp16 when no torch_dtype is given: its quantizers'
 * `update_torch_dtype` replace None with torch.float16 (bitsandbytes: "Overriding torch_dtype=None
 * with `torch_dtype=torch.float16` due to requirements of `bitsandbytes`", the log of c1881; GPTQ and
 * AWQ: "Loading the model in `torch.float16`"), so the layers left unquantised, the activations and
 * the KV cache are fp16 there. Read from the format and the engine alone, not from loader words in
 * the text: the corpus's item readings drop those words, and a rule gated on them read the same setup
 * two ways (tried: 11 lines such as c571 and c1092 fell from right). int8 stays at the default:
 * "int8" is also how MLX 8-bit and W8A8 checkpoints are written (c1976, an MLX Qwen3-0.6B-8bit whose
 * other layers are bf16), and bitsandbytes' LLM.int8 is only one of them.
 */
const TRANSFORMERS_FP16: readonly WeightFormat[] = ['awq', 'gptq', 'nf4', 'nf4-dq'];

/**
 * Why a served model in this format computes in fp16 where no dtype is named, or null where it runs
 * in the 16-bit default. A GGUF file runs dequantised in f16: llama.cpp's f16 compute and KV cache
 * (its preset says so), and vLLM's GGUF loader, whose config carries no torch_dtype, so `--dtype auto`
 * falls to float16 (c127: a Q4_K_M GGUF of Llama-3.1-70B served on an A100).
 */
function fp16Reason(s: Scenario): string | null {
  if (s.mode !== 'inference' || s.inference.server !== undefined) return null;
  if (s.inference.engine === 'vllm' && FP16_ACTIVATIONS.includes(s.weights)) {
    return `vLLM runs ${s.weights.toUpperCase()} weights with fp16 activations only (its ${s.weights} kernels' supported dtypes; say bf16 if yours runs them in bf16)`;
  }
  if (isGgufFormat(s.weights)) return `a GGUF file (${s.weights.toUpperCase()}) runs dequantised in f16, as llama.cpp and vLLM's GGUF loader compute it (say bf16 if yours runs otherwise)`;
  // TGI (engine hf, framework tgi) picks its own dtype and is left as read (test/scenario/quantised-serving.test.ts).
  const transformers = s.inference.engine === 'hf' && s.framework !== 'tgi';
  if (transformers && TRANSFORMERS_FP16.includes(s.weights)) {
    return `transformers loads ${s.weights} weights in fp16 when no torch_dtype is given (its quantizer overrides torch_dtype=None; say bf16 if you pass torch_dtype=torch.bfloat16)`;
  }
  return null;
}

/** Served weights whose kernels or loader run the model in fp16 unless a dtype is named. */
const onFp16Kernels = (s: Scenario): boolean => fp16Reason(s) !== null;

/**
 * What the step makes of a scenario set directly (the "int4" lever, plan/levers.ts), as reading the
 * change as a follow-up would: fp16 activations and KV cache on vLLM's AWQ/GPTQ kernels.
 */
export function onQuantisedKernels(s: Scenario): Scenario {
  if (!onFp16Kernels(s) || s.compute !== 'bf16') return s;
  return { ...s, compute: 'fp16', inference: s.inference.kvDtype === 'bf16' ? { ...s.inference, kvDtype: 'fp16' } : s.inference };
}

/**
 * A 16-bit torch_dtype beside a quantised load (`load_in_4bit=True, torch_dtype=torch.bfloat16`) is read
 * as the dtype of the layers left unquantised, not as the compute, yet it is what transformers runs in.
 */
const TORCH_DTYPE_BF16 = /torch_dtype\s*[=:]\s*["']?(?:torch\.)?(?:bfloat16|bf16)\b/i;

/**
 * bf16 named for AWQ or GPTQ weights on vLLM (`--dtype=bfloat16`, vllm-project/vllm#18516, c2527): the plain awq and
 * gptq kernels take fp16 only (their configs' get_supported_act_dtypes is [torch.half]; a bf16 run stops at load), but
 * on a card of compute capability 8.0 or more vLLM loads such a checkpoint with awq_marlin / gptq_marlin on its own
 * (override_quantization_method, unless `--quantization awq` forces the plain kernel), and those take
 * [torch.half, torch.bfloat16]. So bf16 stands where the card has it; with no card named it is the likelier reading
 * (Marlin is the default on every card with bf16), said with the other, since the words do not decide.
 */
function marlinBf16(r: Resolution, words: string): void {
  const s = r.s;
  if (s.mode !== 'inference' || s.inference.engine !== 'vllm' || s.compute !== 'bf16' || !FP16_ACTIVATIONS.includes(s.weights) || s.hardware?.gpuId) return;
  const kernel = s.weights;
  r.assume(`bf16 precision as "${words}" says: vLLM runs ${kernel.toUpperCase()} in bf16 only on its ${kernel}_marlin kernel (compute capability 8.0 and up, its default there); the plain ${kernel} kernel takes fp16 only (say fp16, or name your card)`);
}

/**
 * A width said with no dtype ("Load a 16-bit model with --load-in-4bit", oobabooga/textgen#2320, c2567; "16bit llama
 * with load_in_4bit"): it says the checkpoint is unquantised, not whether it is bf16 or fp16, so the loader's own
 * dtype decides, as where nothing is said (the vocabulary reads the bare width as bf16 for training's sake).
 */
const BARE_SIXTEEN_BITS = /^16[-_ ]?bits?$/i;

export function quantisedServingStep(r: Resolution): ErrorReply | null {
  const s = r.s;
  const said = r.patch.get<Scenario['compute']>('compute');
  const bareWidth = said !== undefined && BARE_SIXTEEN_BITS.test(said.item.text.trim());
  if (TORCH_DTYPE_BF16.test(r.text)) return null;
  if (said && !bareWidth) {
    marlinBf16(r, said.item.text.trim());
    return null;
  }
  if (onFp16Kernels(s) && s.compute === 'bf16') {
    s.compute = 'fp16';
    if (!r.patch.has('kv') && s.inference.kvDtype === 'bf16') s.inference.kvDtype = 'fp16';
    const width = bareWidth ? `"${said!.item.text.trim()}" names no dtype; ` : '';
    r.assume(`fp16 precision for activations and KV cache: ${width}${fp16Reason(s)}`);
    return null;
  }
  if (said) return null;
  // A quantised model served with no dtype named, on no engine known to compute in half: its activations
  // run in the bf16 default, said with the switch, since llama.cpp (f16), AWQ/GPTQ kernels and bitsandbytes
  // loads run in fp16 and the reader may have missed the engine (lhl/strix-halo-testing#33, c2207: gpt-oss's
  // MXFP4 benchmarked with llama.cpp, read as bf16 in silence). The bytes are the same; the dtype is said.
  const weightsSetHere = r.isNew || r.patch.has('weights') || r.patch.has('model') || r.modeChanged();
  if (weightsSetHere && s.mode === 'inference' && s.precisionUnstated && s.compute === 'bf16' && QUANTISED.includes(s.weights) && !r.presetSet.has('compute')) {
    const kv = !r.patch.has('kv') && s.inference.kvDtype === 'bf16' ? ' and KV cache' : '';
    r.assume(`bf16 precision for activations${kv} (default: no dtype named; say fp16 if your engine runs in half, as llama.cpp and AWQ/GPTQ kernels do)`);
  }
  // A follow-up that moves a thread off those kernels (SGLang named, "Serve Qwen3-GPTQ" then
  // `python -m sglang.launch_server`, sgl-project/sglang#8362, c552) goes back to bf16 where the card
  // has it, as a new request there would read; said.
  const base = r.base;
  const card = s.hardware?.gpuId ? gpuById(s.hardware.gpuId) : null;
  if (base && onFp16Kernels(base) && base.compute === 'fp16' && !onFp16Kernels(s) && s.mode === 'inference' && s.compute === 'fp16' && (card === null || card.bf16)) {
    s.compute = 'bf16';
    if (!r.patch.has('kv') && s.inference.kvDtype === 'fp16') s.inference.kvDtype = 'bf16';
    r.assume('bf16 precision again: the thread\'s fp16 was for its quantised weights\' kernels (say fp16 to keep it)');
  }
  return null;
}
