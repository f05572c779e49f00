import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * A memory figure read as the card only stands strong with a word that makes it a GPU's or the user's
 * (src/scenario/bare-memory.ts); a figure with neither is said weak with its words and the switch.
 * The size of a model said after it or in Chinese, and GPTQ's group size in a release's name, are no card.
 */

const card = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r.trace!.find((f) => f.fact === 'card' && f.at !== null);
};
const gib = (text: string) => Math.round(((read(text).scenario.hardware?.capacityBytes ?? 0) / 2 ** 30) * 10) / 10;

describe('a memory figure with nothing that makes it a GPU', () => {
  it.each([
    'serving qwen3-8b in lm studio, i see the node process with 16gb',
    // "sits at 16GB after load", "initialize with 15GB, instead of 6GB" are measurements of use now, no card at all
    // (hardware/usage-change.ts, test/language/rhw6-usage-and-stated-memory.test.ts).
    'lmdeploy serve api_server qwen2-7b-awq\n6.4G    /data/models/qwen2-7b-awq',
  ])('is the card only weakly, said with its words: %s', (text) => {
    const f = card(text);
    expect(f?.weak).toBe(true);
    expect(f?.bareMemory).toBe(true);
    expect(readNoticed(text).said).toMatch(/say "on <your card>"/);
  });

  it.each([
    'qwen3-8b on my 16GB',
    'I have 16GB of VRAM, can I run qwen3-8b?',
    '16G显存能跑qwen3-8b吗',
    'qwen3-8b On 24GB go OOM',
    'Is 12gb enough for llama-3-8b inference?',
    'llama-3-8b lora, 24G x 2',
    'llama-3-8b lora on 8*24G',
    'llama-3-8b on a 24GB card',
    'llama-3-8b inference, 16GB unified memory',
    'my budget is 16GB for llama-3-8b',
  ])('stands with a GPU word, an owner word or a count: %s', (text) => {
    const f = card(text);
    expect(f).toBeDefined();
    expect(f?.bareMemory).toBeUndefined();
  });
});

describe('sizes that are no card', () => {
  it.each([
    ['a llama-2-70b q4 model should be around 35GB in size', 35],
    ['qwen2-7b-instruct 模型大小14.3G，lora训练', 14.3],
    ['qwen2-7b-instruct 模型大小为 14.3G', 14.3],
    ['the gguf of llama-2-13b is 7.9 GB in file size', 7.9],
  ])('%s', (text, size) => {
    expect(gib(text)).not.toBe(size);
  });

  it.each(['vllm serve gemma-3-27b-it-GPTQ-4b-128g --max-model-len 8192', 'loading ISTA-DASLab/gemma-3-27b-it-GPTQ-4b-128g with vllm', 'run llama-2-13b-chat-gptq-w4-128g on a 3090'])(
    "GPTQ's group size after a '4b' or 'w4' width: %s",
    (text) => {
      const s = read(text).scenario;
      expect(s.weights).toBe('gptq');
      expect(Math.round((s.hardware?.capacityBytes ?? 0) / 2 ** 30)).not.toBe(128);
    },
  );

  it('a card stated beside a size keeps the card', () => {
    expect(gib('the model is around 35GB in size and I have a 48GB card, llama-2-70b q4')).toBe(48);
  });
});
