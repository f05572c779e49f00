import type { Item } from '../items.js';

/**
 * A parallel size read from a keyword and a number the grammar joined across a sentence end (issue
 * 22, item 2: a number fills a slot only with a cue). The grammar sees the kept tokens only, so a
 * parallelism the user only wonders about, with no number of its own ("我猜测是不是没有启动
 * tensor-parallel？" — I guess tensor-parallel was not started?), lands beside the next line's
 * device list (`CUDA_VISIBLE_DEVICES=1,2,3,4`, written "4 gpus"), which hiyouga/LlamaFactory#7559
 * (corpus c676) read as tp 4 over GPUs of no count. The keyword is no cue for a number in another
 * sentence where that sentence's words are read on their own cue: the parallelism is set aside,
 * with a note, and the GPUs it took the number from get it back. A bare "I use tensor parallel. 4
 * gpus" keeps its one reading. reconcile/keyword-reach.ts does the same for a batch's and a
 * length's keywords.
 */

/** A sentence end between the keyword and its number: ".", "!" or "?" before a space, a CJK one, a blank line. */
const SENTENCE_END = /[.!?](?=\s)|[。！？]|\n[ \t]*\n/;

export function parallelAcrossSentences(items: Item[], notes: string[]): Item[] {
  let out = items;
  for (const i of items) {
    if (i.kind !== 'parallel' || !i.text) continue;
    const words = i.text.trim();
    const digit = /\d/.exec(words);
    if (!digit) continue;
    // The number first ("4-way tensor parallel"): the reach is what lies between it and the keyword's first letter.
    const between = digit.index === 0 ? words.slice(0, words.search(/[a-z\u3400-\u9fff]/i) + 1) : words.slice(0, digit.index);
    const end = SENTENCE_END.exec(between);
    if (!end) continue;
    const after = i.at + (i.text.length - i.text.trimStart().length) + end.index + end[0].length;
    const ownReading = out.find((o) => o !== i && o.kind !== 'parallel' && o.at >= after && o.end <= i.end);
    if (!ownReading) continue;
    notes.push(`"${i.dim} ${i.value}" not read: the parallelism is named in one sentence and the number is in another ("${words.replace(/\s+/g, ' ')}")`);
    out = out.flatMap((o) => (o === i ? [] : o.kind === 'hardware' && o.count === null && o.at >= after && o.end <= i.end ? [{ ...o, count: i.value }] : [o]));
  }
  return out;
}
