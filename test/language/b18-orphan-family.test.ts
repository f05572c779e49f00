import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * b18, unslothai/unsloth#4040 (corpus c687): "I'm trying to train Qwen3-Coder-Next-Base … on a machine
 * with 2 A100 80GB … I never trained MoE or over 32B params models". The unknown name left a family
 * word ("qwen") the grammar can only place before a size; the tolerant parse set aside every token
 * after it until "32B" came, so the two A100s went and the model became a 32B read from a bound on
 * sizes. Now the orphan family is set aside (orphan-family.ts) and the bound is no size
 * (question.size-bound); with no model left the reply asks which one.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const items = (text: string) => {
  const outcome = parseRequest(text);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.items;
};
const hardware = (text: string) => items(text).filter((i) => i.kind === 'hardware');

describe('a family with no size after it does not take the words after it', () => {
  it('c687 (with its title): the 2 A100 80GB are read, no size from "over 32B params", the model by its base', () => {
    const text = `${line('c687').thread}\n${line('c687').text}`;
    expect(hardware(text).length).toBeGreaterThan(0);
    expect(items(text).some((i) => i.kind === 'size')).toBe(false);
    // Qwen3-Coder-Next is Qwen3-Next-80B-A3B's coder (rmodel2's catalog aliases); it had been asked for.
    const r = resolveRequest(text, null);
    expect(r.ok).toBe(true);
    if (r.ok) expect([r.scenario?.model.id, r.scenario?.hardware?.count, r.scenario?.hardware?.gpuId]).toEqual(['qwen3-next-80b-a3b', 2, 'a100-80g']);
  });

  it('c367 keeps its hardware now too', () => {
    expect(hardware(line('c367').text).length).toBeGreaterThan(0);
  });

  it.each([
    'I am training Qwen3-Coder-Next-Base on 2 A100 80GB with qlora, it keeps going OOM.',
    'qlora of llama-foo-bar-base on 2x a100 80gb, any advice?\nthanks',
    'Trying to serve Mistral-Frob-Instruct on 2 A100 80GB with vllm and it OOMs. Any ideas?',
  ])('%s: the cards stay', (text) => {
    const h = hardware(text);
    expect(h.length, JSON.stringify(items(text).map((i) => i.kind))).toBeGreaterThan(0);
  });

  it('whatever words follow an unknown name, a card said after it is read', () => {
    const names = ['Qwen3-Coder-Next-Base', 'llama-frob-base', 'Gemma-Widget-IT', 'mistral-zap-instruct'];
    const fillers = ['on', 'with', 'using', 'on a machine with'];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.constantFrom(...fillers), fc.integer({ min: 1, max: 8 }), (name, filler, n) => {
        const text = `I'm trying to fine-tune ${name} with qlora ${filler} ${n} A100 80GB but it goes OOM.`;
        const h = hardware(text);
        expect(h.length, text).toBeGreaterThan(0);
      }),
      { numRuns: 40 },
    );
  });

  it('a family before its size still names the model', () => {
    expect(items('qlora of qwen 2.5 32b on 2x a100, it OOMs. any advice?\nthanks').some((i) => i.kind === 'model' || i.kind === 'size')).toBe(true);
  });
});

describe('a bound on sizes is no model size', () => {
  it.each([
    ['I never trained over 32B params models, so llama-3-8b qlora on 2x a100 80gb', 'llama-3-8b'],
    ['llama-3-8b lora on a 4090; anything larger than 13B models OOMs', 'llama-3-8b'],
    ['qwen2.5-7b 全参微调，8卡a100，超过32B的模型就OOM了', 'qwen2.5-7b'],
    ['qwen2.5-7b 全参微调，8卡a100，70B以上的模型跑不了', 'qwen2.5-7b'],
  ])('%s', (text, model) => {
    const r = resolveRequest(text, null);
    expect(r.ok && r.scenario?.model.id).toMatch(new RegExp(`^${model.replace('.', '\\.')}`));
    expect(r.ok && r.scenario?.model.requestedParams).toBeNull();
  });
});
