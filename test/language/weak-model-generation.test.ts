import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/catalog/models.js';
import { namesGeneration, otherGenerations } from '../../src/scenario/model-family.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22, item 5: a model named by family and size with no generation ("llama 7b", "Baichuan-13B")
 * is one of several catalog models of that size; the reading takes one and says so on the first
 * screen, with the other generations to name instead. A Hub id or a generation written is strong.
 */

function model(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const f = (r.trace ?? []).find((t) => t.fact === 'model' && t.at !== null);
  return { id: r.scenario.model.id, weak: f?.weak ?? false, notice: r.notices.find((n) => n.startsWith(r.scenario!.model.name)) };
}

describe('a family and size with no generation', () => {
  it.each([
    // c389 (baichuan-inc/Baichuan-13B#113): Baichuan-13B or Baichuan2-13B.
    ['请问4*A100 40G能全参数微调Baichuan-13B吗？', 'baichuan-13b', 'baichuan2-13b'],
    ['full finetune baichuan 13b on 4x a100-40g', 'baichuan-13b', 'baichuan2-13b'],
    // c253 (huggingface/accelerate#3239), c366 (deepspeedai/DeepSpeedExamples#354): "llama 7B" of the LLaMA-1 days, or Llama 2's.
    ['OOM error when training llama 7B model using Accelerate FSDP on 8x a100', 'llama-1-7b', 'llama-2-7b'],
    ['lora LLaMA-13B on a 4090', 'llama-1-13b', 'llama-2-13b'],
    ['llama7b in v100*2（32gb） OOM', 'llama-1-7b', 'llama-2-7b'],
  ])('%j: weak, with the other generation', (text, id, other) => {
    const read = model(text);
    expect(read.id).toBe(id);
    expect(read.weak).toBe(true);
    expect(read.notice).toContain(`say "${other}" if you mean another generation`);
  });

  it.each([['lora llama-2-7b on a 4090'], ['finetune huggyllama/llama-7b on a 4090'], ['lora qwen2.5-7b on a 4090'], ['lora baichuan2-13b on a 4090']])(
    '%j names one model: strong',
    (text) => {
      expect(model(text).weak).toBe(false);
    },
  );
});

describe('otherGenerations and namesGeneration', () => {
  const ids = fc.constantFrom(...MODELS.map((m) => m.id));

  it('another generation has the same size and is never the model itself; the relation is symmetric', () => {
    fc.assert(
      fc.property(ids, (id) => {
        for (const other of otherGenerations(id)) {
          expect(other).not.toBe(id);
          expect(other.match(/-(\d+(?:\.\d+)?b)\b/)?.[1]).toBe(id.match(/-(\d+(?:\.\d+)?b)\b/)?.[1]);
          expect(otherGenerations(other)).toContain(id);
        }
      }),
    );
  });

  it('an id with a digit besides its size names its generation', () => {
    expect(namesGeneration('llama 7b')).toBe(false);
    expect(namesGeneration('Baichuan-13B')).toBe(false);
    fc.assert(fc.property(fc.constantFrom('llama-2', 'llama 3.1', 'qwen2.5', 'baichuan2'), fc.integer({ min: 1, max: 400 }), (stem, size) => namesGeneration(`${stem}-${size}b`)));
  });
});
