import { MODELS } from '../catalog/index.js';
import type { ModelSpec } from '../catalog/types.js';

/**
 * A family word and a size with no release between them ("Llama 70B", "qwen32b", "LLaMA 3B",
 * "gemma 9b"; corpus c649, c776, c748) name a catalog model when the family published that size:
 * the member is read, not the nearest shape pinned to the size, so the reply can say which release
 * it took and name the others (fact-doubts.ts withGeneration). Which release, in order:
 *
 * 1. one the catalog does not mark superseded (ModelSpec.superseded: "a bare size does not pick it");
 * 2. the lowest generation left: a size's name without a release is the name it was first published
 *    under — the catalog's own aliases read "llama-7b" as LLaMA-1, "qwen-7b" as Qwen 1, "baichuan-13b"
 *    as Baichuan 1, "chatglm-6b" as ChatGLM 1 — later generations being named with their number
 *    ("Llama 70B" in 2023 is Llama-2-70B, exllamav2#47; "llama3 70b" names its release).
 *
 * Taken on the family and size alone, the release is a guess: said on the first screen with the
 * other generations of that size (withGeneration), never silently.
 */

/** A catalog id that is exactly family, optional generation, size: "llama-2-70b", "qwen2.5-32b", "gemma-2-9b", "llama-1-7b". */
function memberParts(id: string, family: string): { generation: number; size: number } | null {
  const letters = family.replace(/[^a-z]/g, '');
  if (!letters) return null;
  const m = new RegExp(`^${letters}(?:-?v?(\\d+(?:\\.\\d+)?))?-(\\d+(?:\\.\\d+)?)b$`).exec(id);
  if (!m) return null;
  return { generation: m[1] === undefined ? 1 : Number(m[1]), size: Number(m[2]) };
}

/** A catalog id that is family, optional generation, total size and active size: "qwen3-30b-a3b", "qwen2-57b-a14b". */
function moeMemberParts(id: string, family: string): { generation: number; size: number } | null {
  const letters = family.replace(/[^a-z]/g, '');
  if (!letters) return null;
  const m = new RegExp(`^${letters}(?:-?v?(\\d+(?:\\.\\d+)?))?-(\\d+(?:\\.\\d+)?)b-a\\d+(?:\\.\\d+)?b$`).exec(id);
  if (!m) return null;
  return { generation: m[1] === undefined ? 1 : Number(m[1]), size: Number(m[2]) };
}

/** The same size said two ways: "70b" is 70e9, "1.5b" 1.5e9 (names carry at most three digits). */
const sameSize = (params: number, billions: number) => Math.abs(params / 1e9 - billions) < 1e-6 * Math.max(1, billions);

/** The dense text models of a family whose id names this size, in the order a bare family-and-size reads them. */
export function familyMembersAt(params: number, family: string): ModelSpec[] {
  const found: { m: ModelSpec; generation: number }[] = [];
  for (const m of MODELS) {
    if ((m.arch.experts ?? 0) > 1 || m.arch.vision) continue;
    const parts = memberParts(m.id, family);
    if (parts && sameSize(params, parts.size)) found.push({ m, generation: parts.generation });
  }
  // A release named without its size ("deepseek-v3", "deepseek-r1": 671B) is the family at the size it
  // published, mixture of experts or not: "671B deepseek" (c477), "DeepSeek 671B" had been a dense
  // Llama-style 671B shape.
  if (found.length === 0) {
    for (const m of MODELS) if (m.family.toLowerCase() === family && !m.arch.vision && Math.abs(m.publishedParams - params) <= 1e-6 * params) found.push({ m, generation: 0 });
  }
  // …and a size that only the family's mixture-of-experts release published, its active size left out
  // ("QWen 30b moe", verl-project/verl#2645, c3186; "--model /qwen-30b/", c2306) is that release: the
  // nearest dense shape of another size had stood in, misstating the KV cache and per-token compute.
  if (found.length === 0) {
    for (const m of MODELS) {
      if (m.arch.vision) continue;
      const parts = moeMemberParts(m.id, family);
      if (parts && sameSize(params, parts.size)) found.push({ m, generation: parts.generation });
    }
  }
  return found.sort((a, b) => Number(!!a.m.superseded) - Number(!!b.m.superseded) || a.generation - b.generation).map((x) => x.m);
}

/** The member a family word and a size read as, or null when the family published no model of that size. */
export function familyMemberAt(params: number, family: string): ModelSpec | null {
  return familyMembersAt(params, family)[0] ?? null;
}
