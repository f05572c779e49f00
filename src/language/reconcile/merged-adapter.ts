import type { Item } from '../items.js';
import { recordAside, type OwnedRuns } from './owners.js';

/**
 * An adapter merged into the model is how the model was made, not the run: "[Bug] Android memory leak for
 * fine-tuned model by LORA … Make a merged model by the original model (Qwen 2.5 0.5B IT) and trained lora
 * adaptor … Generate outputs on Android demo app" (mlc-ai/mlc-llm#3270, corpus c2809) had read as LoRA
 * training on the phone. Where the message merges the adapter, says its training only as what was done
 * ("trained", "fine-tuned") and runs the model (an inference word or a serving engine), the adapter's words
 * and those past training words are set aside, said, and the run is the merged model's (weak: "say lora" to
 * train the adapter instead). A message that trains now ("adds 4bit training", "training … then merging the
 * LoRA back OOMs") or sets the adapter up (its rank, its targets) keeps the LoRA.
 */

const MERGE = /(?<![a-z])merg(?:e|ed|es|ing)(?![a-z])|合并|병합/i;
/** A training word said as done: the model's history, not the run's intent. */
const DONE = /(?:trained|tuned|tunned)$|^(?:训练好|微调后)/i;

const bareAdapter = (i: Item): boolean => i.kind === 'lora' && !i.qlora && i.rank === null && i.targets === null && !i.allLinear && i.alpha === null && i.dropout === null;
const runsTheModel = (i: Item): boolean => i.kind === 'serve' || (i.kind === 'mode' && i.value === 'inference');
/** Anything that trains now: a method, a present training word, a setting only training has. */
const trainsNow = (i: Item): boolean =>
  (i.kind === 'mode' && (i.value === 'full' || i.value === 'pretrain' || (i.value === 'train' && !DONE.test(i.text.trim())))) ||
  (i.kind === 'lora' && !bareAdapter(i)) ||
  ['optimizer', 'sharding', 'recompute', 'offload', 'rlTrainer'].includes(i.kind) ||
  (i.kind === 'batch' && i.field === 'ga');

export const MERGED_ADAPTER_RULE = 'reconcile.merged-adapter';

export function mergedAdapters(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  const adapters = items.filter(bareAdapter);
  if (adapters.length === 0 || !MERGE.test(text) || !items.some(runsTheModel) || items.some(trainsNow)) return items;
  const history = items.filter((i) => i.kind === 'mode' && i.value === 'train');
  const first = adapters[0]!;
  const words = first.text.trim();
  notes.push(`"${words}" is the adapter merged into the model (how it was made), not the run: the merged model is run (say "lora" to train the adapter instead)`);
  // The run's word is weak now: the method fact it decides carries the doubt, said with the adapter's words.
  const run = items.find(runsTheModel)!;
  owned?.doubts.push({ at: run.at, end: run.end, note: `running the model, the LoRA read as merged into it ("${words}")`, guess: { rule: MERGED_ADAPTER_RULE, words: run.text.trim() } });
  for (const i of [...adapters, ...history]) recordAside(owned, i, 'merged into the model');
  return items.filter((i) => !adapters.includes(i) && !history.includes(i));
}
