import type { MappedText } from './mapped-text.js';

/**
 * Spaces typed twice between two words are one space (issue 22, bench:variations "double-space"):
 * a double space after a full stop, text aligned by hand, a word deleted in an edit. Phrase rules
 * are written with one space ("max batch total tokens", "llama 3.1"); read with two, "llama  3.1"
 * was refused and "max  batch  total  tokens" turned into a max-batch question (c035
 * meta-pytorch/torchtune#1694, c039 huggingface/text-generation-inference#832, each with its
 * spaces doubled). Indentation at the start of a line is layout a config reader needs, and is kept;
 * so are line breaks. Runs after segmenting, whose log rule reads "INFO:     …" by its spaces.
 */
const SPACE_RUN = /(?<=\S)[ \t]{2,}(?=\S)/g;

export function oneSpaced(text: MappedText): MappedText {
  return /\S[ \t]{2}/.test(text.text) ? text.replace(SPACE_RUN, () => ' ', 'normalise.one-space') : text;
}

/**
 * A clause with each run of spaces (or a tab) between two words as one space, for a phrase test that needs no
 * offsets ("everything is ok", "becomes normal": mentions.ts's working-run tests). Typed with its
 * spaces doubled, "everything  is  ok" (transformers#27121, c057) no longer said which run works.
 */
export const oneSpacedWords = (clause: string): string => (/\S(?:[ \t]{2}|\t)/.test(clause) ? clause.replace(/(?<=\S)(?:[ \t]{2,}|\t)(?=\S)/g, ' ') : clause);
