import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { findAlternativeCounts, ALTERNATIVES_RULE } from '../../src/language/hardware/alternatives.js';
import { OPTION_VALUES_RULE } from '../../src/language/config-keys/option-values.js';
import { loadCorpus } from '../corpus/corpus.js';
import { readNoticed } from './reading-fixtures.js';

/**
 * Options are not two settings (b13): "两卡或者三卡3090" (InternLM/InternLM#433, c543), "2 or 4
 * A100s", "If I use tensor_parallel_size = 2 … If I use tensor_parallel_size = 1" (vllm-project/vllm#823,
 * c547). The user's own stated setup decides; where there is none the first is read and the reply
 * asks with both. Never a refusal from counts of different options.
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;

const read = readNoticed;

describe('GPU counts offered as options', () => {
  it('the rule finds its own example', () => {
    expect(findAlternativeCounts(ALTERNATIVES_RULE.example)).toHaveLength(1);
  });

  it.each([
    ['两卡或者三卡3090', 2, 3],
    ['2 or 3 a100s', 2, 3],
    ['4或8张a100', 4, 8],
    ['2/4 cards', 2, 4],
    ['two or four rtx 4090', 2, 4],
    ['1 or 2 h100 gpus', 1, 2],
  ])('"%s"', (text, first, other) => {
    expect(findAlternativeCounts(text).map((o) => [o.first, o.other])).toEqual([[first, other]]);
  });

  it('not options: a version, a fraction of one, the same count twice', () => {
    for (const text of ['cuda 12.1 or 12.4 on a100', '2 or 2 gpus', 'seq 2048 or 4096', 'llama-2-7b or 13b']) expect(findAlternativeCounts(text)).toEqual([]);
  });

  it('a card\'s own number before the word for cards is the card, never that many cards ("3090/4090 cards")', () => {
    for (const text of ['llama-2-13b lora on 3090/4090 cards', 'llama-2-13b lora on 4090 GPUs']) expect(read(text).s.hardware!.count).toBe(1);
    expect(read('llama-2-13b lora on 3090/4090 cards').said).toMatch(/4090, the other choice/);
  });

  it('c543: the title offers two or three 3090s, the message says three: read on three, no refusal', () => {
    const c = line('c543');
    const opened = readInThread(c.thread!, null).outcome;
    if (!opened.ok || !opened.scenario) throw new Error('title not read');
    expect(opened.notices.join(' ')).toMatch(/Which did you mean/);
    const r = readInThread(c.text, { scenario: opened.scenario, history: [] }).outcome;
    expect(r.ok ? r.scenario!.hardware!.count : r.error.message).toBe(3);
  });

  it('no stated setup: the first option, asked about with both', () => {
    for (const text of ['llama-2-13b inference on 2 or 4 A100s', 'qwen-14b 推理，2或4张A100']) {
      const { s, said } = read(text);
      expect(s.hardware!.count).toBe(2);
      expect(said).toMatch(/2 or 4 GPUs — read as 2; say "on 4 GPUs" for the other\. Which did you mean\?/);
    }
  });

  it('a stated setup decides, before or after the options', () => {
    for (const text of ['I have 4 A100s: should I serve llama-2-13b on 2 or 4 A100s?', 'serve llama-2-13b on 2 or 4 GPUs? we have 8x A100']) {
      const { s, said } = read(text);
      expect(s.hardware!.count).toBe(/8x/.test(text) ? 8 : 4);
      expect(said).toMatch(/are options the message weighs/);
    }
  });

  it('a serving split taken over the thread\'s count follows a new count it cannot serve', () => {
    const opened = readInThread('serve llama-2-13b on 2x a100', null).outcome;
    if (!opened.ok || !opened.scenario) throw new Error('not read');
    expect(opened.scenario.parallel.tp).toBe(2);
    const after = (reply: string) => {
      const r = readInThread(reply, { scenario: opened.scenario!, history: [] }).outcome;
      return r.ok ? [r.scenario!.hardware!.count, r.scenario!.parallel.tp * r.scenario!.parallel.pp] : r.error.message;
    };
    // 5 GPUs cannot hold replicas of tp 2: the split is taken again (Llama-2-13B's 40 heads divide by 5).
    expect(after('on 5 gpus')).toEqual([5, 5]);
    // 4 GPUs hold two replicas of tp 2, as before this rule.
    expect(after('on 4 gpus')).toEqual([4, 2]);
  });
});

describe('one key given as options in parallel conditions', () => {
  it('the rule\'s condition holds before each of its example\'s pairs', () => {
    const ex = OPTION_VALUES_RULE.example;
    for (const at of [...ex.matchAll(/tensor_parallel_size/g)].map((m) => m.index)) expect(OPTION_VALUES_RULE.condition.test(ex.slice(0, at).split('.').at(-1)!)).toBe(true);
  });

  it('c547: "a system with 2 A100 GPUs": tensor_parallel_size 2 is the setup, 1 the other option, said', () => {
    const { s, said } = read(line('c547').text);
    expect([s.parallel.tp, s.hardware!.count]).toEqual([2, 2]);
    expect(said).toMatch(/"tensor_parallel_size" is given as options \(2 or 1\): read as 2/);
    expect(said).not.toMatch(/set more than once/);
  });

  it('the stated count decides in either order; with none, the first option', () => {
    expect(read('I serve llama-2-13b with vllm on 4 A100s. If I use tensor_parallel_size = 2 it OOMs. If I use tensor_parallel_size = 4 it works').s.parallel.tp).toBe(4);
    expect(read('I serve llama-2-13b with vllm on 4 A100s. If I use tensor_parallel_size = 4 it OOMs. If I use tensor_parallel_size = 2 it works').s.parallel.tp).toBe(4);
    const none = read('llama-2-13b with vllm on a100s. If I use tensor_parallel_size=2 it loads; if I use tensor_parallel_size=4 it hangs');
    expect(none.s.parallel.tp).toBe(2);
    expect(none.said).toMatch(/read as 2 \(the first option\)/);
  });

  it('a key set twice outside conditions keeps its last value, as a config parser does', () => {
    expect(read('llama-2-13b vllm on 4x a100\ntensor_parallel_size: 2\ntensor_parallel_size: 4').said).toMatch(/set more than once: its last value, 4/);
  });
});
