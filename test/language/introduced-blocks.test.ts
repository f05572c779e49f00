import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A fenced block is the run of the clause that introduces it (issue 22, r-left item 4; c346,
 * vllm-project/vllm#2856): "However, TP4 works fine with it:" then `LLM(…, tensor_parallel_size=4)`
 * is the working run's call, so the failing call's tensor_parallel_size=8 is the request's; a key set
 * again in another block is not a config parser's repeat (config-keys/read.ts sameBlock).
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!.text;

function resolved(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { scenario: r.scenario, said: r.assumptions.join(' | '), otherRun: (r.notUsed ?? []).filter((n) => n.reason === 'another run').map((n) => n.words) };
}

const call = (tp: number) => `\`\`\`\nllm = LLM(model="TheBloke/Llama-2-70B-AWQ", quantization='awq', dtype='half', tensor_parallel_size=${tp})\n\`\`\``;

describe('a block introduced by a clause', () => {
  it('c346: the failing TP8 call is the run; the TP4 call after "works fine with it:" is set aside, said with that clause', () => {
    const { scenario, said, otherRun } = resolved(line('c346'));
    expect([scenario.parallel.tp, scenario.hardware?.count]).toEqual([8, 8]);
    expect(otherRun).toContain('TP4');
    expect(said).toMatch(/"tensor_parallel_size=4" set aside as your setup's tp: another run \("TP4 works fine with it:"/);
    expect(said).not.toMatch(/set more than once/);
  });

  it.each([
    [`On 8 A10G (24GB each):\n\n${call(8)}\n\nThis OOMs. But this works fine:\n\n${call(4)}\n`, 8],
    [`This one works fine:\n\n${call(4)}\n\nbut this runs out of memory on 8 A10G:\n\n${call(8)}\n`, 8],
    [`8张A10G，下面这个爆显存：\n\n${call(8)}\n\n这样可以跑：\n\n${call(2)}\n`, 8],
  ])('the working call is set aside wherever it is: %#', (text, tp) => {
    const { scenario, said } = resolved(text);
    expect(scenario.parallel.tp).toBe(tp);
    expect(said).toMatch(/"tensor_parallel_size=[24]" set aside as your setup's tp: another run \("[^"]*[:：]": a run you say works\)/);
  });

  it('one block that sets a key twice still keeps its last value (a config parser keeps the last)', () => {
    const text = '```\n--tensor-parallel-size 8 \\\n--tensor-parallel-size 4\n```\nvllm serve llama-2-70b-awq on 8x a10g';
    const { scenario, said } = resolved(text);
    expect(scenario.parallel.tp).toBe(4);
    expect(said).toMatch(/set more than once: its last value, 4/);
  });

  it('a block after a clause with no owner cue stays the request', () => {
    const text = `I run this on 8 A10G:\n\n${call(8)}\n`;
    expect(resolved(text).scenario.parallel.tp).toBe(8);
  });
});
