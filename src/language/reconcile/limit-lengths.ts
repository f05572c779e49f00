import type { Item } from '../items.js';
import { LENGTH_LIMIT_REACHED } from '../length-limit-phrases.js';
import { recordAside, type OwnedRuns } from './owners.js';
import { clauseBefore } from './clause-before.js';

/**
 * A length said as the most the user's run reaches, with no other length beside it: "I can't get over
 * 8k context on qwen 235b" (turboderp-org/exllamav3#54, c1760), "EXAONE-3.5-2.4B-Instruct for me has a
 * context limit of 60k" (ggml-org/llama.cpp#10823, c1207), "16G的卡推理长度不过1k" (QwenLM/Qwen3#165, c2328).
 * It is where the run stops, not a length the user set: the thread asks why it stops there, which is
 * "max seq"'s question (rseq10: until then the number was kept as the run's length, weak, and the
 * question went unread; all three corpus lines read no length). So the span is read as that question,
 * weak, said on the first screen with the length the user saw and "seq N" to estimate at it instead.
 * Where the message asks another question, the length stays the run's, weak, as before; where it asks
 * "max seq" already, the length is set aside. (Beside a length asked about, cues.ts's reachedLengths
 * sets it aside.)
 */
export const LIMIT_LENGTH_RULES = {
  reached: LENGTH_LIMIT_REACHED,
  /** Words after the length that say it is the ceiling: "8k를 넘지 못해요", "8k를 못 넘어요", "8k以上就跑不了" is a failure, not this. */
  reachedAfter: /^\s*(?:tokens?\s*)?(?:를|을|이|가)?\s*(?:넘지\s*못|못\s*넘|넘을\s*수\s*없|이상\s*안\s*돼)/,
  /** A limit the user sets is a setting: "I set a context limit of 8k", "设置…". */
  set: /\b(?:set|sets|setting|configured?|specif(?:y|ied)|pass(?:ed)?|use[ds]?)\b|设置|设定|设为/i,
} as const;

type SeqItem = Extract<Item, { kind: 'seq' }>;

/** The length's words say it is where the run stops, and no setting word stands with them. */
function saidAsReached(i: SeqItem, text: string): boolean {
  const words = clauseBefore(text, i.at) + i.text;
  if (LIMIT_LENGTH_RULES.set.test(words)) return false;
  return LIMIT_LENGTH_RULES.reached.pattern.test(words) || LIMIT_LENGTH_RULES.reachedAfter.test(text.slice(i.end, i.end + 24));
}

/** A lone length said as the most the run reaches: the question "max seq", weak; beside another question, kept weak. */
export function limitLengths(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  const seqs = items.filter((i): i is SeqItem => i.kind === 'seq');
  if (!text || !owned || new Set(seqs.map((i) => i.value)).size !== 1) return items;
  // A key's length (`--max-model-len 8192`, `n_ctx=4096`) is a setting, whatever words stand before it.
  if (seqs.some((i) => /[_=]|--/.test(i.text))) return items;
  const reached = seqs.filter((i) => saidAsReached(i, text));
  if (reached.length === 0) return items;
  // A chart of lengths ("sweep seq") answers the same; a breakdown or timeline chart asks nothing of the length.
  const questions = items.filter((i) => i.kind === 'question' || i.kind === 'howMany' || i.kind === 'compare' || (i.kind === 'chart' && i.value === 'sweep-batch'));
  const asksMaxSeq = questions.some((i) => i.kind === 'question' && i.value === 'maxSeq');
  const shown = reached[0]!.text.trim();
  if (asksMaxSeq) {
    const note = `"${shown}" read as where your run stops now, not the length you ask about: the reply gives the longest that fits`;
    for (const i of reached) recordAside(owned, i, note);
    if (!notes.includes(note)) notes.push(note);
    return items.filter((i) => !reached.includes(i as SeqItem));
  }
  if (questions.length > 0) {
    const note = `"${shown}" is said as the most your run reaches, not a length you set: estimated at it (say "max seq" to ask the longest that fits, or "seq N" for the length you run)`;
    for (const i of reached) owned.doubts.push({ at: i.at, end: i.end, note });
    if (!notes.includes(note)) notes.push(note);
    return items;
  }
  // The first span carries the question; the length said again is the same ceiling, read by it.
  const [first, ...again] = reached;
  const note = `"${shown}" is said as where your run stops: read as asking the longest length that fits (say "seq ${first!.value}" to estimate at ${shown} instead)`;
  owned.doubts.push({ at: first!.at, end: first!.end, note });
  if (!notes.includes(note)) notes.push(note);
  for (const i of again) recordAside(owned, i, note);
  const question: Item = { kind: 'question', value: 'maxSeq', at: first!.at, end: first!.end, text: first!.text };
  return items.flatMap((i) => (i === first ? [question] : again.includes(i as SeqItem) ? [] : [i]));
}
