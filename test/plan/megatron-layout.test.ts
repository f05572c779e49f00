import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { estimate } from '../../src/memory/estimate.js';
import { assumedLayout, atLayout, layoutCandidates, layoutWords } from '../../src/plan/megatron-layout.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { layoutUnstated } from '../../src/scenario/layout-unstated.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * Issue 23, verdict corpus cause (c): a Megatron run whose request names no tp / pp / ep is answered at
 * the smallest split of its GPUs that holds it (plan/megatron-layout.ts), said on the first screen, with
 * the replicated figure on the second line; a layout written is kept exactly, and other frameworks are
 * untouched.
 */

function reply(text: string, previous: Parameters<typeof respond>[1] = null): EstimateReply {
  const r = respond(text, previous).reply;
  if (r.kind !== 'estimate') throw new Error(`${text}: ${r.kind === 'error' ? r.message : r.kind}`);
  return r;
}

function scenario(text: string): Scenario {
  const read = resolveRequest(text, null);
  if (!read.ok || !read.scenario) throw new Error(text);
  return read.scenario;
}

const par = (r: EstimateReply) => {
  const p = r.estimate.scenario.parallel;
  return { tp: p.tp, pp: p.pp, ep: p.ep };
};

describe('a Megatron run with no layout said (worked examples)', () => {
  it('a 32B full fine-tune on 8×H800 is given a split (tp 8), not ✗ on replicated weights', () => {
    const r = reply('qwen2.5-32b full megatron on 8x h800');
    expect(r.verdict.status).not.toBe('no');
    expect(par(r)).toEqual({ tp: 8, pp: 1, ep: 1 });
    // First screen: the split and that it was not said; second line: the replicated figure and the ask.
    expect(r.summary.verdict).toMatch(/with tp 8 \(the smallest split that holds it; you did not say your layout\)/);
    expect(r.summary.ask).toMatch(/^Say tp \/ pp \/ ep if your layout differs: with none .* it needs 277\.9 GiB per GPU\./);
    expect(r.verdict.headline).toMatch(/with tp 8/);
    // The JSON carries the assumed layout among the assumptions.
    expect(r.assumptions.some((a) => /^Megatron layout not stated: estimated at tp 8/.test(a))).toBe(true);
    // The request stays the user's: follow-ups and buttons ask again with no layout.
    expect(r.canonical).not.toMatch(/\btp\b/);
    expect(layoutUnstated(r.scenario)).toBe(true);
  });

  it('the split estimates exactly as the same request with it written', () => {
    const unsaid = reply('qwen2.5-32b full megatron on 8x h800');
    const written = reply('qwen2.5-32b full megatron tp 8 on 8x h800');
    expect(unsaid.estimate.deviceBytes).toBe(written.estimate.deviceBytes);
    expect(unsaid.verdict.status).toBe(written.verdict.status);
    expect(unsaid.reading).toBe(written.reading);
  });

  it('a MoE model splits its experts first (ep over the data-parallel ranks)', () => {
    const r = reply('qwen3-30b-a3b pretrain megatron bf16 on 16x h100-80g');
    expect(par(r)).toEqual({ tp: 1, pp: 1, ep: 8 });
    expect(r.verdict.status).not.toBe('no');
  });

  it('NeMo and Megatron-Bridge are the same Megatron run', () => {
    for (const name of ['nemo', 'megatron-bridge', 'mcore']) expect(par(reply(`qwen2.5-32b full ${name} on 8x h800`)), name).toEqual({ tp: 8, pp: 1, ep: 1 });
  });

  it('no split of the GPUs holds it: ✗ at the split that needs least, said as such', () => {
    const r = reply('70b full megatron seq 4096 mbs 1 on 8x a100-80g');
    expect(r.verdict.status).toBe('no');
    expect(par(r)).toEqual({ tp: 8, pp: 1, ep: 1 });
    expect(r.verdict.headline).toMatch(/^✗ Does not fit even with tp 8 \(the split of these 8 GPUs that needs least; you did not say your layout\)/);
    expect(r.assumptions.some((a) => /no split of the 8 GPUs holds it/.test(a))).toBe(true);
  });

  it('what fits replicated is left as read (tp 1 is what it runs), with no layout words', () => {
    const r = reply('qwen2.5-0.5b full megatron seq 1024 mbs 1 on 8x h100');
    expect(par(r)).toEqual({ tp: 1, pp: 1, ep: 1 });
    expect(r.verdict.headline).not.toMatch(/layout/);
  });
});

