import type { ProseRule } from '../types.js';

/**
 * Offload words that move something other than a trainer's optimizer or parameters, so that the
 * vocabulary's bare "offload" (ZeRO-Offload of the optimizer) never reads them:
 *
 * - "GPU offload(ing)": a local runner's layers placed on the GPU (llama.cpp's -ngl, LM Studio's
 *   "GPU Offload" slider, LocalAI's gpu_layers): the GPU named before the word says where layers go,
 *   as "offloaded 20/49 layers to GPU" does after it (prose.offload-to-gpu). "GPU offloading does
 *   not appear to work for falcon-40b" (mudler/LocalAI#829, corpus c461) had read as a ZeRO-2
 *   optimizer offload of an inference run.
 * - "KV (cache) offload(ing)", "offload (the) KV (cache)": where an inference engine keeps its KV cache
 *   (llama.cpp's --no-kv-offload keeps it in host memory; "Offload kv to smaller GPU",
 *   ggml-org/llama.cpp#6729, corpus c1854, had read as an optimizer offload).
 *
 * Both are blanked: what they place is read, where it is, by the runner's own settings (ngl, kv dtype).
 * "GPU Offload 20" / "GPU Offload Layers: 36" with its number is that setting (LM Studio's slider, the
 * vocabulary's ngl keyword) and stays.
 */
const OFFLOAD = String.raw`offload(?:ing|ed|s)?`;

export const OFFLOAD_ELSEWHERE_RULES: readonly ProseRule[] = [
  {
    id: 'prose.gpu-offload-word',
    pattern: new RegExp(String.raw`\b(?:gpu|cuda|vram)[\s_-]*(?:layers?[\s_-]*)?${OFFLOAD}\b(?![\s_-]*(?:layers?\b[\s_:=-]*)?[:=]?[\s]*\d)`, 'g'),
    when: (t) => t.includes('offload'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'GPU offloading does not appear to work for falcon-40b',
    source: 'mudler/LocalAI#829',
  },
  {
    id: 'prose.kv-offload-word',
    pattern: new RegExp(String.raw`\bkv(?:[\s_-]*cache)?[\s_-]*${OFFLOAD}\b|\b${OFFLOAD}(?:\s+(?:of|the|its))*\s+kv(?:[\s_-]*cache)?\b`, 'g'),
    when: (t) => t.includes('offload') && t.includes('kv'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'Offload kv to smaller GPU … a 70b model with large context loads with two 3090s without kv offloading',
    source: 'ggml-org/llama.cpp#6729',
  },
];
