import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';
import { follow } from './reading-fixtures.js';

/**
 * Issue 22 (rq): a thread read as a full fine-tune (its title's "Fine-tune", "调") and a follow-up
 * naming the quantised weights it trains on ("8bit", "train_4bit") had been refused: '"8bit" weights
 * need lora, qlora or inference'. The follow-up's weights say adapters, as in a new request: read as
 * LoRA / QLoRA, the thread's full fine-tune said as replaced (resolve-mode.ts).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;


describe("quantised weights after a thread's full fine-tune", () => {
  it.each([
    ['c392', 'lora', 'int8'],
    ['c1074', 'qlora', 'nf4'],
  ])('%s: read as %s on %s, the change said', (id, mode, weights) => {
    const l = line(id);
    const { s, said } = follow(l.thread!, l.text);
    expect(s.mode).toBe(mode);
    expect(s.weights).toBe(weights);
    expect(said).toMatch(/in place of the thread's full fine-tune/);
  });

  it.each([
    ['Fine-tune Llama-2-13b on 2x A100', 'what about 4bit?', 'qlora'],
    ['finetune qwen2.5-7b on a 4090', 'I loaded it in 8bit and it still runs out of memory', 'lora'],
    ['finetune qwen2.5-7b on a 4090', 'int8', 'lora'],
    ['微调 chatglm2-6b 单卡3090', '用8bit还是爆显存', 'lora'],
  ])('%s / %s → %s', (thread, text, mode) => {
    expect(follow(thread, text).s.mode).toBe(mode);
  });

  it('a follow-up that says "full" with 4-bit weights is not changed into adapters silently', () => {
    const opened = readInThread('Fine-tune Llama-2-13b on 2x A100', null).outcome;
    const r = readInThread('full fine-tune on 4bit', { scenario: opened.ok ? opened.scenario! : null!, history: [] }).outcome;
    if (r.ok && r.scenario) expect(r.scenario.mode).toBe('full');
  });
});
