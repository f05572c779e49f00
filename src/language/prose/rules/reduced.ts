import { outcomeAfter } from '../../change-outcome.js';
import type { ProseRule } from '../types.js';

/**
 * A value the user reduced from is a try that failed, not the run (b14, databrickslabs/dolly#140, corpus
 * c562: "I wasn't able to use a batch size of 3. I had to reduce to 1."). A batch or length said
 * with its key, then a reduction word and a bare number ("had to reduce to 1", "lowered it to",
 * "dropped to", "even at 1", 降到 / 改成 / 调小到): the number after the reduction word is the run's,
 * the earlier one is set aside with a note. The key is written again in front of the new value, so
 * the value is read by the same reader as the one it replaces.
 *
 * The first value may be one the user only hoped for ("max_seq_size, (I was hoping for 1024 tokens) but
 * dropping it back to 512", c964): it is set aside alike.
 *
 * Only when nothing but words stands between the two ("batch size 3 on 8 GPUs, had to reduce to 1"
 * leaves both where they were: which value was reduced is not said), and only on one line.
 */

/** Batch and length keys as prose writes them (config keys such as `max_seq_len` are read before prose). */
const KEY = String.raw`(?:micro[ -]?)?batch(?:[ -]?size)?|\bbs|(?:max(?:imum)?[ _-])?(?:seq(?:uence)?|context)[ _-]?(?:len(?:gth)?|size)|max[ -]length`;
/** Words that bring a value down ("had to reduce to", "lowered it down to", "dropped the batch size to", "even at"). */
const REDUCE = String.raw`\b(?:reduc(?:e|ed|ing)|lower(?:ed|ing)?|drop(?:ped|ping)?|decreas(?:e|ed|ing)|cut(?:ting)?|br(?:ing|ought))(?:\s+(?:it|that|this|them|(?:the\s+)?(?:${KEY})))?(?:\s+back)?(?:\s+(?:all\s+the\s+way\s+)?down)?\s+to\b|\beven\s+(?:at|with)(?:\s+(?:a\s+)?(?:${KEY}))?(?:\s+of)?|(?:降到|降低到|降至|减到|减小到|减少到|调小到|调低到|改成|改为)`;

/**
 * A value the user only hoped for, said after the key it sets ("increase max_seq_size, (I was hoping for 1024
 * tokens) but dropping it back to 512 gave me the same issue", corpus c964): a wish, then the value run.
 */
const HOPED = String.raw`(?:\s*[,(]\s*)*(?:(?:i|we)\s+(?:was|were|am|are|had\s+been)\s+)?(?:hoping|hoped|wanting|aiming)\s+(?:for|to\s+(?:use|get|reach|run))\s+`;

const PATTERN = new RegExp(String.raw`(?<key>${KEY})(?<was>(?:\s*(?:of|=|:|is|was)?|${HOPED})\s*\d+)(?<between>[^\d\n]{1,100}?)(?<reduce>${REDUCE})(?=\s*(?<after>\d+)(?!\d|\.\d|e-?\d))`, 'g');

/**
 * The range the user tried, said after its key: "max-seq，从16000降到200" (max-seq, from 16000 down
 * to 200), "seq len from 4096 down to 512". The last value tried is the run's.
 */
const TRIED_KEY = String.raw`${KEY}|max[ -]?seq(?:[ -]?len)?`;
const TRIED = new RegExp(
  String.raw`(?<key>${TRIED_KEY})(?<between>(?:\s+to)?\s*[,，:：]?\s*)(?<was>(?:from\s+|从\s*)\d+)(?<reduce>\s*(?:(?:all\s+the\s+way\s+)?down\s+to|to|降到|降低到|降至|减到|减小到|调到|改到|到)\s*)(?<after>\d+)(?!\d|\.\d|e-?\d)`,
  'g',
);

export const REDUCED_RULES: readonly ProseRule[] = [
  {
    id: 'prose.reduced-to',
    pattern: PATTERN,
    when: (t) => /reduc|lower|drop|decreas|cut|brought|bring|down to|even at|even with|降|减|调小|调低|改成|改为/.test(t),
    write: (m, notes) => {
      const { key, was, between, reduce, after } = m.groups as Record<'key' | 'was' | 'between' | 'reduce' | 'after', string>;
      notes.push(`"${key}${was}" read as a value you reduced from; the run's is ${after}`);
      const wasAt = key.length;
      const betweenAt = wasAt + was.length;
      const reduceAt = betweenAt + between.length;
      return [
        { text: ' '.repeat(key.length + was.length), from: 0, to: betweenAt },
        { text: between, from: betweenAt, to: reduceAt },
        { text: ` ${key} `, from: reduceAt, to: reduceAt + reduce.length },
      ];
    },
    example: "I wasn't able to use a batch size of 3. I had to reduce to 1.",
    source: 'databrickslabs/dolly#140',
  },
  {
    // "无论我如何设置max-seq，从16000降到200，始终都会OOM" (however I set max-seq, from 16000 down to 200, it
    // always OOMs): the key was a setting tried down to the last value, not a question about it.
    id: 'prose.tried-from-to',
    pattern: TRIED,
    when: (t) => /from|从/.test(t),
    write: (m, notes) => {
      const { key, between, was, reduce, after } = m.groups as Record<'key' | 'between' | 'was' | 'reduce' | 'after', string>;
      const wasAt = key.length + between.length;
      const reduceAt = wasAt + was.length;
      const afterAt = reduceAt + reduce.length;
      // The length keys as the item language writes them ("max-seq" alone there asks for the longest).
      const itemKey = /batch|bs/.test(key) ? ' bs ' : ' seq ';
      // "seq len from 4096 down to 512 and now it works": the change made it work, so the run asked about is the
      // one it was changed from (change-outcome.ts, c2367); otherwise the last value tried is the run's.
      if (outcomeAfter(m).side === 'from') {
        const digitsAt = was.search(/\d/);
        notes.push(`"${key}${between}${was}${reduce}${after}": ${after} read as the change that made it work; the run asked about is ${was.slice(digitsAt)}`);
        return [
          { text: ' '.repeat(wasAt), from: 0, to: wasAt },
          { text: itemKey, from: wasAt, to: wasAt + digitsAt },
          { text: was.slice(digitsAt), from: wasAt + digitsAt, to: reduceAt },
          { text: ' '.repeat(reduce.length + after.length), from: reduceAt, to: afterAt + after.length },
        ];
      }
      notes.push(`"${key}${between}${was}" read as a value you reduced from; the run's is ${after}`);
      return [
        { text: ' '.repeat(wasAt), from: 0, to: wasAt },
        { text: ' '.repeat(was.length), from: wasAt, to: reduceAt },
        { text: itemKey, from: reduceAt, to: afterAt },
        { text: after, from: afterAt, to: afterAt + after.length },
      ];
    },
    example: '在8*A100（80G）上无论我如何设置max-seq，从16000降到200，始终都会OOM。',
    source: 'InternLM/xtuner#793',
  },
];
