import { FAMILIES } from './lexicon.js';

/**
 * A model's variant word written apart from its name ("Mistral instruct model", "the 34B Instruct
 * model", "Mistral-7B (instruct v0.2)", "Llama 3.1 Instruct LLM") is the model's own word, which
 * says which checkpoint it is and sets nothing the estimate reads. It was listed as not read, with
 * "did you mean instruction tuning?" beside it: a wrong suggestion, since nobody asked about
 * instruction tuning (issue 22, item 4). Corpus: huggingface/trl#876 c725 ("Fine-tuning Mistral
 * instruct model"), meta-llama/codellama#75 c1202 ("the 34B Instruct model"), huggingface/trl#1182 c667 ("Mistral-7B (instruct v0.2)"), ml-explore/mlx#1406 c472.
 * prose.variant-after-size reads the variant and release after a family and size as the model's
 * name; this is the rest: a variant word after a family, a size, a model name or another variant word.
 */
const VARIANT = /^(?:instruct|chat|it|hf)$/i;

/** The text just before a variant word: a family (with its version), a size, or a name and a bracket. */
const BEFORE = new RegExp(
  String.raw`(?:(?<![a-z0-9])(?:${FAMILIES.map((f) => f.replace(/[^a-z0-9]/g, '\\$&')).join('|')})(?:[\s-]?v?\d+(?:\.\d+)*)?|\d(?:\.\d+)?\s?b|[a-z0-9]-[a-z0-9.]*\d[a-z0-9.]*|instruct|chat)[\s_(-]*$`,
  'i',
);

/** Whether the word at `at` of `text` is a model's variant word. "it" only after Gemma ("gemma 2 9b it"): elsewhere a pronoun. */
export function isModelVariantWord(text: string, word: string, at: number): boolean {
  if (!VARIANT.test(word)) return false;
  const before = text.slice(Math.max(0, at - 48), at);
  if (/^it$/i.test(word)) return /gemma[\s\w.-]*$/i.test(before) && /\d\s?b[\s-]*$/i.test(before);
  return BEFORE.test(before);
}
