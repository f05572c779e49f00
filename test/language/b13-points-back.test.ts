import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { onlyPointsBack, pointersBack, POINTS_BACK_RULES } from '../../src/language/points-back.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A follow-up that only points back to the thread ("如题" + a screenshot, 01-ai/Yi#207, c541):
 * no setting of its own, so the thread's setup is answered again, never "nothing to estimate".
 */

const corpus = loadCorpus();
const c541 = corpus.find((l) => l.id === 'c541')!;

function thread(opening: string) {
  const opened = readInThread(opening, null).outcome;
  if (!opened.ok || !opened.scenario) throw new Error(`thread not read: ${opening}`);
  return opened.scenario;
}

describe('the rules', () => {
  it.each(POINTS_BACK_RULES.map((r) => [r.id, r] as const))('%s finds its own example', (_id, rule) => {
    expect(pointersBack(rule.example).map((p) => p.rule)).toContain(rule.id);
    expect(onlyPointsBack(rule.example)).toBe(true);
  });

  it('a pointer beside a setting is not a message that only points back', () => {
    for (const text of ['如题，换成两张4090呢', 'same as above but on 2 GPUs', 'see title. seq 4096?', 'as in the title, with lora']) {
      expect(pointersBack(text).length).toBeGreaterThan(0);
      expect(onlyPointsBack(text)).toBe(false);
    }
  });

  it('a message with no pointer never points back, whatever else it holds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }).filter((s) => !/[如同见看]|title|above|before/i.test(s)), (text) => {
        expect(onlyPointsBack(text)).toBe(false);
      }),
    );
  });

  it('images, links and punctuation around a pointer say nothing', () => {
    const pointer = fc.constantFrom('如题', '同上', 'As in the title', 'see title', 'Same as above', '如题所述');
    const around = fc.constantFrom('', '\n![image](https://github.com/x/y/assets/1/abc)', ' https://example.invalid/a.png', '!', '。', ' <img src="a.png">');
    fc.assert(fc.property(around, pointer, around, (a, p, b) => {
      expect(onlyPointsBack(`${a}\n${p}${b}`)).toBe(true);
    }));
  });
});

describe('in a thread', () => {
  it('c541: "如题" + a screenshot answers the title\'s setup again (Yi-34B on a 49 GB card)', () => {
    const setup = thread(c541.thread!);
    const r = readInThread(c541.text, { scenario: setup, history: [] }).outcome;
    expect(r.ok && r.scenario ? canonicalText(r.scenario) : r.ok ? 'help' : r.error.message).toBe(canonicalText(setup));
    expect(r.ok && r.notices.join(' ')).toMatch(/"如题" points back to the thread/);
    expect(r.ok && r.scenario!.hardware!.capacityBytes / 2 ** 30).toBe(49);
  });

  it.each(['same as above', 'See title!', '同上', '如题\n\n![截图](https://example.invalid/1.png)'])('"%s" after an English title answers it again', (reply) => {
    const setup = thread('llama-2-13b lora on 2x rtx 4090, seq 4096: OOM?');
    const r = readInThread(reply, { scenario: setup, history: [] }).outcome;
    expect(r.ok && r.scenario ? canonicalText(r.scenario) : 'refused').toBe(canonicalText(setup));
  });

  it('a pointer with a new setting is a follow-up that changes it', () => {
    const setup = thread('llama-2-13b lora on 2x rtx 4090');
    const r = readInThread('同上，seq 8192', { scenario: setup, history: [] }).outcome;
    expect(r.ok && r.scenario!.seq).toBe(8192);
  });
});
