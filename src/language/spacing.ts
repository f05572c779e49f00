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

/** A run of spaces or tabs past its last two (all of it before a line break), and line breaks past a paragraph's two. */
const EXTRA_BLANKS = /[ \t]+(?=[ \t]{2}|\n)/g;
const EXTRA_BREAKS = /\n+(?=\n\n)/g;
/**
 * The blanks the segment and config stages leave where they took a log, a command or keys out (c1845: "--sft_type
 * lora" then a hundred spaces where the other keys stood) cut to two, and line breaks to two: a pattern with
 * \s* twice in a row tries every split of a run of blanks, so one run of N blanks cost each such rule N² or more
 * tries (prose.method-removed-after spent 115 ms of c1845's answer there; rules whose example, spread with runs of
 * 400 blanks, took up to 250 s alone). With every run this short, no rule's cost depends on the blanks a paste
 * leaves. Two blanks, not one: a blanked key between two words still parts them ("ktransformers" and the
 * --model_path value after it, c2155, read as one name when joined by one space). Only the surplus is deleted, so
 * every character kept maps to the user's words as it did; bench:language reads all 3509 lines the same.
 */
export function compactBlanks(text: MappedText): MappedText {
  let out = text;
  if (/[ \t]{3}|[ \t]\n/.test(out.text)) out = out.replace(EXTRA_BLANKS, () => '', 'normalise.blank-runs');
  if (out.text.includes('\n\n\n')) out = out.replace(EXTRA_BREAKS, () => '', 'normalise.blank-runs');
  return out;
}
