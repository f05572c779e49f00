import type { Item } from '../language/items.js';
import { withoutInvisibles } from '../language/normalise.js';
import { parseRequest } from '../language/parse.js';

/**
 * A reply in a thread states its own setup: "I ran into a similar issue with a deepseek-math-7b model on a100 80G
 * GPU" under a thread titled "OOM with 8 A800" (uclaml/SPIN#34, corpus c2518: read as 8x A800, the thread's cards
 * with the reply's count of none). Read as one request with the thread's waiting words, the reader keeps the first
 * saying of the cards, or the thread's count beside the reply's card. What the reply says of its own run replaces
 * the thread's, field by field: its cards (a card or a memory named, with whatever count it says, one when it says
 * none), its method (a training or serving word), its model. What the reply does not say still comes from the thread.
 *
 * Only a reply that says it is another run like the thread's ("same here", "I ran into a similar issue", "me too",
 * 我也遇到了, 저도 비슷한): a message that goes on from the thread's words without it is most often the asker's own
 * next words, which add to the opening rather than replace it ("2x A100 40G" then "lora, zero3").
 *
 * Returns the thread's earlier words with the sayings the reply replaces blanked (offsets kept), and the words set
 * aside, for the reply to say.
 */

interface Field {
  name: string;
  /** The reply states this field of its own run. */
  stated: (items: readonly Item[]) => boolean;
  /** An item of the thread's words that says this field. */
  says: (item: Item) => boolean;
}

const MODEL_KINDS = new Set<Item['kind']>(['model', 'size', 'hub']);
const METHOD_KINDS = new Set<Item['kind']>(['lora', 'serve']);
const isMethod = (i: Item) => METHOD_KINDS.has(i.kind) || (i.kind === 'mode' && i.value !== 'run');

const FIELDS: readonly Field[] = [
  {
    name: 'cards',
    // A count alone ("on one of them", "2 GPUs") counts the thread's cards: only a named card or memory is the reply's own machine.
    stated: (items) => items.some((i) => i.kind === 'hardware' && (i.gpuId !== null || i.capacityGiB !== null)),
    says: (i) => i.kind === 'hardware',
  },
  { name: 'model', stated: (items) => items.some((i) => MODEL_KINDS.has(i.kind)), says: (i) => MODEL_KINDS.has(i.kind) },
  { name: 'method', stated: (items) => items.some(isMethod), says: isMethod },
];

/** Words that say the message is another run like the thread's: a stranger's "me too" with its own setup. */
const ANOTHER_LIKE_IT =
  /\b(?:(?:the\s+)?same|similar)\s+(?:issue|problem|error|oom|thing|bug|situation)s?\b|\bsame here\b|\bme too\b|\b(?:ran|run|running|come|came)\s+(?:into|across)\s+(?:a\s+|the\s+|this\s+)?(?:same|similar|this)\b|\b(?:hit|see|seeing|get|getting|have|having|face|facing)\s+(?:this|the same|it)\s+too\b|我也(?:遇到|碰到|出现|有|是)|(?:同样|类似|一样)的(?:问题|错误|情况)|저도|(?:같은|비슷한)\s*(?:문제|오류|에러|현상)/i;

export function withoutRepliedFields(earlier: string, reply: string): { earlier: string; replaced: string[] } {
  if (!ANOTHER_LIKE_IT.test(reply)) return { earlier, replaced: [] };
  const own = parseRequest(reply);
  if (!own.ok) return { earlier, replaced: [] };
  const fields = FIELDS.filter((f) => f.stated(own.items));
  if (fields.length === 0) return { earlier, replaced: [] };
  const words = withoutInvisibles(earlier);
  const thread = parseRequest(words);
  if (!thread.ok) return { earlier, replaced: [] };
  const replaced = thread.items.filter((i) => fields.some((f) => f.says(i)) && i.end > i.at);
  if (replaced.length === 0) return { earlier, replaced: [] };
  let out = words;
  for (const i of replaced) out = out.slice(0, i.at) + ' '.repeat(i.end - i.at) + out.slice(i.end);
  return { earlier: out, replaced: [...new Set(replaced.map((i) => i.text.replace(/\s+/g, ' ').trim()).filter(Boolean))] };
}
