import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { describesModel } from '../../src/language/describing-words.js';
import type { ErrorReply } from '../../src/reply/types.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Batch b12, item 4 (test/corpus/first-sight.md): an adjective before "model" is no model's name
 * ("such a powerful model", c525); a name before "model" still is ("the zephyr model").
 */
const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const message = (text: string) => (respond(text, null).reply as ErrorReply).message ?? '';

describe('an adjective before "model" names no model', () => {
  it('c525 is not refused as an unknown model "powerful"', () => {
    expect(message(lineText('c525'))).not.toMatch(/don't know the model "powerful"/);
  });

  it.each([
    ['Thanks for such a powerful model! Can it run on 2x A100 80GB?', 'powerful'],
    ['what an impressive model, does it fit on a 4090?', 'impressive'],
    ['I want to serve the biggest model on 8x h100', 'biggest'],
    ['this famous model, lora on a 3090', 'famous'],
  ])('%s → not "%s"', (text, word) => {
    expect(message(text)).not.toContain(`the model "${word}"`);
    expect(message(text)).toMatch(/^Which model\?/);
  });

  it('a name before "model" is still said as an unknown model', () => {
    expect(message('fine-tune the zephyr model on 2x 4090')).toContain('the model "zephyr"');
    expect(message('SFT the nemotron-3-super model on 8x h100')).toContain('the model "nemotron-3-super"');
  });

  it.each(['powerful', 'Impressive', 'capable', 'biggest', 'same', 'custom'])('%s describes', (w) => expect(describesModel(w)).toBe(true));
  it.each(['zephyr', 'mistral', 'falcon', 'vicuna', 'olmo', 'phi-3', 'gemma2'])('%s does not', (w) => expect(describesModel(w)).toBe(false));
});

// Families the reader already reads by a default member (Mistral → Mistral-7B, Gemma → Gemma-7B) are not asked.
describe('a family named with no version or size is asked which (c510: "fine-tuning llama model")', () => {
  // c510 itself now reads its "alpaca-lora model" as the LLaMA-7B that project trains, a weak guess
  // (read-tokens/project-models.ts, test/language/project-models.test.ts); without the project's name it asks.
  it('c510 without the project\'s name asks which llama, with the setup it read, and no "I don\'t know the model"', () => {
    const reply = respond(lineText('c510').replaceAll('alpaca-lora', 'this'), null).reply as ErrorReply;
    expect(reply.question).toBe(true);
    expect(reply.message).toMatch(/^Which llama\? It names a family/);
    expect(reply.message).toContain('1× A10 24GB');
  });

  it.each([
    ['lora the qwen model on a 4090', 'qwen'],
    ['finetune the LLaMA model on 2x 3090, batch 4', 'LLaMA'],
    ['我想用单卡4090 lora 微调 qwen model，可以吗', 'qwen'],
  ])('%s → which %s, with its family\'s models as examples', (text, family) => {
    const reply = respond(text, null).reply as ErrorReply;
    expect(reply.message).toMatch(new RegExp(`^Which ${family}\\? It names a family`));
    expect(reply.message.toLowerCase()).toMatch(new RegExp(`e\\.g\\. "${family.toLowerCase()}`));
  });
});
