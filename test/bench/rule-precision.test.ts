import { describe, expect, it } from 'vitest';
import { parseArgs, weigh } from '../../bench/rule-precision.js';
import type { Result } from '../../bench/language.js';
import type { FactTrace } from '../../src/scenario/facts.js';

/** bench:rules lays each differing field on the rules that set it, or on a default or the thread's words. */

const fact = (fact: string, rules: string[], at: number | null, extra: Partial<FactTrace> = {}): FactTrace => ({ fact, value: 'v', rules, at, end: at === null ? null : at + 1, words: at === null ? '' : 'w', weak: false, ...extra });
const line = (id: string) => ({ id, text: '', source: '', reading: 'x', intent: 'stated' as const });

describe('rule precision', () => {
  it('counts a wrong field against the rules that set it, silent when nothing flagged it', () => {
    const r: Result = {
      line: line('c1'),
      verdict: 'silent',
      detail: '',
      compared: {
        trace: [fact('framework', ['config.key.deepspeed', 'item.framework'], 3), fact('seq', ['item.seq'], 9), fact('precision', ['default'], null)],
        threadTrace: [],
        differ: ['framework', 'precision'],
        unflagged: ['framework'],
      },
    };
    const w = weigh([r]);
    expect(w.rules.get('config.key.deepspeed')).toMatchObject({ set: 1, wrong: 1, silent: 1 });
    expect(w.rules.get('item.seq')).toMatchObject({ set: 1, wrong: 0, silent: 0 });
    expect(w.rules.get('default:precision')).toMatchObject({ wrong: 1, silent: 0 });
    expect(w.fields.get('framework')).toMatchObject({ rule: 1, ruleSilent: 1 });
    expect(w.fields.get('precision')).toMatchObject({ default: 1 });
    expect(w.weakPerReply).toEqual([0]);
  });

  it("lays a follow-up's kept field on the thread's rule, and counts the weak facts said", () => {
    const weak = fact('card', ['item.hardware'], 0, { weak: true, weakWords: 'a100' });
    const r: Result = {
      line: line('c2'),
      verdict: 'flagged',
      detail: '',
      compared: { trace: [weak], threadTrace: [fact('seq', ['prose.context'], 4)], differ: ['seq'], unflagged: [] },
    };
    const w = weigh([r]);
    expect(w.rules.get('thread:prose.context')).toMatchObject({ wrong: 1, silent: 0 });
    expect(w.fields.get('seq')).toMatchObject({ thread: 1, threadSilent: 0 });
    expect(w.rules.get('item.hardware')).toMatchObject({ set: 1, weak: 1, wrong: 0 });
    expect(w.weakPerReply).toEqual([1]);
  });

  it('takes batches as a comma list', () => {
    expect(parseArgs(['--batch', 'b24,b25', '--batch=c316-c345']).batches).toEqual(['b24', 'b25', 'c316-c345']);
    expect(() => parseArgs(['--rows', 'x'])).toThrow(/whole number/);
    expect(parseArgs(['--hold', 'b30,b45', '--hold=c2348-c9999']).hold).toEqual(['b30', 'b45', 'c2348-c9999']);
  });
});
