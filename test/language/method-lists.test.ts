import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';

/**
 * Issue 22, items 4 and 5: several methods listed as what a change adds ("Add Llama 3b sft/lora/qlora
 * configs for Polaris", oumi-ai/oumi#626, c2751: read as QLoRA) name none of them as the run. The run
 * is read as a fine-tune of unstated method (a full fine-tune by default), and the reply says so.
 */

function read(text: string) {
  const o = readInThread(text, null).outcome;
  if (!o.ok || !o.scenario) throw new Error(`not read: ${text}`);
  return { mode: o.scenario.mode, framework: o.scenario.framework, said: [...o.assumptions, ...o.notices].join(' | ') };
}

describe('a list of methods names no run', () => {
  it.each([
    ['Add Llama 3b sft/lora/qlora configs for Polaris. Had to reduce model max length for Llama 3B to 512 to prevent OOMs.'],
    ['This PR adds full/lora/qlora recipes for qwen2.5-7b, tested on 8x a100-80g'],
    ['Added SFT, LoRA, QLoRA configs for llama-3.1-8b'],
    ['new dpo/orpo/kto example scripts for mistral-7b'],
    ['Add qwen2.5-14b lora/qlora yamls, tested on one 4090'],
    ['add sft/dpo recipes for llama-3-70b on 8x h100'],
    ['Adds Llama 3.1 8B full & lora fine-tuning configs for 1x a100-80g'],
  ])('%j: a fine-tune of unstated method, said', (text) => {
    const r = read(text);
    expect(r.mode).toBe('full');
    expect(r.framework).toBe('hf');
  });

  it('one method said alone is read', () => {
    expect(read('lora finetune llama-2-7b with the lora config on 1x 4090').mode).toBe('lora');
  });

  it('the list is said in the reply', () => {
    expect(read('This PR adds full/lora/qlora recipes for qwen2.5-7b, tested on 8x a100-80g').said).toMatch(/several methods listed/);
  });
});
