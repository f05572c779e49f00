import { describe, expect, it } from 'vitest';
import { GOAL_LENGTH_RULES, goalLengths, statedGoal } from '../../src/language/reconcile/goal-lengths.js';
import { loadCorpus } from '../corpus/corpus.js';
import { readNoticed } from './reading-fixtures.js';

/**
 * What the user needed, in words (b13): "使用了vllm后，要两张A100才能跑起来" (vllm-project/vllm#3494, c549) is
 * the run asked about; the single-A100 run that works is another. "when i increased to support 128k …
 * i even tried with 64k" (huggingface/text-generation-inference#3105, c550): 128k is the goal, 64k a try.
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;

const read = readNoticed;

describe('what it takes is the run asked about', () => {
  it('c549: vLLM on two A100, the HF single-card run set aside as the run that works', () => {
    const { s, said } = read(line('c549').text);
    expect([s.inference.engine, s.hardware!.count, s.parallel.tp]).toEqual(['vllm', 2, 2]);
    expect(said).toMatch(/"单卡" set aside/);
  });

  it.each([
    ['qwen-14b 推理，hf单卡可以跑，用了vllm以后需要两张A100才行', 2],
    ['llama-2-13b inference works fine on 1 A100 with hf; with vllm I needed 2 A100s', 2],
    ['llama-2-13b inference runs fine on one A100 with hf, with vllm it takes 4 A100s', 4],
  ])('%s', (text, count) => {
    const { s } = read(text);
    expect([s.inference.engine, s.hardware!.count]).toEqual(['vllm', count]);
  });
});

describe('the length the user is after against the one they tried', () => {
  it('the rules hold on their examples', () => {
    const goal = GOAL_LENGTH_RULES.goal.example;
    expect(statedGoal(goal, goal.indexOf('128k'))).toBe(true);
    expect(GOAL_LENGTH_RULES.tried.pattern.test(GOAL_LENGTH_RULES.tried.example)).toBe(true);
  });

  it('c550: seq 128k, the 64k said as a try and the 23k as the window TGI chose', () => {
    const { s, said } = read(line('c550').text);
    expect(s.seq).toBe(131072);
    expect(said).toMatch(/"64k" read as a length you also tried; the one you are after is "128k"/);
  });

  it.each([
    ['serve llama-3-8b on 1x a100. I also tried 16k, it OOMs. I want to set it to 32k context', 32768],
    ['serve llama-3-8b on 1x a100: I increased max-model-len to 32k and it fails; i even tried with 16k, same error', 32768],
    ['用vllm部署qwen2-7b，单卡a100，想要提高到32k上下文，也试了16k，还是oom', 32768],
  ])('%s', (text, seq) => {
    expect(read(text).s.seq).toBe(seq);
  });

  it('no goal said: both lengths stay for the reader as before', () => {
    const items = [
      { kind: 'seq', value: 16384, at: 0, end: 3, text: '16k' },
      { kind: 'seq', value: 32768, at: 20, end: 23, text: '32k' },
    ] as never[];
    expect(goalLengths(items, '16k then i even tried 32k', [])).toHaveLength(2);
  });
});
