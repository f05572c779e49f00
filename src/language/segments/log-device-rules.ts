import { CARD_SAID, type LogEvidence } from './log-evidence-rules.js';

/**
 * Device lines a log prints where the prose names no card (s46 rdev; docs/reading.md, "Which card is the user's"): ggml's
 * Vulkan backend lists each device it found, "ggml_vulkan: 0 = Intel(R) Arc(tm) B580 Graphics (Intel Corporation) | uma: 0
 * | fp16: 1 | warp size: 32", and later releases "Vulkan0: AMD Radeon 780M (RADV GFX1103_R1) | uma: 1 | fp16: 1"
 * (ggml-org/llama.cpp ggml-vulkan.cpp, ggml_vk_print_gpu_info). The device is the run's card, as ggml's CUDA line
 * "Device 0: …, compute capability" is (log.ggml-device): its name written without the driver's bracket, once, the
 * first device, and only where nothing outside the logs names a card. A name neither the catalog nor the device table
 * knows reads as nothing (never swapped for another card).
 */
export const LOG_DEVICE_RULES: readonly LogEvidence[] = [
  {
    id: 'log.ggml-vulkan-device',
    pattern: /^\s*(?:ggml_vulkan:\s*\d{1,2}\s*=|vulkan\d{1,2}:)\s*([^|\n]+?)\s*\|\s*uma:/,
    writes: (m) => ` 1x ${m[1]!.replace(/\s*\([^()\n]*\)\s*$/, '').trim()} `,
    unless: CARD_SAID,
    once: 'ggml-device',
    example: 'ggml_vulkan: 0 = Intel(R) Arc(tm) B580 Graphics (Intel Corporation) | uma: 0 | fp16: 1 | warp size: 32',
    source: 'ggml-org/llama.cpp ggml-vulkan.cpp (ggml_vk_print_gpu_info)',
  },
];
