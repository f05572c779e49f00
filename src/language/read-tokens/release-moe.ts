import { MODELS } from '../../catalog/index.js';
import type { Token } from '../lexer.js';
import { modelIdOf } from '../lexicon.js';
import { saidBeside } from './said-beside.js';

/**
 * A release named without a size and a mixture of experts' total said apart (rule names.release-moe-size-apart): a MoE
 * id is a name of its own, no series member, so "Qwen3 … how many H100 for the 235b?" had read Qwen3's default 8B with
 * the size set aside, and "vllm/qwen3.5.md … 35b-w8a8推荐四卡" (HYGON-AI/inference-cookbook-das#58, c3143) a bare 35B of
 * CodeLlama's shape. The release's name with that size is the mixture (qwen3.5-35b → Qwen3.5-35B-A3B), said apart as a
 * series member is (names.series-and-size-apart). `i`..`end` are the release's tokens, `text` its words, `sizes` the one
 * size said alone (every saying of it). Returns the model token's index, or -1 where the name with the size is no mixture.
 */
export function releaseMoeApart(tokens: Token[], i: number, end: number, text: string, sizes: Token[], notes: string[], guesses: { at: number; end: number; note: string; rule: string }[]): number {
  if (!sizes.length) return -1;
  const moe = modelIdOf(`${text.toLowerCase().replace(/[\s_]+/g, '')}-${String(sizes[0]!.value).toLowerCase().replace(/\s/g, '')}`);
  if (!moe || (MODELS.find((m) => m.id === moe)?.arch.experts ?? 0) <= 1) return -1;
  const t = tokens[i]!;
  const apart = !sizes.some((x) => saidBeside(tokens, i, end, x));
  notes.push(`"${text}" with "${sizes[0]!.text}"${apart ? ' said apart' : ''} read as ${moe}`);
  if (apart) guesses.push({ at: t.offset, end: tokens[end]!.offset + tokens[end]!.text.length, note: notes.at(-1)!, rule: 'names.release-moe-size-apart' });
  for (const x of sizes) tokens.splice(tokens.indexOf(x), 1);
  const at = tokens.indexOf(t);
  tokens.splice(at, end - i + 1, { type: 'model', value: moe, text, offset: t.offset });
  return at;
}
