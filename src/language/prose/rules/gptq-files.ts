import type { ProseRule } from '../types.js';

/**
 * A single weights file named with its 4-bit width ("llama13b-4bit.pt", "vicuna-7b-4bit.safetensors") is a
 * GPTQ file: GPTQ-for-LLaMa and AutoGPTQ write one .pt / .safetensors file named for its width, which
 * text-generation-webui loads, while bitsandbytes quantises to 4 bits on load from a 16-bit checkpoint and,
 * where it saves, writes a folder of "model*.safetensors" shards not named for the width (as MLX does).
 * "download the model llama13b-4bit.pt" (oobabooga/text-generation-webui, corpus c574) had read as NF4, weak.
 * The width becomes the word gptq, so the name before it still reads as its model. Runs before
 * prose.weights-file (which blanks the extension) and the name rules (which read "-4bit" as NF4).
 */
export const GPTQ_FILE_RULES: readonly ProseRule[] = [
  {
    id: 'prose.gptq-4bit-file',
    pattern: /(?<=[a-z0-9])[-_.](?:4[-_]?bits?|int4)(?=\.(?:pt|pth|safetensors)(?![\w-]))/g,
    when: (t) => /4[-_]?bits?\.(?:pt|pth|safetensors)|int4\.(?:pt|pth|safetensors)/.test(t) && !/\bmlx\b/.test(t),
    write: (m) => ' gptq'.padEnd(m[0].length),
    example: 'so I download the model llama13b-4bit.pt model, but attempting to use it with defaults provided a memory error',
    source: 'oobabooga/textgen#1861',
  },
];
