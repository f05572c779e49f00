import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b19, turboderp-org/exllamav2#35 (corpus c723): "I find 13B models run with a lot of headroom so I'd
 * love to try squeezing in a 34B model". A run with room to spare is one that works
 * (owner.past.works), and "I'd love to" is what the user wants (owner.request.wants): the 34B is the
 * model asked about, the 13B the run that works.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('a run with headroom works; the model the user would love to try is asked about', () => {
  it('c723: the 34B on the RTX 4080', () => {
    const s = read(line('c723').text).scenario;
    expect((s.model.requestedParams ?? 0)).toBeGreaterThan(30e9);
    expect(s.hardware?.gpuId).toMatch(/4080/);
  });

  it.each([
    ["My 3090 runs 7b models with plenty of room to spare, I'd like to try a 13b", 13e9],
    ['I have a 4080. 13B models fit with lots of headroom; I would love to run a 34B model', 34e9],
    ['13b runs fine on my 4080, I’d love to try a 34b', 34e9],
  ])('%s', (text, params) => {
    const s = read(text).scenario;
    expect(Math.abs((s.model.requestedParams ?? 0) - params) / params).toBeLessThan(0.1);
  });

  it('one model with headroom and nothing wanted stays that model', () => {
    expect((read('13b runs with a lot of headroom on my 4080').scenario.model.requestedParams ?? 0)).toBeLessThan(14e9);
  });
});
