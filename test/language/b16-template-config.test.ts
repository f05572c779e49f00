import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus, loadWithdrawn } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b16 (test/corpus/first-sight.md), c635: the config a user's own was changed from names the
 * template's model ("代码根据 llama3_8b_full_alpaca_e3 改了下"), not the run's; the run's config path
 * (`xtuner train …/llama3_70b_full_alpaca_e3.py`) names it (owners/adapted-from.ts).
 */
const line = [...loadCorpus(), ...loadWithdrawn()].find((l) => l.id === 'c635')!;
const modelOf = (text: string) => JSON.stringify(read(text).scenario.model.arch);
const arch = (name: string) => JSON.stringify(read(`${name} full on 8x a100`).scenario.model.arch);

describe('a template the config was changed from is not the run\'s model', () => {
  it('c635 (InternLM/xtuner#842): Llama 3 70B from the run\'s config path, the 8B template set aside', () => {
    const opened = readInThread(line.thread!, null).outcome;
    const state = opened.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null;
    const r = readInThread(line.text, state).outcome;
    if (!r.ok || !r.scenario) throw new Error('not read');
    expect(JSON.stringify(r.scenario.model.arch)).toBe(arch('llama-3-70b'));
    expect(r.assumptions.join(' | ')).toMatch(/"llama3_8b" set aside as your setup's model: another run \("代码根据 llama3_8b_full_alpaca_e3 改了下"/);
  });

  it.each([
    ['xtuner train /work/configs/llama3_70b_full_alpaca_e3/llama3_70b_full_alpaca_e3.py --deepspeed deepspeed_zero3 on 2 nodes of 8x A100 80GB. I adapted it from llama3_8b_full_alpaca_e3', 'llama-3-70b'],
    ['配置是照着 qwen1_5_7b_chat_qlora_alpaca_e3 改的，运行 xtuner train ./work/qwen1_5_72b_chat_qlora_alpaca_e3/qwen1_5_72b_chat_qlora_alpaca_e3.py，8卡A100', 'qwen1.5-72b'],
    ['I modified this from llama3_8b_full_alpaca_e3: xtuner train ./cfg/llama3_70b_full_alpaca_e3/llama3_70b_full_alpaca_e3.py on 16x A100', 'llama-3-70b'],
  ])('%s', (text, model) => {
    expect(modelOf(text)).toBe(arch(model));
  });

  it('a model the run is built on ("基于llama-2-7b微调") is the run\'s, not a template', () => {
    expect(modelOf('基于llama-2-7b微调，用xtuner train ./cfg/llama2_70b_full_alpaca_e3/llama2_70b_full_alpaca_e3.py on 8x A100')).toBe(arch('llama-2-7b'));
  });

  it('a template named alone is kept, said as someone else\'s run', () => {
    const r = read('I modified the config from llama3_8b_full_alpaca_e3, full fine-tune on 8x A100');
    expect(JSON.stringify(r.scenario.model.arch)).toBe(arch('llama-3-8b'));
  });
});
