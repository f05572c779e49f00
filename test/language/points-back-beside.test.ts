import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { onlyPointsBack } from '../../src/language/points-back.js';
import { parseRequest } from '../../src/language/parse.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * What may stand beside a pointer back ("如题", "same as above") and still say nothing new: courtesy
 * ("Thanks in advance!", 谢谢) and a pasted log, whose numbers never set the setup. Found by
 * bench:variations (thanks-after, pip-tail-after, tqdm-after, traceback-after) on c541, 01-ai/Yi#207.
 * And the words of an issue's courtesy paragraph are filler (src/language/issue-courtesy-words.ts).
 */

const c541 = loadCorpus().find((l) => l.id === 'c541')!;

const PIP_TAIL = 'Installing collected packages: accelerate, peft\nSuccessfully installed accelerate-0.27.2 peft-0.10.0';
const TQDM = '  3%|▎         | 30/1000 [00:41<21:58,  1.44it/s]';
const TRACEBACK = 'Traceback (most recent call last):\n  File "/home/user/train.py", line 87, in <module>\n    trainer.train()\nKeyError: \'labels\'';

describe('a pointer back with courtesy or a log beside it', () => {
  const pointer = fc.constantFrom('如题', '同上', 'As in the title', 'Same as above', c541.text);
  const beside = fc.constantFrom('Thanks in advance!', '谢谢', 'thank you, any idea?', PIP_TAIL, TQDM, TRACEBACK);

  it('still only points back, in either order', () => {
    fc.assert(
      fc.property(pointer, beside, fc.boolean(), (p, b, after) => {
        expect(onlyPointsBack(after ? `${p}\n${b}` : `${b}\n${p}`)).toBe(true);
      }),
    );
  });

  it('a number or a setting word beside it is something said, log or not', () => {
    const said = fc.constantFrom('on 2 GPUs', 'with lora', '换成两张4090', 'seq 4096', 'Thanks! int8?');
    fc.assert(
      fc.property(pointer, said, beside, (p, s, b) => {
        expect(onlyPointsBack(`${p}\n${s}\n${b}`)).toBe(false);
      }),
    );
  });

  it('c541 with a pip tail after it answers the title\'s setup again (Yi-34B on a 49 GB card)', () => {
    const opened = readInThread(c541.thread!, null).outcome;
    if (!opened.ok || !opened.scenario) throw new Error('thread not read');
    const r = readInThread(`${c541.text}\n\n${PIP_TAIL}`, { scenario: opened.scenario, history: [] }).outcome;
    expect(r.ok && r.scenario ? canonicalText(r.scenario) : r.ok ? 'help' : r.error.message).toBe(canonicalText(opened.scenario));
  });
});

describe('a courtesy paragraph before a setup', () => {
  const greeting = fc.constantFrom(
    'Hi everyone, thank you for this great project, it has saved us a lot of time. I have read the docs and searched the issues.',
    'Thanks for your amazing work on this library! I searched the documentation but found no answer.',
    'Hello, first of all thanks for the awesome repo.',
  );
  const setup = fc.constantFrom('llama-2-7b lora on a 4090', 'qwen2.5-7b inference on 2x A100 80GB', 'I fine-tune mistral-7b with qlora on one 3090');

  it('leaves no word of the greeting unread, and the setup reads as it does alone', () => {
    fc.assert(
      fc.property(greeting, setup, (g, s) => {
        const greeted = parseRequest(`${g}\n\n${s}`);
        expect(greeted.ok && greeted.unread.map((u) => u.word)).toEqual([]);
        const reading = (text: string) => {
          const r = resolveRequest(text, null);
          return r.ok && r.scenario ? canonicalText(r.scenario) : r.ok ? 'no scenario' : r.error.message;
        };
        expect(reading(`${g}\n\n${s}`)).toBe(reading(s));
      }),
      { numRuns: 20 },
    );
  });
});
