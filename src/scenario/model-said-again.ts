import { MODELS } from '../catalog/index.js';
import type { Item } from '../language/items.js';
import { sameModelSize } from '../language/families.js';

/**
 * One model said twice, once by its size alone and once by its name: "cannot training a 7B model … with a 7B
 * model Llama2-Chinese-7b-Chat-ms" (hpcaitech/ColossalAI#6272, c1625), "How can i run 8B … when i run 8B"
 * (meta-llama/llama3#329, c1651), "the 70B model (Llama-2-70B-chat)": a bare size is the size of the model the
 * message names, not another run. The name says which model of that size ('replace' a bare size read first
 * by it); a bare size after a name or after the same bare size says nothing new ('keep' the first). Anything
 * else is another model the message mentions, set aside as before.
 */
export function modelSaidAgain(prior: Item, next: Item): 'keep' | 'replace' | null {
  const bare = (i: Item) => (i.kind === 'size' && i.family === null ? i : null);
  const p = bare(prior);
  const n = bare(next);
  if (p && n) return p.params === n.params && p.experts === n.experts ? 'keep' : null;
  if (p) return sizeOf(next) !== null && sameModelSize(p.params, sizeOf(next)!) && p.experts === null ? 'replace' : null;
  if (n) return sizeOf(prior) !== null && sameModelSize(n.params, sizeOf(prior)!) && n.experts === null ? 'keep' : null;
  return null;
}

/** The parameters of a named model (a catalog id, or the catalog model a Hub repo's name is). */
function sizeOf(item: Item): number | null {
  const id = item.kind === 'model' ? item.id : item.kind === 'hub' ? item.offline?.model ?? null : null;
  if (!id) return null;
  return MODELS.find((m) => m.id === id)?.publishedParams ?? null;
}
