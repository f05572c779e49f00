import type { Item } from '../items.js';
import { artefactAt } from '../prose/rules/artefacts.js';

type FrameworkItem = Extract<Item, { kind: 'framework' }>;
const isFramework = (i: Item): i is FrameworkItem => i.kind === 'framework';

/**
 * A framework an artefact only suggests (prose/rules/artefacts.ts, evidence `weak`: an
 * `unsloth/…` Hub id, `tune download`, a `finetune/lora.py` path) is the run's framework only where
 * nothing better says which: it yields to a framework the message names ("with axolotl", a
 * command, a config key), to a serving engine (`vllm serve unsloth/…` serves the checkpoint;
 * Unsloth trains) and to words that run the model where none trains ("run unsloth/…"). Without this the first framework item won, so a Hub id written before "with
 * axolotl" would have set Unsloth. Set aside with a note, as engine-evidence.ts does for engines.
 */
export function impliedFrameworks(items: Item[], notes: string[], text: string): Item[] {
  const implied = items.filter((i): i is FrameworkItem => isFramework(i) && artefactAt(text, i.at, i.end)?.evidence === 'weak');
  if (implied.length === 0) return items;
  const named = items.find((i): i is FrameworkItem => isFramework(i) && !implied.includes(i));
  // A training framework suggested beside words that run the model ("run unsloth/…", "inference") and none that train.
  const trains = items.some((i) => i.kind === 'lora' || (i.kind === 'mode' && ['full', 'pretrain', 'train'].includes(i.value)));
  const runs = trains ? undefined : items.find((i) => i.kind === 'mode' && (i.value === 'inference' || i.value === 'run'));
  const over = named ?? items.find((i) => i.kind === 'serve') ?? runs;
  if (!over) return items;
  // The same framework named outright: the artefact only says it again.
  const aside = implied.filter((i) => i.value !== named?.value);
  for (const i of aside) notes.push(`"${i.text.trim()}" suggests ${i.value}, but "${over.text.trim()}" says what runs: read that`);
  return items.filter((i) => !aside.includes(i as FrameworkItem));
}
