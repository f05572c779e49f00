import type { Item } from '../items.js';
import { recordAside, type OwnedRuns } from './owners.js';

/**
 * A count said as a strict bound is not the value of the run (issue 22, rseq5): "OOM when train batch
 * size is more than 1. Cant fine tune a model with even batch size of 2" (huggingface/transformers
 * issue, c1953) fails at 2, not 1; "只有gradient accumulation step小于64才不会OOM" (hiyouga/LlamaFactory,
 * c1892: only an accumulation below 64 avoids OOM) states no accumulation of 64. The grammar skips
 * "more", "than", "小于" as filler between a key and its number, so the bound had been read as the value.
 *
 * Strict comparators only: "up to 8192", "at most", "no more than", "<= 1300", "不超过", "接近" name the value the run
 * reaches (c980 "输入长度需要<=1300", c447 "接近 8192"), and stay read as it.
 *
 * Beside a value of the same setting said without a bound close by (`near`), the bound is set aside (with
 * its reason) and the value read, said as weak; alone, the bound is the only figure the message gives for the setting: kept, said as weak (a doubt over its
 * span) with the way to state the value.
 */
export const BOUND_RULES = {
  /** Right before the number, inside the item's own words (the key, the comparator, the number). */
  before: {
    id: 'reconcile.bound-before',
    pattern:
      /(?:(?<!\b(?:no|not)\s+)(?:\b(?:more|greater|larger|bigger|higher|fewer|less|lower|smaller|longer|shorter)\s+than|\b(?:over|above|below|under|beyond|exceed(?:s|ed|ing)?|exceeding))|(?<![<>=!])[<>](?!=)|(?<!不)(?:超过了?|超出了?|大于|多于|高于)|小于|少于|低于|不到|不足)\s*[~≈]?\s*\d[\d,._]*\s*[kKwW万千]?\s*$/,
    example: 'Still I face cuda memory out of error when train batch size is more than 1',
    source: 'c1953',
  },
  /** Right after the number: 以上 / 以下 ("batch size 4以上"), "+" ("bs 8+"), "or more" / "or less". */
  after: {
    id: 'reconcile.bound-after',
    pattern: /^\s*(?:以上|以下|\+(?!\s*\d)|or\s+(?:more|less|fewer|higher|lower|above|below)\b)/,
    example: 'batch size 4以上就会OOM',
  },
} as const;

type Counted = Extract<Item, { kind: 'batch' | 'seq' | 'parallel' }>;
const slot = (i: Counted) => (i.kind === 'batch' ? `batch.${i.field}` : i.kind === 'parallel' ? `parallel.${i.dim}` : 'seq');

/**
 * A value said close to the bound, in its paragraph ("… batch size is more than 1. Cant fine tune a model with
 * even batch size of 2", c1953) completes it; one paragraphs away is another run's ("… OOM when using mbs>2"
 * then an update, "NeMo-RL with mbs=4", c689), where the bound's number stays read, weak.
 */
const NEAR = 240;
function near(text: string, a: Item, b: Item): boolean {
  // A parallel size said as a bound ("—tensor-parallel-size不能大于1" in a title, c2027) is where the failure starts;
  // the size the user ran is the one said plainly anywhere in the message ("可以使用—tensor-parallel-size=2").
  if (a.kind === 'parallel') return true;
  const [from, to] = a.at < b.at ? [a.end, b.at] : [b.end, a.at];
  return to - from <= NEAR && !/\n[ \t]*\n/.test(text.slice(from, to));
}

/** Whether the item's number is said as a strict bound. */
export function isBound(i: Item, text: string): boolean {
  // Batches and parallel sizes: a length past which the run fails ("length of prompt exceeds 1020") is said weak by the
  // length readers already (test/language/failure-threshold-length.test.ts), in their own words. A parallel size
  // with a bound ("tensor parallel size is greater than 1", "tp 不能大于1", QwenLM/Qwen3#360, c2027) fails past it.
  if (i.kind !== 'batch' && i.kind !== 'parallel') return false;
  // A key's value (`--max-model-len 8192`, `bs=4`) is a setting, whatever words are around it.
  if (/[=:]|--/.test(i.text)) return false;
  return BOUND_RULES.before.pattern.test(i.text.trimEnd()) || BOUND_RULES.after.pattern.test(text.slice(i.end, i.end + 16));
}

/** Bounds beside a plain value of their setting are set aside; a lone bound is kept, weak. */
export function boundValues(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!text) return items;
  const bounds = items.filter((i): i is Counted => isBound(i, text));
  if (bounds.length === 0) return items;
  const plain = items.filter((i): i is Counted => (i.kind === 'batch' || i.kind === 'seq' || i.kind === 'parallel') && !bounds.includes(i as Counted));
  const dropped = new Set<Item>();
  for (const b of bounds) {
    const words = b.text.trim();
    // The bound's number said plainly too ("I can run with mbs=2, but I OOM when using mbs>2", c689): the
    // run at that value is stated, the bound only says where it fails; left to the later steps as before.
    if (plain.some((p) => slot(p) === slot(b) && p.value === b.value)) continue;
    const other = plain.find((p) => slot(p) === slot(b) && p.value !== b.value && near(text, b, p));
    if (other) {
      dropped.add(b);
      const reason = `a bound, not a value: the run's is "${other.text.trim()}"`;
      recordAside(owned, b, reason);
      // Said weak all the same: a bound and a value are often two runs' ("batch size 1 … accumulation below
      // 64 … accumulation 128 also OOMs", c1892), and which run the value belongs to is not certain.
      const note = `"${words}" is a bound on the setting, not its value; "${other.text.trim()}" read (say the value you run if it is another)`;
      owned?.doubts.push({ at: other.at, end: other.end, note });
      if (!notes.includes(note)) notes.push(note);
      continue;
    }
    const note = `"${words}" says a bound, not the value: estimated at ${b.value} (say the ${b.kind === 'seq' ? 'length' : b.kind === 'parallel' ? `${b.dim} size` : 'batch'} you run)`;
    owned?.doubts.push({ at: b.at, end: b.end, note });
    if (!notes.includes(note)) notes.push(note);
  }
  return dropped.size ? items.filter((i) => !dropped.has(i)) : items;
}
