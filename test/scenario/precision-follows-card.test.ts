import { describe, expect, it } from 'vitest';
import { readInThread, type ScenarioThread } from '../../src/core/opening.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Issue 22: a precision the thread never stated (bf16 by default) follows a follow-up's card without
 * bf16 to fp16, as a new request there would (c471, shuxueslpi/chatGLM-6B-QLoRA#29: the title
 * "ChatGLM可进行QLoRA微调，但ChatGLM2会报显存OOM", then "4张2080Ti" — it had kept bf16 for training, said
 * nowhere); a stated bf16 stays, said as the card refuses it.
 */

const read = (text: string, previous: Scenario | null) => {
  const state: ScenarioThread | null = previous ? { scenario: previous, history: [] } : null;
  const outcome = readInThread(text, state).outcome;
  if (!outcome.ok || !outcome.scenario) throw new Error(outcome.ok ? 'no scenario' : outcome.error.message);
  return { scenario: outcome.scenario, said: outcome.assumptions.join('; ') };
};
const thread = (first: string, then: string) => read(then, read(first, null).scenario);

describe('a defaulted precision follows a new card', () => {
  it('c471: the thread title states no precision; the 2080 Ti follow-up trains in fp16, said', () => {
    const c471 = loadCorpus().find((l) => l.id === 'c471')!;
    const { scenario, said } = thread(c471.thread!, c471.text);
    expect(scenario.compute).toBe('fp16');
    expect(said).toMatch(/fp16 .*2080 Ti.*no bf16/);
  });

  it('invented: a defaulted bf16 becomes fp16 on a V100, T4 or 2080 Ti, with the default said', () => {
    for (const [first, then] of [
      ['llama-2-7b full', 'on a v100'],
      ['mistral-7b qlora seq 2048', 'what about 2x t4'],
      ['qwen2.5-1.5b lora', 'on a 2080 ti'],
    ]) {
      const { scenario, said } = thread(first, then);
      expect(scenario.compute, `${first} → ${then}`).toBe('fp16');
      expect(said).toMatch(/the thread's bf16 was a default/);
    }
  });

  it('a stated bf16 stays on a card without it, said as refused', () => {
    for (const [first, then] of [
      ['llama-2-7b full fine-tune bf16', 'on a v100'],
      ['qwen2.5-1.5b lora bf16 amp', 'on a 2080 ti'],
    ]) {
      const { scenario, said } = thread(first, then);
      expect(scenario.compute, `${first} → ${then}`).toBe('bf16');
      expect(said).toMatch(/has no bf16: Hugging Face's bf16=True refuses it/);
    }
  });

  it('a stated fp16 and a card with bf16 are left as they are', () => {
    expect(thread('llama-2-7b full fp16', 'on a v100').scenario.compute).toBe('fp16');
    expect(thread('llama-2-7b full', 'on an a100').scenario.compute).toBe('bf16');
    expect(thread('llama-2-7b full fine-tune bf16 on a 4090', 'on an a100').scenario.compute).toBe('bf16');
  });

  it('the unstated precision survives the canonical text (buttons, recovery), and a stated one is written', () => {
    for (const text of ['llama-2-7b full on a v100', 'llama-2-7b full', 'llama-2-7b full fine-tune bf16 on a 4090', 'llama-2-7b full fp16 on a v100']) {
      const first = resolveRequest(text, null);
      if (!first.ok || !first.scenario) throw new Error(text);
      const again = resolveRequest(canonicalText(first.scenario), null);
      expect(again.ok && again.scenario, text).toEqual(first.scenario);
    }
  });
});

describe('the card a how-many question names sets the default precision', () => {
  // InternLM/lmdeploy#585 (c1087): "llama70b在V100上能部署吗？" — the maintainer answers in fp16 on 8 V100s.
  it('"how many V100" serves in fp16 (no bf16 there), said, as "on a V100" does', () => {
    for (const text of ['llama-2-70b lmdeploy how many v100', 'llama-2-70b serve how many V100 32GB', 'how many t4 for llama-2-13b inference']) {
      const { scenario, said } = read(text, null);
      expect(scenario.compute, text).toBe('fp16');
      expect(said, text).toMatch(/no bf16/);
    }
  });

  it('a card with bf16 keeps the bf16 default', () => {
    expect(read('llama-2-70b serve how many a100', null).scenario.compute).toBe('bf16');
  });
});

