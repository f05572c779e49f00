import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { onlyShowsAnImage } from '../../src/language/points-back.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * b19, alibaba/Megatron-LLaMA#34 (corpus c718): the title states the setup ("训练LLaMA2-70B模型，4个节点，
 * A800*80GB 设置8张量并行，1流水线并行，训练报错") and the body is only a screenshot of the error. A
 * message that only shows an image asks the thread's question again (points-back.ts onlyShowsAnImage),
 * as "如题" with a screenshot does; it had been refused as "nothing to estimate".
 */

function inThread(opening: string, next: string) {
  const opened = readInThread(opening, null);
  const state = opened.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : opened.waiting;
  return readInThread(next, state).outcome;
}

describe('a screenshot alone in a thread asks its question again', () => {
  it("c718: the title's setup is answered", () => {
    const line = loadCorpus().find((l) => l.id === 'c718')!;
    const out = inThread(line.thread!, line.text);
    expect(out.ok).toBe(true);
    expect(out.ok && out.scenario?.model.id).toBe('llama-2-70b');
  });

  it.each([
    '![image](https://github.com/org/repo/assets/1/abc)',
    '![Screenshot 2024-01-01](https://user-images.githubusercontent.com/1/2.png)\n\n',
    '<img width="600" alt="err" src="https://example.invalid/x.png">',
  ])('%s: only an image', (text) => {
    expect(onlyShowsAnImage(text)).toBe(true);
    expect(inThread('llama-2-13b lora on 1x 3090', text).ok).toBe(true);
  });

  it('a greeting or thanks beside the screenshot says nothing more', () => {
    expect(onlyShowsAnImage('Hi, thanks!\n![image](https://x.invalid/a.png)')).toBe(true);
  });

  it.each(['![image](https://x.invalid/a.png) int8', 'see https://x.invalid/log.txt', 'thanks'])('%s: something said, or no image', (text) => {
    expect(onlyShowsAnImage(text)).toBe(false);
  });
});