describe('near misses: the layout is kept', () => {
  it('a layout written is kept exactly, "tp 1" too', () => {
    expect(par(reply('qwen2.5-32b full megatron tp 1 on 8x h800'))).toEqual({ tp: 1, pp: 1, ep: 1 });
    expect(reply('qwen2.5-32b full megatron tp 1 on 8x h800').verdict.status).toBe('no');
    expect(par(reply('qwen2.5-32b full megatron tp 4 on 8x h800'))).toEqual({ tp: 4, pp: 1, ep: 1 });
    expect(par(reply('qwen2.5-32b full megatron pp 2 on 8x h800'))).toEqual({ tp: 1, pp: 2, ep: 1 });
    expect(par(reply('qwen3-30b-a3b full megatron ep 2 on 8x h100'))).toEqual({ tp: 1, pp: 1, ep: 2 });
    expect(par(reply('qwen2.5-32b full megatron cp 2 on 8x h800'))).toEqual({ tp: 1, pp: 1, ep: 1 });
    for (const text of ['qwen2.5-32b full megatron tp 1 on 8x h800', 'qwen2.5-32b full megatron cp 2 on 8x h800']) expect(reply(text).verdict.headline, text).not.toMatch(/layout/);
  });

  it('"tp 1" written reads back as written (canonical), and no layout reads back as unsaid', () => {
    const stated = scenario('qwen2.5-32b full megatron tp 1 on 8x h800');
    expect(canonicalText(stated)).toMatch(/\btp 1\b/);
    expect(scenario(canonicalText(stated))).toEqual(stated);
    const unsaid = scenario('qwen2.5-32b full megatron on 8x h800');
    expect(layoutUnstated(unsaid)).toBe(true);
    expect(scenario(canonicalText(unsaid))).toEqual(unsaid);
  });

  it('DeepSpeed, FSDP and plain HF runs, one GPU, and Megatron named on inference are untouched', () => {
    for (const text of ['qwen2.5-32b full zero3 on 8x h800', 'qwen2.5-32b full fsdp on 8x h800', 'qwen2.5-32b full on 8x h800', 'qwen2.5-32b full ddp on 8x h800', 'qwen2.5-7b full megatron on 1x h800', 'qwen2.5-32b megatron inference on 8x h800']) {
      const r = reply(text);
      expect(layoutUnstated(r.scenario), text).toBe(false);
      expect(r.verdict.headline, text).not.toMatch(/layout/);
      expect(r.estimate.deviceBytes, text).toBe(estimate(r.scenario, { numbersOnly: true }).deviceBytes);
    }
  });

  it('a follow-up that writes a degree states it; one that changes something else keeps the mark', () => {
    const first = respond('qwen2.5-32b full megatron on 8x h800', null);
    const seq = respond('seq 1024', first.state);
    expect(seq.reply.kind === 'estimate' && layoutUnstated(seq.reply.scenario)).toBe(true);
    const tp = respond('tp 2', first.state);
    expect(tp.reply.kind === 'estimate' && layoutUnstated(tp.reply.scenario)).toBe(false);
    const one = respond('tp 1', first.state);
    expect(one.reply.kind === 'estimate' && layoutUnstated(one.reply.scenario)).toBe(false);
    const later = respond('seq 1024', one.state);
    expect(later.reply.kind === 'estimate' && layoutUnstated(later.reply.scenario)).toBe(false);
    expect(tp.reply.kind === 'estimate' && tp.reply.estimate.scenario.parallel.tp).toBe(2);
  });
});

const MODELS = ['7b', '13b', 'qwen2.5-32b', 'llama-3-70b', 'qwen3-30b-a3b', 'mixtral-8x7b', 'llama-3-8b'];
const MODES = ['full', 'pretrain', 'lora', 'full gc'];
const SAID = ['', 'seq 4096', 'seq 8192 mbs 2', 'mbs 4'];
const CARDS = ['on 8x h100', 'on 4x a100-80g', 'on 16x h100-80g', 'on 8x a100-40g', 'on 2x h200', 'on 32x h800'];
const request = fc.tuple(fc.constantFrom(...MODELS), fc.constantFrom(...MODES), fc.constantFrom(...SAID), fc.constantFrom(...CARDS)).map(([m, mode, said, card]) => [m, mode, 'megatron', said, card].filter(Boolean).join(' '));

describe('property: the split found (over Megatron requests with no layout)', () => {
  it('never needs more than the request as read, equals the request with the split written, and is the first candidate that holds', () => {
    let split = 0;
    fc.assert(
      fc.property(request, (text) => {
        const s = scenario(text);
        expect(layoutUnstated(s), text).toBe(true);
        const asRead = estimate(s);
        const r = reply(text);
        expect(r.estimate.deviceBytes, text).toBeLessThanOrEqual(asRead.deviceBytes);
        const found = assumedLayout(s, asRead);
        if (!found) {
          expect(asRead.fits, text).toBe(true);
          return;
        }
        split++;
        const written = reply(`${text.replace(/ on /, ` ${layoutWords(found.degrees)} on `)}`);
        expect(r.estimate.deviceBytes, text).toBe(written.estimate.deviceBytes);
        const candidates = layoutCandidates(s).filter((d) => d.tp * d.pp * d.ep > 1);
        const index = candidates.findIndex((d) => d.tp === found.degrees.tp && d.pp === found.degrees.pp && d.ep === found.degrees.ep);
        expect(index, text).toBeGreaterThanOrEqual(0);
        for (const d of candidates.slice(0, found.holds ? index : candidates.length)) {
          expect(estimate(atLayout(s, d), { numbersOnly: true }).fits, `${text} at ${layoutWords(d)}`).toBe(false);
        }
        if (found.holds) expect(found.estimate.fits, text).toBe(true);
      }),
      { numRuns: 60, seed: 23 },
    );
    expect(split).toBeGreaterThan(10);
  });
});
