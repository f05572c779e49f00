import type { Item } from '../items.js';
import { sentenceStart } from '../sentence-ends.js';

/**
 * The program another setup runs, said in that setup's own sentence (issue 22: whose run a clause
 * describes). "My desktop running ComfyUI with the Qwen3-VL-2B-Instruct 8bit model, using an RTX 3060
 * 12GB … However, my mini PC, which only has an AMD integrated GPU (780M) and runs Ollama with the
 * huihui_ai/qwen3-vl-abliterated:2b-instruct model, processed the same image in just 5.53 seconds"
 * (1038lab/ComfyUI-QwenVL#31, c1919): once the 780M and its model are set aside as the other setup
 * (mentions.ts actualSetup), its Ollama had still made the 3060's transformers run a llama.cpp GGUF,
 * unsaid. A framework named only beside the set-aside setup, in a sentence the kept setup is not in,
 * goes with it; one named anywhere else too stays (both machines may run it), and one in the kept
 * setup's own sentence stays ("I have a 4090 (my old 3090 died) and run Ollama").
 */
export const OTHER_SETUP_ENGINE_RULE = {
  id: 'reconcile.other-setup-engine',
  example: 'my mini PC, which only has an AMD integrated GPU (780M) and runs Ollama with the huihui_ai/qwen3-vl-abliterated:2b-instruct model',
  source: '1038lab/ComfyUI-QwenVL#31 (c1919)',
} as const;

/**
 * The framework items of `items` that belong to the set-aside mentions `dropped`: each is `along` one
 * of them (the caller's test: after it in its sentence, or between it and the kept one), in another
 * sentence than `keep`, and no framework item of the same value is said outside them.
 */
export function otherSetupEngines(items: readonly Item[], text: string, keep: Item, dropped: readonly Item[], along: (d: Item, i: Item) => boolean): Item[] {
  const keptSentence = sentenceStart(text, keep.at);
  const theirs = items.filter((i) => i.kind === 'framework' && dropped.some((d) => along(d, i) && sentenceStart(text, d.at) === sentenceStart(text, i.at)) && sentenceStart(text, i.at) !== keptSentence);
  if (theirs.length === 0) return [];
  const value = (i: Item) => (i.kind === 'framework' ? i.value : '');
  const saidElsewhere = items.some((o) => o.kind === 'framework' && !theirs.includes(o) && theirs.some((t) => value(t) === value(o)));
  return saidElsewhere ? [] : theirs;
}
