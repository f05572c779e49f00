import type { Token } from './lexer.js';

/**
 * A family word the grammar can only place before a size (`%family:? sizeValue`). One left with no
 * size after it — the rest of an unknown name ("Qwen3-Coder-Next-Base", unslothai/unsloth#4040,
 * corpus c687: the name rules keep "qwen" and "3" of it) — can never be placed, and the tolerant
 * reader's recovery, which sets aside the token the parse fails at, then dropped every token after
 * it until a size came: "on 2 A100 80GB" went, and the model took "32B" from "I never trained over
 * 32B params models" at the end of the message. Such a family is set aside before the parse; the
 * words stay listed as not read, and the family's version number, if any, is left to the recovery
 * as any bare number is.
 */

const SIZES = new Set(['size', 'moeSize']);

/** Whether the family at `i` has its size after it, right away or after its version ("qwen 2.5 32b"). */
function sized(kept: readonly Token[], i: number): boolean {
  const next = kept[i + 1];
  if (next && SIZES.has(next.type)) return true;
  return next?.type === 'number' && SIZES.has(kept[i + 2]?.type ?? '');
}

/**
 * The same holds for a "compare" word with no "vs" after it (`%compare simple %vs simple`): "deltas compare
 * non-MTP Qwen3.5 FP8 H100 SGLang rows only. The May artifact has non-MTP TP8/EP8 rows …" (c2385, a pull
 * request) failed only at its end, and the recovery dropped TP8/EP8 and every number before it, leaving the
 * H100 one card with no split.
 */
// "in comparison to Huggingface", "compared with vLLM" (a thread's title, c156) names one side, and "STX vs DGX
// comparison" (c2207) its two before it: kept.
const comparesNothing = (kept: readonly Token[], i: number, text: string) =>
  kept[i]!.type === 'compare' && !kept.some((t) => t.type === 'vs') && !/^\s*(?:to|with)\b/i.test(text.slice(kept[i]!.offset + kept[i]!.text.length));

/** The kept tokens less the families with no size after them and the compare words with no "vs", and those set aside. */
export function withoutOrphanFamilies(kept: readonly Token[], text: string, only: { familiesOnly?: boolean } = {}): { kept: Token[]; aside: Token[] } {
  const aside: Token[] = [];
  const rest: Token[] = [];
  for (const [i, t] of kept.entries()) {
    if ((t.type === 'family' && t.text && !sized(kept, i)) || (!only.familiesOnly && comparesNothing(kept, i, text))) aside.push(t);
    else rest.push(t);
  }
  return { kept: rest, aside };
}
