import type { ProseRule } from '../types.js';

/**
 * A value the user reduced from is a try that failed, not the run (b14, databrickslabs/dolly#140, corpus
 * c562: "I wasn't able to use a batch size of 3. I had to reduce to 1."). A batch or length said
 * with its key, then a reduction word and a bare number ("had to reduce to 1", "lowered it to",
 * "dropped to", "even at 1", 降到 / 改成 / 调小到): the number after the reduction word is the run's,
 * the earlier one is set aside with a note. The key is written again in front of the new value, so
 * the value is read by the same reader as the one it replaces.
 *
 * Only when nothing but words stands between the two ("batch size 3 on 8 GPUs, had to reduce to 1"
 * leaves both where they were: which value was reduced is not said), and only on one line.
 */

/** Batch and length keys as prose writes them (config keys such as `max_seq_len` are read before prose). */
const KEY = String.raw`(?:micro[ -]?)?batch(?:[ -]?size)?|\bbs|(?:max(?:imum)?[ -])?(?:seq(?:uence)?|context)[ -]?(?:len(?:gth)?)|max[ -]length`;
/** Words that bring a value down ("had to reduce to", "lowered it down to", "dropped the batch size to", "even at"). */
const REDUCE = String.raw`\b(?:reduc(?:e|ed|ing)|lower(?:ed|ing)?|drop(?:ped|ping)?|decreas(?:e|ed|ing)|cut(?:ting)?|br(?:ing|ought))(?:\s+(?:it|that|this|them|(?:the\s+)?(?:${KEY})))?(?:\s+(?:all\s+the\s+way\s+)?down)?\s+to\b|\beven\s+(?:at|with)(?:\s+(?:a\s+)?(?:${KEY}))?(?:\s+of)?|(?:降到|降低到|降至|减到|减小到|减少到|调小到|调低到|改成|改为)`;

const PATTERN = new RegExp(String.raw`(?<key>${KEY})(?<was>\s*(?:of|=|:|is|was)?\s*\d+)(?<between>[^\d\n]{1,100}?)(?<reduce>${REDUCE})(?=\s*(?<after>\d+)(?!\d|\.\d|e-?\d))`, 'g');

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
];
