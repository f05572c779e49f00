import type { Scenario } from '../scenario/schema.js';
import { gib } from './format.js';
import type { Layout } from './layout.js';
import { frozenWeights } from './states.js';
import { visionTowerWeights } from './vision.js';
import { vllmAtLeast, vllmRelease } from './vllm-release.js';

/**
 * FP8 weights from a 16-bit checkpoint (`--quantization fp8` on a bf16/fp16 model, the request's
 * "quantised at load"): the engine builds every linear layer in the checkpoint's 16 bits, loads the
 * whole model into them, and only then quantises each layer, so the card must hold the 16-bit model
 * before any KV cache or profile run (issue 23: what comes out of the card before the pool).
 *
 * - vLLM: `Fp8LinearMethod.create_weights` (vllm/model_executor/layers/quantization/fp8.py) makes the
 *   weight `torch.float8_e4m3fn if self.quant_config.is_checkpoint_fp8_serialized else params_dtype`
 *   ("If checkpoint is serialized fp8, load them. Otherwise, wait until process_weights_after_loading"),
 *   and `DefaultModelLoader.load_model` runs `model.load_weights(...)` over the whole checkpoint before
 *   the loop that calls `process_weights_after_loading` on each module. The docs say it ("we load the
 *   model at original precision before quantizing down to 8-bits, so you need enough memory to load the
 *   whole model", docs/features/quantization/fp8.md), as did the author of online FP8 (vllm#4387:
 *   "the weights are loaded in FP16 and then converted to FP8. So you will still need enough VRAM to
 *   fit the FP16 weights"); vllm#7200 is that out-of-memory. vllm#31914 (merged 2026-01-07) creates
 *   the weights on the meta device and quantises each as it loads, and vllm#32773 reports 0.13.0 and
 *   0.14.0 still at or above the 16-bit peak, so the whole 16-bit model is counted for a named release
 *   before 0.15 (the language names 0.2–0.29) and for "v0" (the V0 engine ended in 0.10), not for the
 *   newest (nothing named, or "v1" alone).
 * - SGLang: the same code (python/sglang/srt/layers/quantization/fp8.py `Fp8LinearMethod.create_fp8_weight_`:
 *   `torch.float8_e4m3fn if is_checkpoint_fp8_serialized else params_dtype`; "FP16/BF16 checkpoint. In
 *   this case, the weights will be quantized to FP8 during the weight loading"), and
 *   python/sglang/srt/model_loader/loader.py `DefaultModelLoader.load_weights_and_postprocess` runs
 *   `model.load_weights(weights)` before the `process_weights_after_loading` loop (main, 2026): every
 *   release read.
 * Both engines open their NCCL communicators before loading the model (vLLM `init_device` →
 * `init_worker_distributed_environment`; SGLang `ModelRunner.init_torch_distributed` before
 * `load_model`), so the context and NCCL are on the card too. The FP8 copy of the layer being
 * quantised (a layer's linears at 1 B an element) is left out: a floor of the load's peak.
 */
export function loadsSixteenBitFirst(s: Scenario): boolean {
  if (s.mode !== 'inference' || !s.inference.quantisedAtLoad || s.weights !== 'fp8') return false;
  if (s.framework === 'tgi' || s.inference.engine !== 'vllm') return false;
  if (s.inference.server === 'sglang') return true;
  if (s.inference.server || s.inference.fork) return false;
  if (s.inference.vllmVersion === 'v0') return true;
  return vllmRelease(s) !== null && !vllmAtLeast(s, 15);
}

/** The 16-bit model as it stands loaded, before quantisation: the weights at 2 B and any vision tower. */
export function sixteenBitLoadBytes(s: Scenario, l: Layout): number {
  const sixteen: Scenario = { ...s, weights: 'bf16' };
  return frozenWeights(sixteen, l).bytes + (visionTowerWeights(s, l)?.bytes ?? 0);
}

/** Bytes by which the 16-bit load outgrows the card (positive: out of memory while loading); 0 where the engine does not load 16 bits first. */
export function onlineQuantLoadShortfall(s: Scenario, l: Layout, capacity: number, nonTorch: number): number {
  if (!loadsSixteenBitFirst(s)) return 0;
  return sixteenBitLoadBytes(s, l) + nonTorch - capacity;
}

/** "FP8 at load: … loads the checkpoint's 16-bit weights first: 22.5 GiB + 0.4 GiB context of the 15.8 GiB card …" */
export function onlineQuantLoadNote(s: Scenario, l: Layout, capacity: number, nonTorch: number): string {
  const engine = s.inference.server === 'sglang' ? 'SGLang' : 'vLLM';
  const release = engine === 'vLLM' ? ` ${s.inference.vllmVersion}` : '';
  const load = sixteenBitLoadBytes(s, l);
  return `Quantised at load: ${engine}${release} builds the layers in the checkpoint's 16 bits and quantises them to FP8 only after loading the whole model (fp8.py create_weights, then process_weights_after_loading), so the load needs ${gib(load)} GiB of 16-bit weights + ${gib(nonTorch)} GiB of CUDA context and NCCL = ${gib(load + nonTorch)} GiB of the ${gib(capacity)} GiB card: it runs out of memory loading the weights (use an FP8 checkpoint, or more GPUs).`;
}
