/**
 * A weight format's noun written after it ("4-bit quantization", "AWQ quantized", "int4量化", "8-bit
 * quant") is the format's own word: it says the weights are quantised, which the format before it
 * already said, and sets nothing more. It was listed as not read ("not read: quantization"), which
 * tells the user a word of their setup was dropped when none was (issue 22, item 4). Making the noun
 * part of the keyword was tried and reverted (forty-second session): the format's item text is matched
 * exactly elsewhere (format-alternatives.ts `withBareInt4`, resolve-precision.ts's W8A8), so the noun
 * stays out of the item and is only kept off the "not used" list here, as a model's variant word is
 * (model-variant-words.ts). A noun with no format before it ("which quantization should I use?") is
 * still listed where prose lists words.
 */
const NOUN = /^(?:quanti[sz]ation|quanti[sz]ed|quants?|量化(?:后|版|版本|模型)?)$/i;

/** The end of a weight format as people write it: a bit width, an integer or float type, a method, a GGUF type. */
const FORMAT_BEFORE =
  /(?:(?<![a-z0-9])\d{1,2}[\s-]?bits?|(?<![a-z0-9])(?:int|fp|nf|mxfp|nvfp)\d{1,2}|awq|gptq|gguf|bnb|bitsandbytes|hqq|exl2|w\d+a\d+|q\d(?:_k)?(?:_[msl0-9]+)?)[\s_-]*$/i;

/** Whether the word at `at` of `text` is the noun of the weight format written just before it. */
export function isWeightFormatNoun(text: string, word: string, at: number): boolean {
  if (!NOUN.test(word)) return false;
  return FORMAT_BEFORE.test(text.slice(Math.max(0, at - 24), at));
}
