import type { Item } from '../items.js';
import { recordAside, type OwnedRuns } from './owners.js';

/**
 * An adapter the message says it removed or does without ("removed everything peft", "peft相关的都去掉了", "without
 * LoRA", "LoRA 없이", "LoRAなしで": read as the method off, `prose/rules/method-removed.ts` and the vocabulary's
 * negations) outweighs the adapter's name said elsewhere as where the script came from ("the LoRA pretraining script",
 * `pt_with_peft`): the full run is the user's (rule `reconcile.method-removed`, docs/reading.md "What the run is and
 * which model it trains"). Before, the first saying won and the other was set aside ("read "LoRA" as your setup's mode
 * … "removed everything peft" sets it differently"), so a full continued pre-training read as LoRA. Each adapter item is
 * set aside, said; where pre-training is also said, it is the run (pre-training trains every weight), and the negation
 * only removes the adapter. An adapter also said as used ("with LoRA", a rank) is two runs compared: left to the words.
 */
const NAMES_ADAPTER = /q?lora|peft|adapter|로라|ローラ/i;

export function removedMethod(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  const negation = items.find((i) => i.kind === 'mode' && i.value === 'full' && NAMES_ADAPTER.test(i.text));
  if (!negation) return items;
  const adapters: Item[] = items.filter((i) => i.kind === 'lora');
  const pretrain = items.some((i) => i.kind === 'mode' && i.value === 'pretrain');
  if (!adapters.length && !pretrain) return items;
  // An adapter also said as used ("one without LoRA and one with LoRA", `LORA_RANK=32`, verl-project/verl#3159, c2043):
  // two runs compared, the words decide as before.
  const used = (i: Item) => (i.kind === 'lora' && (i.rank !== null || i.alpha !== null)) || /(?:\bwith|\busing|\buse|用|使用|加上?)\s*(?:the\s+|a\s+)?$/i.test(text.slice(Math.max(0, i.at - 12), i.at));
  if (adapters.some(used)) return items;
  for (const a of adapters) {
    recordAside(owned, a, `the adapter the message removed ("${negation.text.trim()}")`);
    notes.push(`"${a.text.trim()}" set aside as your run's method: the message says the adapter was removed ("${negation.text.trim()}"), so every weight trains (say lora if it still trains adapters)`);
  }
  return items.filter((i) => !adapters.includes(i) && !(pretrain && i === negation));
}
