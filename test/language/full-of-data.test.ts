import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * prose.full-of-data: "full" said of how much data is trained ("a full epoch", "the full dataset")
 * names no method. A method named elsewhere stays; with none, the full fine-tune is the default,
 * said as such ("names no method").
 */

const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { mode: r.scenario.mode, lora: r.scenario.lora !== null && r.scenario.lora !== undefined, trace: r.trace ?? [], notices: r.notices };
};

describe('prose.full-of-data', () => {
  it('c566 (unslothai/unsloth#163): "train a full epoch" is no full fine-tune named', () => {
    const text =
      "I'm trying to finetune yi-34b on a single rtx 4090 on a training set of ~50k examples. It does work when I only do a few hundred steps, but when I try to train a full epoch, it will just stop and hang after a while.";
    const r = read(text);
    const modeFacts = r.trace.filter((f) => f.fact === 'method' && f.at !== null);
    // No fact of the method stands on the word "full".
    expect(modeFacts.map((f) => f.words)).not.toContain('full');
    expect(modeFacts.length).toBeGreaterThan(0);
  });

  it.each([
    // Invented: a method named elsewhere is kept.
    ['lora llama-2-7b on the full dataset on a 3090', true],
    ['qlora mistral-7b, a full pass over the training data, on 1x 4090', true],
    ['full finetune llama-2-7b over the full dataset on 8x a100', false],
  ])('%j', (text, lora) => {
    const r = read(text);
    expect(r.lora).toBe(lora);
  });

  it('c991 (huggingface/trl#846): "taking up a full 16GB of VRAM" is an amount, not the method: read, not refused', () => {
    const text = "I'm using a per_device_train_batch_size of 2, with 4-bit quantised LoRA on a 7B and a max seq length of 2048 on an A10 (24GB VRAM). Still, this is taking up a full 16GB of VRAM.";
    expect(read(text).mode).toBe('qlora');
    // Invented variations: spacing, unit, order.
    expect(read('qlora llama-2-7b on a 4090, it eats the full 24 GB').mode).toBe('qlora');
    expect(read('inference of mistral-7b in 4-bit uses a full 12gb on my 3060').mode).toBe('inference');
  });

  it('"full" before a method word still names the full fine-tune', () => {
    const r = read('full fine-tune llama-2-7b for one epoch on 8x a100-80g');
    expect(r.mode).toBe('full');
    expect(r.lora).toBe(false);
  });
});
