import type { Item } from '../language/items.js';

/**
 * "Which model?" for a setup that names none (issue 22, b12: the thread lives in the model's own
 * repository, so "全参数微调 on 8*P100" never says it). A colleague would say what they did take
 * in before asking, so the question lists the setup's words as the user wrote them, in their
 * order; the thread keeps that setup for the answer (core/opening.ts).
 */
const MAX_LISTED = 6;
const MAX_WORDS = 40;

/** The words of each item read, in the user's order, once each, each cut to a readable length. */
export function wordsRead(items: readonly Item[]): string[] {
  const words: string[] = [];
  for (const item of [...items].sort((a, b) => a.at - b.at)) {
    if (item.kind === 'help' || item.kind === 'control') continue;
    const said = item.text.replace(/\s+/g, ' ').trim();
    if (!said) continue;
    const clipped = said.length > MAX_WORDS ? `${said.slice(0, MAX_WORDS - 1)}…` : said;
    if (!words.includes(clipped)) words.push(clipped);
  }
  return words;
}

/** The question, listing what was read: the setup's facts, or failing those the words as written. */
export function whichModelQuestion(read: readonly string[], named?: { family: string; members: readonly string[] }): string {
  // "llama model" names a family: which of it, with the family's own models as the example.
  const which = named ? `Which ${named.family}? It names a family, not one model.` : 'Which model?';
  const example = named ? named.members.slice(0, 3).map((id) => `"${id}"`).join(', ') : '"llama-3-8b" or "13b"';
  if (!read.length) return named ? `${which} Name it with its version and size, e.g. ${example}.` : 'Which model? Start with a model name or a size, e.g. "llama-3-8b" or "13b", then the rest.';
  const listed = read.slice(0, MAX_LISTED).join(' · ') + (read.length > MAX_LISTED ? ' …' : '');
  return `${which} I read: ${listed} — name the model and I'll keep the rest, e.g. ${example}.`;
}

/**
 * A name the catalog lacks, with no size in it ("functionary-small-v2.2", MeetKai/functionary#128,
 * corpus c604): asked with what was read, so the user adds only the size or the Hub id.
 */
export function unknownModelQuestion(name: string, read: readonly string[]): string {
  const listed = read.length ? ` I read: ${read.slice(0, MAX_LISTED).join(' · ')}${read.length > MAX_LISTED ? ' …' : ''} —` : '';
  return `I don't know the model "${name}".${listed} ${read.length ? 'give' : 'Give'} its size with it (e.g. "${name} 7b") or its Hub id, and I'll estimate it as a model of that size${read.length ? ', keeping the rest' : ''}.`;
}

/** The size a setup is resolved on to say its facts; never shown (the model fact is left out). */
export const PLACEHOLDER_SIZE = 7e9;

/** Facts that are no setup: the model (asked for), the count (said in the card), a question or a help topic ("oom"). */
const NOT_SETUP = new Set(['model', 'gpus', 'question', 'help']);

/** The facts a user said, as the reply says them ("4× A800 80GB", "batch 1", "full fine-tune"); the count is in the card. */
export function setupOf(trace: readonly { fact: string; value: string; at: number | null }[]): string[] | null {
  // A setting said off ("none, none" for no offload) is no setup to list.
  const said = trace.filter((f) => f.at !== null && !NOT_SETUP.has(f.fact) && !/^(?:none[,\s]*)+$/.test(f.value.trim()) && f.value.trim());
  const words = said.map((f) => (/^[\d.,]+$/.test(f.value) ? `${f.fact} ${f.value}` : f.value));
  const once = [...new Set(words)];
  return once.length ? once : null;
}
