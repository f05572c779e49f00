import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from '../language/reading-fixtures.js';

/**
 * Issue 22: DeepSpeed named on an inference run (DeepSpeed-MII's `mii.serve`, "can deepspeed
 * resolve it?") is no training framework. DeepSpeed-Inference is not modelled, so the run is
 * estimated in Hugging Face's layout, and the reply says so (src/scenario/resolve-framework.ts).
 * DeepSpeed-MII's FastGen server (`mii.serve`, "deepspeed-mii") is modelled since 2026-12-02
 * (memory/mii.ts): it is a serve word, no DeepSpeed framework.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;

describe('DeepSpeed on an inference run', () => {
  it('c463 (haotian-liu/LLaVA#870: "Can deepspeed resolve the problem?" for llava-13b on 2x A10) is estimated in the Hugging Face layout, said', () => {
    const { scenario, said } = read(lineText('c463'));
    expect(scenario.mode).toBe('inference');
    expect(scenario.framework).toBe('hf');
    expect(said).toMatch(/DeepSpeed on an inference run/);
  });

  it("c459 (DeepSpeed-MII#435): the thread's title names DeepSpeed-MII, its mii.serve reply is served by MII's FastGen at tensor_parallel=2", () => {
    const line = corpus.find((l) => l.id === 'c459')!;
    // The title names no model: the chat keeps it waiting for one, as the thread's reply gives.
    const title = readInThread(line.thread!, null);
    const reply = readInThread(line.text, title.waiting).outcome;
    if (!reply.ok || !reply.scenario) throw new Error('reply not read');
    expect([reply.scenario.mode, reply.scenario.framework, reply.scenario.inference.server, reply.scenario.parallel.tp]).toEqual(['inference', 'hf', 'mii', 2]);
    expect(reply.assumptions.join(' | ')).toMatch(/DeepSpeed-MII's FastGen budget/);
    expect(reply.assumptions.join(' | ')).not.toMatch(/DeepSpeed on an inference run/);
  });

  it.each([
    'llama-2-13b inference with deepspeed on 2x a10',
    'deepspeed inference of qwen2.5-14b, 2 x 4090',
  ])('"%s" is estimated in the Hugging Face layout, said', (text) => {
    const { scenario, said } = read(text);
    expect(scenario.mode).toBe('inference');
    expect(scenario.framework).toBe('hf');
    expect(said).toMatch(/DeepSpeed-Inference is not modelled.*say mii for DeepSpeed-MII/);
  });

  it.each([
    'llama-2-7b full fine-tune with deepspeed on 8x a100-80g',
    'qwen2.5-7b lora with deepspeed zero2 on 2x 4090',
  ])('a training run keeps DeepSpeed: "%s"', (text) => {
    const { scenario, said } = read(text);
    expect(scenario.mode).not.toBe('inference');
    expect(scenario.framework).toBe('deepspeed');
    expect(said).not.toMatch(/DeepSpeed on an inference run/);
  });
});
