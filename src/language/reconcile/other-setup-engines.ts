import type { Item } from '../items.js';

/** A sentence ends at . ? ! before a space, at a line break, or at a Chinese stop (as owners/clauses.ts cuts them). */
const SENTENCE_END = /[.?!](?=\s)|\n|[。？！]/g;

/** The [start, end) of the sentence holding position `at`. */
function sentenceAt(text: string, at: number): { at: number; end: number } {
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(text); m; m = SENTENCE_END.exec(text)) {
    const stop = m.index + m[0].length;
    if (stop > at) return { at: start, end: stop };
    start = stop;
  }
  return { at: start, end: text.length };
}

const sameSentence = (text: string, a: Item, b: Item) => sentenceAt(text, a.at).at === sentenceAt(text, b.at).at;

/**
 * The program another setup runs (rmodel3): "My desktop running ComfyUI with the Qwen3-VL-2B-Instruct 8bit model, using
 * an RTX 3060 … However, my mini PC, which only has an AMD integrated GPU (780M) and runs Ollama with the
 * huihui_ai/qwen3-vl-abliterated:2b-instruct model, processed the same image in just 5.53 seconds" (1038lab/ComfyUI-QwenVL#31,
 * c1919). Once the mini PC's card and model are set aside as another setup (mentions.ts actualSetup), Ollama, named in
 * their sentence and not in the kept setup's, is that setup's program too: left in, it had made the user's run a
 * llama.cpp one and its "8bit" a GGUF Q8_0, silently. The frameworks to set aside with the dropped mentions.
 */
export function enginesOfOtherSetup(items: readonly Item[], text: string, keep: Item, dropped: readonly Item[]): Item[] {
  return items.filter((i) => i.kind === 'framework' && !sameSentence(text, i, keep) && dropped.some((d) => sameSentence(text, i, d)));
}
