import type { ItemTrace } from './item-trace.js';
import type { Token } from './lexer.js';

/**
 * Whether the words read make a setup to estimate, however many words around them were not read
 * (issue 22, b14): people paste prose, and ordinary words are no evidence against a reading.
 * "I have an NVIDIA 3050 w/ 4GB VRAM … I download the model llama13b-4bit.pt" (c574,
 * oobabooga/text-generation-webui) names a model and a card among forty words the reader has no
 * rule for; it is answered, those words said once as not read. A message is refused as mostly
 * unread only when nothing estimable was read in it: no model or size, or nothing to run it on
 * and nothing done with it ("flibber jabberwock snark 7b vorpal frumious bandersnatch").
 */

/** Tokens that name what is estimated: a model, or a size that stands for one. */
const WHAT = new Set(['model', 'hub', 'size', 'moeSize', 'family']);

/** Tokens that say what it runs on (a card, a memory)… */
const ON = new Set(['gpu', 'capacity']);
/**
 * …and what is done with it (train, serve, LoRA); a quantised format of the weights says it is run, or
 * readied to run ("Llama-3.2-3B … Q4_0_4_4 … Phone soc: snapdragon 778g", Vali-98/ChatterUI#193, c1768: a
 * phone's CPU, no card, refused once its chip was no longer read as a 778 GB card).
 */
const DOING = new Set(['mode', 'serve', 'lora', 'weights']);

/**
 * A card and what is done on it, with no model ("我这边是A100 40G … lmdeploy chat …", a reply in a
 * thread whose title names the model: InternVL#465, c546) is a setup too: in a thread the model is
 * the thread's, and in a new message the reply asks which model, listing what it read.
 */
export function estimableSetup(kept: readonly Token[]): boolean {
  const has = (kinds: Set<string>) => kept.some((t) => kinds.has(t.type));
  const on = has(ON);
  const doing = has(DOING);
  return (has(WHAT) && (on || doing)) || (on && doing);
}

/**
 * What the reply says of an answer drawn from a message mostly not read: every fact in it stands
 * on a few words among many, so each is a weak fact, said with its words on the first screen
 * (item-trace.ts), and a misreading among them is seen rather than silent.
 */
export const READ_AMONG_UNREAD = 'estimable.read-among-unread';

export function readFromFewWords(unreadCount: number): string {
  return `most of this message is words I do not read (${unreadCount}): each fact below stands on a few words of it, said with them`;
}

export function amongUnread(trace: ItemTrace): ItemTrace {
  return trace.weak ? trace : { ...trace, weak: true, weakStep: { rule: READ_AMONG_UNREAD, words: trace.words.trim() } };
}
