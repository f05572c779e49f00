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

/** A run of spaces or tabs past its last 32 (all of it before a line break), and line breaks past a paragraph's two. */
const EXTRA_BLANKS = /[ \t]+(?=[ \t]{32}|\n)/g;
const EXTRA_BREAKS = /\n+(?=\n\n)/g;
/**
 * The blanks the segment and config stages leave where they took a log, a command or keys out (c1845: "--sft_type
 * lora" then a hundred spaces where the other keys stood) cut to 32, and line breaks to two: a pattern with \s*
 * twice in a row tries every split of a run of blanks, so one run of N blanks cost such a rule N² tries or more
 * (prose.method-removed-after spent 115 ms of c1845's answer there; prose.trained-with-tool-before-running took
 * 250 s over its own example spread with runs of 400). 32, not fewer: a blanked key still parts the words either side
 * as far as the readers look for a neighbour (the hardware grammar joins parts up to 24 characters apart: "on 4 gpus"
 * from trainer.n_gpus_per_node=4 and "4 x A100-80G" after trainer.nnodes=1 are one count said twice, not 4 nodes of
 * 4; "ktransformers" and the --model_path value after its blanked keys, c2155, are two words). Only the surplus is
 * deleted, so every character kept maps to the user's words as it did; bench:language reads all 3509 lines the same.
 */
export function compactBlanks(text: MappedText): MappedText {
  let out = text;
  if (/[ \t]{33}|[ \t]\n/.test(out.text)) out = out.replace(EXTRA_BLANKS, () => '', 'normalise.blank-runs');
  if (out.text.includes('\n\n\n')) out = out.replace(EXTRA_BREAKS, () => '', 'normalise.blank-runs');
  return out;
}
