import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * b19, baichuan-inc/Baichuan-13B#6 (corpus c735): the thread asks "为何24g做int8推理，也out of memory" and the
 * body's screenshot is an attachment of the repository Baichuan-13B. A GitHub link into a repository
 * named after a model and its size names the thread's model, weak, where the message names none
 * (prose.github-repo-model); it had been refused as "which model?".
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe("a repository named after its model, in the issue's own links", () => {
  it('c735 in its thread: Baichuan-13B, int8, on the RTX 3090', () => {
    const l = line('c735');
    const opened = readInThread(l.thread!, null);
    const state = opened.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : opened.waiting;
    const out = readInThread(l.text, state).outcome;
    expect(out.ok && out.scenario?.model.id).toBe('baichuan-13b');
    expect(out.ok && out.scenario?.weights).toBe('int8');
  });

  it.each([
    ['lora on 1x 3090 OOM\n![image](https://github.com/baichuan-inc/Baichuan-7B/assets/1234/abcd-ef)', 'baichuan-7b'],
    ['int8 inference on a 3090, see https://github.com/baichuan-inc/Baichuan-13B/blob/main/cli_demo.py', 'baichuan-13b'],
  ])('%s: %s, said weak', (text, id) => {
    const { s, said } = readNoticed(text);
    expect(s.model.id).toBe(id);
    expect(said).toMatch(/from "https:\/\/github\.com/);
  });

  it('a model the message names wins over the link', () => {
    expect(read('llama-2-7b lora on 1x 3090\n![image](https://github.com/baichuan-inc/Baichuan-13B/assets/1/x)').scenario.model.id).toBe('llama-2-7b');
  });

  it('a repository with no size in its name names nothing', () => {
    expect(() => read('lora on 1x 3090\n![image](https://github.com/hiyouga/LLaMA-Factory/assets/1/x)')).toThrow(/not read/);
  });
});
