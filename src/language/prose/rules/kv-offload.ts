import type { ProseRule } from '../types.js';

/**
 * The KV cache moved off the GPU, said in a sentence: "Offload kv to smaller GPU", "loads with two 3090s
 * without kv offloading" (ggml-org/llama.cpp#6729, c1854), "KV cache offloading to CPU", "offload the
 * KV cache". A KV cache is what running the model keeps; the bare offload word had read as DeepSpeed's
 * optimizer offload, a training-only setting, and turned a llama.cpp run into a 70B full fine-tune
 * under ZeRO-2. Where the cache lives is not modelled (llama.cpp's -nkvo is an unmodelled switch,
 * config-keys/engines/llamacpp.ts): the words are set aside and said, and no offload is read from them.
 */
const KV = String.raw`(?:the\s+)?(?:kv|k\/v|key[-\s]?value)(?:[-_\s]?cache)?`;
const OFFLOAD = String.raw`offload(?:ing|ed|s)?`;

const KV_PHRASE = String.raw`(?:${KV}[-_\s]+${OFFLOAD}|${OFFLOAD}(?:\s+of)?\s+${KV})`;
const KV_PHRASE_RE = new RegExp(String.raw`\b${KV_PHRASE}\b`);
/**
 * A bare offload word in a message whose offload is the KV cache's ("Adding a smaller GPU … won't make it
 * possible to make use of offloading", c1854, after "Offload kv to smaller GPU"): the same offload, said
 * again without its object. Not one that names its own object ("offload the optimizer", "cpu offload of the
 * parameters", layers to the GPU), which the rules after this one read.
 */
const BARE_OFFLOAD = String.raw`(?<![\w-])${OFFLOAD}(?![\w-])(?!\s+(?:of\s+)?(?:the\s+|its\s+|all\s+)?(?:optimi|optim|adam|param|weights|model|layers|\d))`;

export const KV_OFFLOAD_RULES: readonly ProseRule[] = [
  {
    id: 'prose.kv-offload',
    pattern: new RegExp(String.raw`\b(?:without\s+|no\s+|w\/o\s+)?${KV_PHRASE}\b|${BARE_OFFLOAD}`, 'g'),
    when: (t) => t.includes('offload') && /\bk(?:ey[-\s]?value|\/?v)\b/.test(t),
    write: (m, notes) => {
      if (!KV_PHRASE_RE.test(m[0])) return KV_PHRASE_RE.test(m.input) ? ' '.repeat(m[0].length) : m[0];
      notes.push(`"${m[0].trim()}": where the KV cache is kept (another GPU or the CPU) is not modelled; no optimizer or parameter offload is read from it`);
      return ' '.repeat(m[0].length);
    },
    example: 'Offload kv to smaller GPU',
    source: 'ggml-org/llama.cpp#6729',
  },
];
