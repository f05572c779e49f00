import type { Item } from '../items.js';
import { namesModel } from './models.js';

/** A comparison said twice ("A vs B", then A and B again): one comparison. */

/**
 * Kinds whose items are alternatives to one another ("bf16 vs int8", "lora vs full", "deepspeed
 * vs fsdp"): a comparison holds only within one group.
 */
const COMPARABLE: Item['kind'][][] = [
  ['model', 'size', 'hub'],
  ['precision', 'weights', 'kvDtype'],
  ['mode', 'lora', 'serve'],
  ['sharding', 'framework', 'parallel', 'sp', 'offload'],
];
const comparable = (a: Item, b: Item) => a.kind === b.kind || COMPARABLE.some((g) => g.includes(a.kind) && g.includes(b.kind));

/**
 * "FlashAttn 2 vs unsloth (which has FlashAttn 2)": a comparison of one thing with itself is prose.
 * "hf + FlashAttn 2 vs unsloth": sides of unlike kinds compare two whole setups, which one line
 * cannot hold: the first side (the user's own) is read, the other is not, and the reply says so.
 */
export function compares(items: Item[], notes: string[]): Item[] {
  return restatedSides(items.flatMap((i) => {
    if (i.kind !== 'compare') return [i];
    if (!comparable(i.a, i.b)) {
      notes.push(`"${i.a.text} vs ${i.b.text}" compares two setups: read "${i.a.text}" only, not as a comparison (say "compare A vs B" with two values of one setting)`);
      return [i.a];
    }
    const { at: _a, end: _e, text: _t, ...a } = i.a;
    const { at: _a2, end: _e2, text: _t2, ...b } = i.b;
    return JSON.stringify(a) === JSON.stringify(b) ? [i.a] : [i];
  }));
}

/** An item's meaning: its kind and values, not where or how it was written. */
const meaning = ({ at: _a, end: _e, text: _t, ...rest }: Item) => JSON.stringify(rest);

/**
 * "starts with bf16 and errors with 8-bit mode … could the bf16 use less than the 8-bit? --load-in-8bit"
 * (oobabooga/textgen#2259): the alternative a comparison weighs, said again elsewhere, is that
 * side, not the run's own setting (else both sides would carry the 8-bit weights and compare
 * nothing). The first side is the run's own and may be said again.
 */
function restatedSides(items: Item[]): Item[] {
  // A model said again is the run's model either way ("the difference between A and B … B only uses 10g").
  const sides = items.flatMap((i) => (i.kind === 'compare' && !namesModel(i.b) ? [meaning(i.b)] : []));
  if (sides.length === 0) return items;
  return items.filter((i) => i.kind === 'compare' || !sides.includes(meaning(i)));
}
