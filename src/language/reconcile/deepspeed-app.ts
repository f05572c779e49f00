import type { Item } from '../items.js';
import { artefactAt } from '../prose/rules/artefacts.js';

/**
 * DeepSpeed's own training application, DeepSpeed-Chat (prose/rules/artefacts.ts, its rows below), is the program
 * the run uses, not DeepSpeed as the ZeRO provider under another trainer: its scripts call deepspeed.initialize
 * with no Hugging Face Trainer. So the DeepSpeed it implies stays beside the ZeRO stage its scripts pass
 * (`--zero_stage 0`, deepspeedai/DeepSpeedExamples#551, corpus c2791), and the `deepspeed` launcher that starts its
 * main.py (read as the Hugging Face stack a launcher starts) yields to it.
 */
const DEEPSPEED_APP_ROWS: ReadonlySet<string> = new Set([
  'prose.artefact-deepspeed-chat',
  'prose.artefact-deepspeed-chat-deployment',
  'prose.artefact-deepspeed-chat-step',
  'prose.artefact-deepspeed-chat-script',
]);

const isFramework = (i: Item, value: string) => i.kind === 'framework' && (i as { value: string }).value === value;

/** The DeepSpeed framework items that stand on DeepSpeed-Chat's name or scripts. */
export function deepspeedAppItems(items: readonly Item[], text: string | undefined): Set<Item> {
  if (!text) return new Set();
  return new Set(items.filter((i) => isFramework(i, 'deepspeed') && DEEPSPEED_APP_ROWS.has(artefactAt(text, i.at, i.end)?.id ?? '')));
}

/** Where DeepSpeed-Chat runs: the launcher's Hugging Face reading (`deepspeed main.py`) set aside. */
export function launcherBesideDeepSpeedApp(items: Item[], app: ReadonlySet<Item>, text: string | undefined): Item[] {
  if (app.size === 0 || !text) return items;
  return items.filter((i) => !(isFramework(i, 'hf') && /^deepspeed$/i.test(text.slice(i.at, i.end).trim())));
}
