import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22: a trainer's printed count of all parameters is the model's size where no model is named
 * (prose/rules/printed-total.ts), weak and said with its words; where one is named it adds nothing.
 * ml-explore/mlx-examples#70 (c2020, "Total parameters 7243.436M") and the PEFT line of c1808 had been
 * refused with "Which model?".
 */
function outcome(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) return { refused: r.ok ? 'no scenario' : r.error.message };
  const weak = (r.trace ?? []).filter((f) => f.weak).map((f) => f.fact);
  return { s: r.scenario, weak, notices: r.notices.join(' | ') };
}
const read = (text: string) => {
  const o = outcome(text);
  if ('refused' in o) throw new Error(`not read: ${text}: ${o.refused}`);
  return o;
};

describe("a printed total is the model's size where none is named", () => {
  it.each([
    ['lora OOM on 1x RTX 4090\n```\ntrainable params: 4,194,304 || all params: 6,742,609,920 || trainable%: 0.0622\n```', 7e9],
    ['Error while finetuning with LoRA on a 32GB Mac\n```\nLoading pretrained model\nTotal parameters 7243.436M\nTrainable parameters 1.704M\n```', 7e9],
    ['```\nTotal params: 494,032,768\n```\nfull fine-tune of it on 1x A100 80GB', 494e6],
    ['qlora on 1x RTX 3090: trainable params: 20,971,520 || all params: 13,036,836,864 || trainable%: 0.16', 13e9],
  ])('%s', (text, params) => {
    const r = read(text);
    expect((r.s.model.requestedParams ?? 0) / params).toBeGreaterThan(0.97);
    expect((r.s.model.requestedParams ?? 0) / params).toBeLessThan(1.03);
    expect(r.weak).toContain('model');
    expect(r.notices).toMatch(/read as the model's size/);
  });

  it('a model named, or a size, wins: the count adds nothing', () => {
    const named = read('a 7b mistral model quantized to 8 bit, lora\n```\nTotal parameters 2132.851M\nTrainable parameters 1.704M\n```');
    expect(named.s.model.id).toBe('mistral-7b');
    expect(named.notices).not.toMatch(/read as the model's size/);
    const sized = read('llama-2-13b lora on 1x A100 80GB\n```\ntrainable params: 6,553,600 || all params: 6,678,533,120 || trainable%: 0.098\n```');
    expect(sized.s.model.id).toBe('llama-2-13b');
  });

  it('a count too small for a model is no size', () => {
    const r = outcome('lora on 1x RTX 4090\n```\nTotal parameters 12.5M\n```');
    expect('refused' in r).toBe(true);
  });
});
