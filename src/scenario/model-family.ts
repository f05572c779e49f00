import { MODELS } from '../catalog/models.js';

/**
 * A model named by its family and size with no generation ("llama 7b", "baichuan-13b") is one of
 * several catalog models of that size (LLaMA-1-7B, Llama-2-7B; Baichuan-13B, Baichuan2-13B): the
 * reading takes one of them, a weak cue (issue 22, item 5), said with the others to name instead.
 */

interface IdParts {
  /** The family with its generation: "llama-2", "baichuan2", "qwen2.5". */
  stem: string;
  /** The family without it: "llama", "baichuan", "qwen". */
  base: string;
  size: string;
  /** What follows the size: "instruct", "vision", or "". */
  suffix: string;
}

function partsOf(id: string): IdParts | null {
  const m = /^(.*?)-(\d+(?:\.\d+)?b)(?:-(.*))?$/.exec(id);
  if (!m) return null;
  const stem = m[1]!;
  return { stem, base: stem.replace(/[-_]?v?\d+(?:\.\d+)*$/, ''), size: m[2]!, suffix: m[3] ?? '' };
}

/** The catalog models of the same family, size and kind from other generations, oldest id first. */
export function otherGenerations(modelId: string): string[] {
  const own = partsOf(modelId);
  return MODELS.filter((m) => m.id !== modelId && sameSlot(own, partsOf(m.id))).map((m) => m.id);
}

function sameSlot(a: IdParts | null, b: IdParts | null): boolean {
  return a !== null && b !== null && a.base === b.base && a.size === b.size && a.suffix === b.suffix && a.stem !== b.stem;
}

/** The user's words give a generation: a digit beside the family once the size is taken out ("llama-2-7b", "qwen2.5 7b"). */
export function namesGeneration(words: string): boolean {
  return /\d/.test(words.replace(/\d+(?:\.\d+)?\s*[bm](?![a-z])/gi, ''));
}
