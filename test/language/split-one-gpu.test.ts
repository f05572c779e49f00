import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';
import { follow } from './reading-fixtures.js';

/**
 * Issue 22 (rq): a thread served over 2 GPUs (its default pp 2) and a follow-up run on one GPU had been
 * refused: "1 GPUs cannot be split into model replicas of tp 1 × pp 2" (InternLM/lmdeploy#519, c542).
 * The thread's split was its default over its count: the model goes whole on the one GPU, said.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;


describe("a thread's serving split and a follow-up on one GPU", () => {
  it('c542: one A40, no split', () => {
    const l = line('c542');
    const { s, said } = follow(l.thread!, l.text);
    expect(s.parallel.pp * s.parallel.tp).toBe(1);
    expect(said).toMatch(/the whole model on the one GPU/);
  });

  it.each([
    ['llama-2-13b inference on 2x 3090', 'now on a single A6000'],
    ['qwen-14b-chat 推理 两张v100 32G', '换成单卡A100 40G呢'],
  ])('%s / %s', (thread, text) => {
    const { s } = follow(thread, text);
    expect(s.parallel.pp * s.parallel.tp).toBe(1);
  });

  it('a split the user set in the follow-up is kept and still checked', () => {
    const opened = readInThread('llama-2-13b inference on 2x 3090', null).outcome;
    const r = readInThread('pp 2 on one a6000', { scenario: opened.ok ? opened.scenario! : null!, history: [] }).outcome;
    expect(r.ok).toBe(false);
  });
});
