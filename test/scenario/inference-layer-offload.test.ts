import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusLineRead } from '../language/reading-fixtures.js';

/**
 * An offload word that names no training state, in a message read as running the model, is its
 * layers kept in host RAM, not a trainer's optimizer offload (resolve-training.ts
 * inferenceLayerOffload): not counted, and said with the switch. A training read keeps it, and
 * words that name a training state ("offload optimizer") are never dropped.
 */
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
};

const RUN = ['I am running {m} inference on {c}.', 'Running {m} inference on {c} is slow.', 'I serve {m} with vllm on {c}.', 'We run {m} inference on {c}.'];
const MODELS = ['llama-3-8b', 'qwen2.5-7b', 'mistral-7b', 'llava-1.5-7b'];
const CARDS = ['1x t4', 'a 3090', '1x rtx 4060 ti', 'one 4090'];
const ASK = ['Would {o} help?', 'Is {o} possible?', 'It is slow even with {o}.'];
const OFFLOAD = ['cpu offloading', 'CPU offloading', 'offloading', 'layer-by-layer offloading', 'cpu offload', 'Offloading'];

describe('an offload word beside a model that is only run', () => {
  it('counts no optimizer offload and says the word with "say train"', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RUN), fc.constantFrom(...MODELS), fc.constantFrom(...CARDS), fc.constantFrom(...ASK), fc.constantFrom(...OFFLOAD), (run, m, c, ask, off) => {
        const { s, said } = read(`${run.replace('{m}', m).replace('{c}', c)} ${ask.replace('{o}', off)}`);
        expect(s.mode).toBe('inference');
        expect(s.offload).toEqual({ optimizer: 'none', params: 'none' });
        // A remedy asked about ("Would … help?") is set aside before the mode is read (planned-settings.ts); a report
        // ("slow even with …") is the layers' offload of a model run.
        expect(said).toMatch(/with the model run, not trained: no optimizer to offload[^|]*say "train" if it trains|set aside: said as a plan or a remedy you ask about/);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps the offload of a run read as training, and words that name a training state', () => {
    for (const text of ['finetune llama-3-8b with cpu offloading on a 4090', 'llama-3-8b on a 4090 with cpu offloading']) {
      const { s } = read(text);
      expect(s.mode).not.toBe('inference');
      expect(s.offload.optimizer).toBe('cpu');
    }
  });

  it('a training run that asks whether offloading would help is estimated as it runs, the offload said as asked', () => {
    const { s, said } = read('I fine-tune qwen2.5-7b with lora on 1x t4. Would CPU offloading help?');
    expect(s.mode).toBe('lora');
    expect(s.offload.optimizer).toBe('none');
    expect(said).toMatch(/"CPU offloading" set aside: said as a plan or a remedy you ask about/);
  });

  it('c1347: LLaVA-7B on a Colab T4 asking for "tricks (e.g., CPU offloading, …)"', () => {
    const { scenario, said } = corpusLineRead('c1347');
    expect(scenario.mode).toBe('inference');
    expect(scenario.offload.optimizer).toBe('none');
    expect(said).toMatch(/"CPU offloading" with the model run/);
  });

  it('c1644: OpenArc "has no layer-by-layer offloading" on a 16 GB Arc card', () => {
    const { scenario } = corpusLineRead('c1644');
    expect(scenario.mode).toBe('inference');
    expect(scenario.offload.optimizer).toBe('none');
  });
});
