import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * 台 counts machines. Before a card sold on eight-GPU server boards, two or more 台 are servers ("qwen3-235B-moe 在4台H100上
 * 能否训练成功", volcengine/verl, corpus c1832: read as 4 H100 cards, silently); before a desktop card ("2台4090") it
 * counts the cards as often as the boxes. Either reading is said with the other (weak), never picked silently.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const scan = (text: string) => scanHardware(normalise(text).text).readings;

const SERVER = [['H100', 'h100-80g'], ['A800', 'a800-80g'], ['H20', 'h20'], ['H200', 'h200'], ['A100', 'a100-80g'], ['MI300X', 'mi300x']] as const;
const DESKTOP = [['4090', 'rtx-4090'], ['3090', 'rtx-3090'], ['RTX 4090', 'rtx-4090'], ['V100', 'v100-16g']] as const;

describe('N台 before a server-board card is N machines', () => {
  it('at any count, spacing and card, with the other reading said', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SERVER), fc.integer({ min: 2, max: 16 }), fc.constantFrom('', ' '), fc.constantFrom('在', '用', '使用'), ([card, id], n, sp, verb) => {
        const text = `${verb}${n}台${sp}${card}上训练qwen2.5-72b`;
        const [r] = scan(text);
        expect(r, text).toBeDefined();
        expect({ nodes: r!.nodes, count: r!.count, gpuId: r!.gpuId }, text).toEqual({ nodes: n, count: null, gpuId: id });
        expect(r!.notes.join(' '), text).toMatch(new RegExp(`say "on ${n}x ${id}"`));
      }),
      { numRuns: 80 },
    );
  });

  it('resolves to eight cards a machine, said as the default', () => {
    const r = resolveRequest('qwen2.5-72b full 在4台H100上训练', null);
    expect(r.ok && r.scenario?.hardware).toMatchObject({ gpuId: 'h100-80g', count: 32 });
  });

  it('c1832: 4 machines of 8 H100 80GB', () => {
    const r = resolveRequest(lineText('c1832'), null);
    expect(r.ok && r.scenario?.hardware).toMatchObject({ gpuId: 'h100-80g', count: 32 });
  });

  it('one 台 stays one card ("1台A100"), said', () => {
    const [r] = scan('在1台A100上推理');
    expect({ nodes: r!.nodes, count: r!.count }).toEqual({ nodes: null, count: 1 });
    expect(r!.notes.join(' ')).toMatch(/if each is a machine/);
  });
});

describe('N台 before a desktop card counts the cards, said', () => {
  it('at any count and card', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DESKTOP), fc.integer({ min: 1, max: 8 }), ([card, id], n) => {
        const text = `${n}台${card}跑qwen 32b`;
        const [r] = scan(text);
        expect({ nodes: r!.nodes, count: r!.count, gpuId: r!.gpuId }, text).toEqual({ nodes: null, count: n, gpuId: id });
        // One machine of a desktop card is one card either way (one-machine-zh.test.ts): nothing to say.
        if (n > 1) expect(r!.notes.join(' '), text).toMatch(/if each is a machine/);
        else expect(r!.notes.join(' '), text).not.toMatch(/if each is a machine/);
      }),
      { numRuns: 40 },
    );
  });

  it('a count of cards per machine keeps both ("4台8卡80G", "2台 H100*8")', () => {
    expect(scan('4台8卡80G').map((r) => [r.nodes, r.count])).toEqual([[4, 32]]);
    expect(scan('用 2台 H100*8 部署').map((r) => [r.nodes, r.count])).toEqual([[2, 16]]);
  });
});
