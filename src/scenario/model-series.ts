import { modelById } from '../catalog/index.js';
import type { ModelSpec } from '../catalog/types.js';
import { catalogSeries, seriesKey } from '../language/families.js';
import { sizeNumber } from '../language/numbers.js';

/** The catalog models of the families a bare name begins ("llama" → Llama 1, 2, 3 …), one of each family. */
export function familyMembers(word: string): string[] {
  const key = seriesKey(word);
  if (key.length < 4) return [];
  return [...catalogSeries().entries()].filter(([k]) => k.startsWith(key)).map(([, members]) => members[0]!.id);
}

/** The member of a catalog model's series ("qwen2.5-7b" → Qwen2.5) with this many parameters, by its name's size. */
export function seriesSibling(id: string, params: number): ModelSpec | null {
  const named = /^(.+)-(\d+(?:\.\d+)?[bm])$/.exec(id);
  const members = named ? catalogSeries().get(seriesKey(named[1]!)) : undefined;
  const member = members?.find((m) => sizeNumber(m.size) === params) ?? members?.find((m) => namedAtSize(m.id, params));
  return member ? modelById(member.id) : null;
}

/**
 * Whether a catalog model's own names give it this size: LLaMA-1-33B was released as "30B" ("llama-30b",
 * huggyllama/llama-30b), so "the 30b model" in a thread about "30b 4-bit LLaMa" (oobabooga/textgen#825, c575) is
 * that model, as "33b" would be (rule thread.size-by-released-name).
 */
function namedAtSize(id: string, params: number): boolean {
  return (modelById(id).aliases ?? []).some((alias) => {
    const size = /(?<![a-z0-9.])(\d+(?:\.\d+)?)b$/.exec(alias);
    return size !== null && Number(size[1]) * 1e9 === params;
  });
}

/** The sizes of a catalog model's series, smallest first ("llama-2-13b" → 7b, 13b, 70b); none for a model of no series. */
export function seriesSizes(id: string): string[] {
  const named = /^(.+)-(\d+(?:\.\d+)?[bm])$/.exec(id) ?? /^([a-z]+)-(base|large)(?:-(?:un)?cased)?$/.exec(id);
  return named ? (catalogSeries().get(seriesKey(named[1]!)) ?? []).map((m) => m.size) : [];
}
