import type { Resolution } from './resolution.js';

/** Weight formats text-generation-webui's Transformers loader loads in 16 bits by default. */
const SIXTEEN_BIT = new Set(['bf16', 'fp16']);

/**
 * text-generation-webui (oobabooga) named for a run on several GPUs: its Transformers loader puts
 * the whole model on the first one. modules/models.py huggingface_loader, 2023-03 (7994b580) →
 * 2024 releases (75c2dd38 2023-07-25, 63de9eb2 2023-09-24, bd7cc423 2024-05-21): "Load the model in
 * simple 16-bit mode by default": when none of --cpu, --load-in-8bit, --load-in-4bit,
 * --auto-devices, --disk, --deepspeed, --gpu-memory, --cpu-memory is given,
 * `LoaderClass.from_pretrained(..., torch_dtype=torch.float16)` then `model = model.cuda()` — every
 * weight on the current device, card 0; from 13c033c7 (2025-01-02) `model.to(get_device())`,
 * `torch.device('cuda')`, the same card (ae02ffc6, 2025-04-20, #6859, later passes device_map='auto'
 * on that path and still ends with `model.to(get_device())`: not checked here, since the threads
 * read are of 2023–2024 releases). Only those flags take the `device_map='auto'` branch
 * (get_max_memory_dict: --gpu-memory caps each GPU; --auto-devices alone caps GPU 0 and spills to
 * the CPU, never to the other GPUs). So a 16-bit model the user runs there on N cards is the whole
 * model on one card, the others idle (oobabooga/textgen#3442 "it only uses one").
 * bitsandbytes 4/8-bit loads take the device_map branch (accelerate's balanced split), and GPTQ,
 * AWQ, EXL2 and GGUF go to other loaders: those keep the split the estimate gives any run.
 */
export function textgenLoadsOnFirstCard(r: Resolution): boolean {
  const s = r.s;
  if (r.patch.value<string>('layerSplit') !== 'first-card') return false;
  if (s.mode !== 'inference' || r.gpus() <= 1 || s.framework !== 'hf') return false;
  if (r.patch.has('par.tp') || r.patch.has('par.pp') || r.patch.has('par.dp')) return false;
  return SIXTEEN_BIT.has(s.weights);
}

export function textgenFirstCardAssumption(r: Resolution): string {
  const n = r.gpus();
  return `the whole model on the first of the ${n} GPUs: text-generation-webui's Transformers loader loads a 16-bit model with model.cuda() unless --gpu-memory or --auto-devices is given (modules/models.py); say "device map auto" (or --gpu-memory per GPU) for a split over the ${n} GPUs`;
}
