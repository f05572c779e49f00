import type { Item } from '../items.js';
import { namesModel } from './models.js';

/**
 * Models given as examples of other models are other runs: "Other models I see that are run in GPU/VRAM ex.
 * qwen3-coder-next/51 GB" beside the deepseek-r1:70b that became slow (ollama/ollama, corpus c1261) named the
 * example as the setup once the catalog knew it. A model named after "other model(s)" and a list's cue (ex., e.g.,
 * such as, like, including), up to the end of that sentence or a "but" / "while", is set aside, with a note, where a model is named
 * elsewhere; alone it stays (then it is the only model the message gives).
 */
const OTHER_MODELS = /\bother models?\b[^.?!\n;]{0,60}?(?:\bex\.|\be\.g\.|\bsuch as\b|\blike\b|\bincluding\b)[^.?!\n;]*?(?=\s*,?\s*\b(?:but|while|whereas|however|yet)\b|[.?!\n;]|$)/gi;

export function otherModelExamples(items: Item[], text: string, notes: string[]): Item[] {
  if (!/other model/i.test(text)) return items;
  const named = items.filter(namesModel);
  if (named.length < 2) return items;
  const spans = [...text.matchAll(OTHER_MODELS)].map((m) => ({ at: m.index!, end: m.index! + m[0].length }));
  const examples = named.filter((i) => spans.some((s) => i.at >= s.at && i.at < s.end));
  if (!examples.length || examples.length === named.length) return items;
  for (const e of examples) notes.push(`"${e.text.trim()}" set aside as your setup's model: the message names it as an example of other models`);
  return items.filter((i) => !examples.includes(i as (typeof examples)[number]));
}
