import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';

/**
 * not-hw.measurement (src/language/hardware/rules.ts) takes "uses 40G" as memory in use, but a
 * memory with a card right after it is that card's memory: "Can we use 40G A100 to finetune"
 * (c052 tatsu-lab/stanford_alpaca#280, written "A100 40G" there; bench:variations
 * "memory-before-card"). Invented variations: other verbs, a count, another language.
 */

function cardOf(text: string): unknown {
  const read = parseRequest(text);
  if (!read.ok) return `refused: ${read.error.message.split('\n')[0]}`;
  const hw = read.items.find((i) => i.kind === 'hardware');
  return hw && hw.kind === 'hardware' ? { gpu: hw.gpuId, gib: hw.capacityGiB, count: hw.count } : null;
}

describe('a memory after "use" with a card after it is the card\'s', () => {
  const pairs: [string, string][] = [
    ['Can we use 40G A100 to finetune llama-7B?', 'Can we use A100 40G to finetune llama-7B?'],
    ['we are using 2 40GB A100 for llama-2-13b lora', 'we are using 2 A100 40GB for llama-2-13b lora'],
    ['I used 24G RTX 3090 to run qwen2-7b', 'I used RTX 3090 24G to run qwen2-7b'],
    ['用了 40G A100 跑 llama-7b 微调', '用了 A100 40G 跑 llama-7b 微调'],
  ];
  for (const [before, after] of pairs) {
    it(`${JSON.stringify(before)} reads the card as ${JSON.stringify(after)} does`, () => {
      expect(cardOf(before)).toEqual(cardOf(after));
    });
  }

  it('c052 with the memory first is an A100 40GB, not the 80GB A100 by default', () => {
    expect(cardOf('Can we use 40G A100 to finetune llama-7B? Is there anyone try that?')).toMatchObject({ gpu: 'a100-40g' });
  });

  it('a memory in use with no card after it is still a measurement, not a card size', () => {
    expect(cardOf('llama-7b lora uses 40G on one A100')).toEqual(cardOf('llama-7b lora on one A100'));
  });
});
