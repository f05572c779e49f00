import type { ProseRule } from '../types.js';

/**
 * A loader's own guess of the model it opens, printed where the message names no model. llama.cpp's GGML
 * loader (llama.cpp, llama_model_load_internal, mid-2023) read a 65B-shaped file with grouped KV heads as
 * Llama-2-70B: `LLAMA_LOG_WARN("%s: warning: assuming 70B model based on GQA == %d\n", …)` for n_gqa 8, the
 * `-gqa 8` that only Llama-2-70B and its fine-tunes needed in GGML (GGUF later stored it). "llama_model_load_internal:
 * warning: assuming 70B model based on GQA == 8" (an Ollama load log, ollama/ollama#618, corpus c1797) had
 * been read as a model named "assuming 70b". Written as llama-2-70b, weak: a fine-tune is read by its base,
 * and the guess is the loader's, said with its words. Also kept from a log (segments/log-evidence.ts
 * log.model-gqa-70b).
 */
export const GQA_70B = /\b(?:warning:\s*)?assuming 70b model based on gqa\s*==\s*8\b/;

const SIZE_WORD = /(?<![a-z0-9.])\d+(?:\.\d+)?b(?![a-z0-9])/g;

export const LOADER_GUESS_RULES: readonly ProseRule[] = [
  {
    id: 'prose.llamacpp-assumed-70b',
    pattern: new RegExp(GQA_70B.source, 'g'),
    // Only where the guess is the message's one size: a model the user names ("codellama-70b gguf") is theirs, and the
    // longer words of the guess would otherwise be taken for the more specific spelling of it (reconcile/models.ts).
    when: (t) => t.includes('assuming 70b') && (t.match(SIZE_WORD) ?? []).length === 1,
    // The logger's prefix and "warning:" may be blanked before (config.unknown-key reads "llama_model_load_internal: warning:" as a key).
    write: () => 'llama-2-70b',
    weak: true,
    example: 'llama_model_load_internal: warning: assuming 70B model based on GQA == 8',
    source: 'ollama/ollama#618',
  },
];
