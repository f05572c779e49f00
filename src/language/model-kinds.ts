import { modelIdOf } from './lexicon.js';

/**
 * Words that make a model of another kind out of a family's release: "Qwen3-VL-8B" is a vision model (a
 * ViT tower beside the language model), not Qwen3-8B; "Qwen2-Audio-7B" holds a Whisper encoder; an
 * "-Omni-" model both. A name that holds one of these words is never read as its text twin: it is the
 * catalog's model of that kind, or a model the catalog lacks (rmodel, issue 22: "-VL-" kept).
 * "Coder", "Math" and "Instruct" are left out: Qwen2.5-Coder-32B and Qwen2.5-32B have one config.json shape.
 */
const KIND_WORDS = /^(?:vl|vision|audio|omni|video|visual)$/i;

/** Whether `word` names a model kind apart from its family's text model. */
export const isKindWord = (word: string): boolean => KIND_WORDS.test(word);

/**
 * The catalog model a derivative's name ends with, up to its size: "Huihui-Qwen3-VL-8B-…-abliterated" is
 * Qwen3-VL-8B with an owner's word before it (noctrex/Huihui-Qwen3-VL-8B-Instruct-abliterated-GGUF,
 * mudler/LocalAI#3007, corpus c1800). `parts` are the name's words before the size, in order; the longest
 * run of them ending at the size that the catalog knows wins, the whole name first. Only a run that holds a
 * kind word: elsewhere a tail is no evidence ("DeepSeek-R1-Distill-Qwen-14B" ends with "Qwen-14B", Qwen 1's
 * 14B, and is a Qwen2.5-14B; families.ts reads it). Null when none is.
 */
export function catalogTail(parts: readonly string[], size: string): string | null {
  for (let k = 0; k < parts.length; k++) {
    if (!parts.slice(k).some(isKindWord)) break;
    const id = modelIdOf([...parts.slice(k), size].join('-'));
    if (id) return id;
  }
  return null;
}
