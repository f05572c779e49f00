import { describe, expect, it } from 'vitest';
import { modelById } from '../../src/catalog/index.js';
import { countParams } from '../../src/memory/parameters.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Issue 22 (the model wrong by a rule): a repository the catalog lacks, named with a family and the size that
 * family released ("beomi/llama-2-ko-7b", "Bllossom/llama-3-Korean-Bllossom-70B-gguf-Q4_K_M",
 * "rhaymison/Llama-3-portuguese-Tom-cat-8b-instruct": c335 c336 c317), is a fine-tune of that release and has
 * its parameter count: Llama-3-70B's 70.6 B, not the label's 70.0 B pinned onto the shape. A bare size with no
 * family ("7b") and a size the family's own line never released ("34B llama", c900: CodeLlama's 34B is
 * another line) stay pinned to the size written.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const total = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return countParams(r.scenario.model.arch).total;
};
const own = (id: string) => countParams(modelById(id).arch).total;

describe("a family named at its release's size is that release's count", () => {
  it.each([
    ['beomi/llama-2-ko-7b qlora on 1x rtx-3090', 'llama-2-7b'],
    ['Bllossom/llama-3-Korean-Bllossom-70B-gguf-Q4_K_M inference with llama.cpp', 'llama-3-70b'],
    ['rhaymison/Llama-3-portuguese-Tom-cat-8b-instruct vllm on 1x rtx-4060-ti-16g', 'llama-3-8b'],
    ['someone/llama-2-13b-chat-ko-v2 lora on 1x a100-80g', 'llama-2-13b'],
    ['org/Llama-3-8B-German-sft inference', 'llama-3-8b'],
  ])('"%s": %s\'s own count', (text, release) => {
    expect(total(text)).toBe(own(release));
  });

  it.each(['c335', 'c336'])("%s: the release's own count", (id) => {
    const l = line(id);
    const r = resolveRequest(`${l.thread}\n${l.text}`, null);
    expect(r.ok && r.scenario && r.scenario.model.arch.sizeAdjustment).toBeFalsy();
  });

  it.each([
    ['7b full on 1x a100-80g', 7e9],
    ['34b llama full dpo on 8x a100-80g', 34e9],
    ['13b lora on 1x a100-80g', 13e9],
  ])('"%s" stays pinned to the size written', (text, params) => {
    expect(Math.abs(total(text) - params)).toBeLessThan(1e6);
  });
});
