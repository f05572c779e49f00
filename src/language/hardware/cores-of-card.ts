import { allMatches } from '../all-matches.js';
import { gpuIdOf } from '../lexicon.js';

/**
 * "Cores" said of a card where the message means cards: "I am trying to load full model on A100-80 GB of 8 cores …
 * it is not using all GPU core" (huggingface/text-generation-inference, corpus c1302: eight A100s, read as one in
 * silence). A card has thousands of CUDA cores and no one counts them in ones, so a small count of "cores" right
 * beside a card's name is most likely its cards; but it may be the host's CPU cores, so the card stays as read
 * (one, or the count said elsewhere) and the reply says the other reading with the user's words. Not "16 CUDA cores"
 * or "tensor cores" (a word between the count and "cores"), not "8 cores CPU", nor a count above a node's sixteen.
 */
export const CORES_OF_CARD = {
  id: 'hw.cores-of-card',
  pattern: /(?<![a-z\d])(?<card>(?:(?:nvidia|geforce|tesla|rtx|gtx)[\s-]*)*(?:[a-z]{1,3}\d{2,4}[a-z]{0,2}|\d{4}(?:\s*ti)?))(?:[\s-]*\d{2,3}\s*(?:gb|g)\b)?\s+(?:of|with)\s+(?<n>\d{1,2})\s*cores?\b(?!\s*(?:cpu|processor))|(?<![\w.])(?<n2>\d{1,2})\s*cores?\s+(?:of|with)\s+(?<card2>(?:(?:nvidia|geforce|tesla|rtx|gtx)[\s-]*)*(?:[a-z]{1,3}\d{2,4}[a-z]{0,2}|\d{4}(?:\s*ti)?))(?![a-z\d])/g,
  example: 'I am trying to load full model on A100-80 GB of 8 cores using below command.',
  source: 'huggingface/text-generation-inference (corpus c1302)',
};

/** The note for each card said with a small count of "cores": the cards read, and how to say the other reading. */
export function coresOfCardNotes(text: string, userText: (at: number, end: number) => string): string[] {
  const notes: string[] = [];
  for (const m of allMatches(CORES_OF_CARD.pattern, text)) {
    const written = (m.groups!.card ?? m.groups!.card2)!;
    const gpuId = gpuIdOf(written.replace(/^(?:(?:nvidia|geforce|tesla)[\s-]*)+/, ''));
    const n = Number(m.groups!.n ?? m.groups!.n2);
    if (!gpuId || n < 2 || n > 16) continue;
    notes.push(`"${userText(m.index, m.index + m[0].length).trim()}": the ${n} cores read as the host's, not as ${n} GPUs — your setup's GPU count is the one read; say "on ${n}x ${gpuId}" if the ${n} cores are GPUs`);
  }
  return notes;
}
