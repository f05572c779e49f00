import { MODELS } from '../../catalog/index.js';
import { sameModelSize } from '../families.js';
import type { Token } from '../lexer.js';
import { FAMILIES } from '../lexicon.js';
import { sizeNumber } from '../numbers.js';

/**
 * A catalog name written without a size, right beside a size it is not: two spans that name the
 * model and disagree. The size is the user's word for this model; the name gives its family.
 *
 * - joined into one name ("deepseekv2-prover7B", huggingface/trl#3436, corpus c302: DeepSeek-Prover-V2-7B,
 *   not the 236B DeepSeek-V2 and a 7B beside it): a derivative of the size, read by nameModels as a
 *   model of that size of the family's shape, said as a guess;
 * - one space apart or touching ("starcoder 3b", "starcoder7b"): the family at that size, which the
 *   family-and-size reading takes to its catalog member (scenario/family-size.ts) and says; a
 *   mixture's name is left out here, as a size beside it may be its active size ("Kimi K2 32B").
 *
 * Both had been refused as "both set the model". A name that holds a size already ("glm4-9b-1m"),
 * a mixture's expert size ("mixtral 7b*8") and the same size said twice
 * ("tinyllama 1b") are left as they are.
 */
export function nameTakesSize(name: Token, size: Token, joined: boolean): string | null {
  if (name.type !== 'model' || (size.type !== 'size' && size.type !== 'moeSize')) return null;
  if (size.type === 'moeSize' || /\d+(?:\.\d+)?\s*[bm](?![a-z])/i.test(name.text)) return null;
  const spec = MODELS.find((m) => m.id === name.value);
  const said = String(size.value ?? size.text).replace(/^[^\d]+/, '');
  const params = sizeNumber(said);
  if (!spec || !(params > 0) || sameModelSize(params, spec.publishedParams)) return null;
  // A size said apart from a mixture's name may be its active or its experts' size ("Kimi K2 32B",
  // "mixtral 7b*8"): a disagreement to report, not a family at that size.
  if ((spec.arch.experts ?? 0) > 1 && (!joined || spec.id.includes(`x${said.toLowerCase()}`))) return null;
  const family = spec.family.toLowerCase();
  return FAMILIES.includes(family) ? family : null;
}

/** "starcoder 3b", "starcoder7b": a dense catalog name and, right after it, a size it is not, read as the family at that size. */
export function nameFamilyBeforeSize(tokens: Token[], notes: string[]): void {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const name = tokens[i]!;
    // One space between ("starcoder 3b"), or none ("starcoder7b").
    const spaced = tokens[i + 1]?.type === 'ws' && tokens[i + 1]!.text === ' ';
    const size = spaced ? tokens[i + 2] : tokens[i + 1];
    if (!size || (!spaced && size.offset !== name.offset + name.text.length)) continue;
    const family = nameTakesSize(name, size, false);
    if (!family) continue;
    notes.push(`"${name.text}" with "${size.text}" after it: the catalog's ${name.value} is not ${size.text}, so ${family} at ${size.text}`);
    tokens.splice(i, 1, { type: 'family', value: family, text: name.text, offset: name.offset });
  }
}
