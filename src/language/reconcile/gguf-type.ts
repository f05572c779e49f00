import type { Item } from '../items.js';

/**
 * "GGUF" said bare is a GGUF of the default type (vocabulary.ts: q4_k_m); a quant type named in the same message
 * ("Meta-Llama-3-8B-Instruct-Q8_0.gguf", a file's suffix; "Q5_K_M") is the type that file is. "[Feature] GGUF
 * memory usage optimization … Meta-Llama-3-8B-Instruct-Q8_0.gguf VRAM usage per inference engine" (corpus c1849)
 * had kept the title's bare word, q4_k_m, and set the file's Q8_0 aside: the bare word is the format said again,
 * the named type the fact. Two named types (a Q4 and a Q8 compared) are left as they are.
 */
export function bareGgufGivesWay(items: Item[]): Item[] {
  const w = items.filter((i): i is Extract<Item, { kind: 'weights' }> => i.kind === 'weights');
  const bare = w.filter((i) => /^[\s(（]*gguf[\s)）]*$/i.test(i.text));
  const typed = w.filter((i) => /^q\d/.test(i.value) && !bare.includes(i));
  if (!bare.length || new Set(typed.map((i) => i.value)).size !== 1) return items;
  return items.filter((i) => !bare.includes(i as Extract<Item, { kind: 'weights' }>));
}
