import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22, item 3: in prose, a memory written against a card, more than the card was ever sold with
 * ("4x2080ti 22GB", a card modified to 22 GB), was dropped as "an amount of memory the message
 * mentions" and the catalog's 11 GB card read with no word. The card is kept, and said as weak.
 * Real lines: ollama/ollama#11702 (c1132); "2*22g 2080ti" (AutoGPTQ/AutoGPTQ#185, c1137) and
 * "VRAM overflow on 2080 ti 22G" (numz/ComfyUI-SeedVR2_VideoUpscaler#484) say the same card.
 */

function card(text: string): { value: string; weak: boolean } {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const f = (r.trace ?? []).find((t) => t.fact === 'card' && t.at !== null);
  if (!f) throw new Error(`no card read in: ${text}`);
  return { value: f.value, weak: f.weak };
}

describe('a memory beside a card that it was never sold with', () => {
  it.each([
    // c1132 (ollama/ollama#11702), its last lines.
    ['gpt-oss:120b take 99GB vram\n\ngpt-oss:120b    d98fe6ba01e6    99 GB    10%/90% CPU/GPU    8192       Forever\n\nhow can i reduce vram?  4x2080ti 22GB.  hope all layers can run on gpus.'],
    ['I serve qwen2.5-14b with vllm and it OOMs. My cards: 4x 3080 20GB, what should I change?'],
  ])('%j keeps the card, said as weak', (text) => {
    expect(card(text).weak).toBe(true);
  });

  it.each([
    // The card's own memory, and memory the message says is used, stay as they were.
    ['llama-3-8b with vllm runs out of memory. how can i reduce vram?  2x 2080ti 11GB.  thanks'],
    ['serving llama-3-8b with vllm on 1x rtx 4090 and it runs out of memory. nvidia-smi shows 23GB used'],
  ])('%j is not weak', (text) => {
    expect(card(text).weak).toBe(false);
  });
});
