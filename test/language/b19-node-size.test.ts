import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b19, c716 (facebookresearch/metaseq#210): "Tried to train the model on 192 A100 40GB GPU with model
 * parallel of 8 … Each node contains 4 × NVIDIA A100 Tensor Core GPU with 40 GB". Two causes: a
 * node's size said in a sentence of its own was read as 4 cards contradicting the 192 and set aside
 * (hardware/node-size.ts), and "model parallel of 8" — the tensor split of Megatron-LM, fairseq and
 * metaseq — was not read (prose.model-parallel-size).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const machines = (text: string) => {
  const h = read(text).scenario.hardware;
  return { count: h?.count ?? null, perNode: h?.perNode ?? null };
};

describe("a node's size said apart from the cards in all", () => {
  it('c716: 48 nodes of 4 A100 40GB, tp 8, and the note joins both sentences', () => {
    const outcome = readInThread(line('c716').text, null).outcome;
    if (!outcome.ok || !outcome.scenario) throw new Error('c716 not read');
    const s = outcome.scenario;
    expect([s.hardware?.gpuId, s.hardware?.count, s.hardware?.perNode]).toEqual(['a100-40g', 192, 4]);
    expect(s.parallel.tp).toBe(8);
    expect(outcome.assumptions.join(' | ')).toMatch(/"192 A100 40GB" with "Each node contains 4 × NVIDIA A100": 48 nodes of 4/);
  });

  it.each([
    ['llama-2-70b full finetune on 16 A100 80GB. 4 GPUs per node', 16, 4],
    ['llama-2-70b full finetune on 16 A100 80GB. Each node has 4 A100', 16, 4],
    ['llama-2-70b full finetune. Every server comes with 2 cards. We train on 16 A100 80GB', 16, 2],
    ['llama-2-70b 全量微调，16张A100。每个节点4张卡', 16, 4],
    ['llama-2-70b 全量微调，共32块H800，每台机器有4块GPU', 32, 4],
  ])('%s', (text, count, perNode) => {
    expect(machines(text)).toEqual({ count, perNode });
  });

  it("the node's sentence is the same hardware said again: its number is the fact's, not \"not used\"", () => {
    const outcome = readInThread('llama-2-70b full finetune on 16 A100 80GB. Each node contains 4 × NVIDIA A100', null).outcome;
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.notUsed?.map((n) => n.words) ?? []).not.toContain('4');
  });

  it('a node size that does not divide the count changes nothing', () => {
    expect(machines('llama-2-70b full finetune on 16 A100 80GB. Each node has 3 A100').count).toBe(16);
  });

  it('any divisor said per node, in any order, makes nodes of it (property)', () => {
    const said = [(p: number) => `Each node contains ${p} × NVIDIA A100 GPUs.`, (p: number) => `We have ${p} GPUs per node.`, (p: number) => `每个节点${p}张卡。`];
    fc.assert(
      fc.property(fc.constantFrom(2, 4, 8), fc.integer({ min: 2, max: 12 }), fc.constantFrom(...said), fc.boolean(), (perNode, nodes, write, first) => {
        const total = `Full finetune llama-2-13b on ${perNode * nodes} A100 80GB.`;
        const text = first ? `${write(perNode)} ${total}` : `${total} ${write(perNode)}`;
        expect(machines(text)).toEqual({ count: perNode * nodes, perNode });
      }),
      { numRuns: 40 },
    );
  });
});

describe('"model parallel" with a size is the tensor split', () => {
  it.each([
    ['llama-2-70b train on 16 a100, model parallel size 4', 4],
    ['llama-2-70b train on 16 a100 with model parallelism of 2', 2],
    ['llama-2-70b pretrain on 16 a100, model-parallel-size=8', 8],
    ['llama-2-70b pretrain on 16 a100 (model parallel: 8)', 8],
  ])('%s', (text, tp) => {
    expect(read(text).scenario.parallel.tp).toBe(tp);
  });

  it('without a size, or as HF\'s naive model parallel, it is no tp', () => {
    expect(read('llama-2-70b inference with naive model parallel on 2 a100').scenario.parallel.tp).toBe(1);
    expect(read('llama-2-70b train with model parallel on 8 gpus').scenario.parallel.tp).toBe(1);
  });
});
