import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GPUS } from '../../src/catalog/index.js';
import { readInThread } from '../../src/core/opening.js';
import { scanHardware } from '../../src/language/hardware/engine.js';
import { memoryOfItsOwn, siblings } from '../../src/scenario/card-variants.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * The memory a user states for their card wins (b13): "RTX 3060 with 6GB VRAM" (meta-llama/llama#381,
 * c538) and "NV 3060 6GB" (mlc-ai/mlc-llm#931, c539) are the laptop RTX 3060 the catalog of desktop
 * cards lacks: a card of 6 GB, its name said. A memory near a size the card is sold in stays a
 * question ("A100 32GB", "RTX 2080 11G").
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;
const GiB = 2 ** 30;

function hardwareOf(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario?.hardware) throw new Error(`no hardware read: ${text}: ${r.ok ? 'none' : r.error.message}`);
  return { ...r.scenario.hardware, gib: r.scenario.hardware.capacityBytes / GiB, said: r.notices.join(' | ') };
}

describe('a stated memory far from every size of the card', () => {
  it('c538: "RTX 3060 with 6GB VRAM" is a 6 GB card, said with its name', () => {
    const c = line('c538');
    const opened = readInThread(c.thread!, null).outcome;
    const r = readInThread(c.text, opened.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null).outcome;
    if (!r.ok || !r.scenario?.hardware) throw new Error('c538 not read');
    expect(r.scenario.hardware.gpuId).toBeNull();
    expect(r.scenario.hardware.capacityBytes / GiB).toBe(6);
    expect(r.notices.join(' ')).toMatch(/RTX 3060 \(6 GB as you said\)/);
  });

  it.each([
    ['llama-2-7b inference on RTX 3060 with 6GB VRAM', 1, 6],
    ['Yes, llama-2-7b inference works. But NV 3060 6GB Error out of memory.', 1, 6],
    ['llama-2-7b inference on a 6GB RTX 3060', 1, 6],
    ['llama-2-7b inference on 2x RTX 3060 6GB', 2, 6],
    ['我用4090 16G显存推理qwen-7b-int4', 1, 16],
    ['qwen-14b lora on two RTX 4090 with 16GB VRAM', 2, 16],
  ])('%s', (text, count, gib) => {
    const h = hardwareOf(text);
    expect([h.gpuId, h.count, h.gib]).toEqual([null, count, gib]);
    expect(h.said).toMatch(/GB as you said/);
  });

  it('a memory with no card name is a card of that size (c541\'s title: 使用49G的显卡)', () => {
    expect(hardwareOf('yi-34b-chat 运行, 使用49G的显卡').gib).toBe(49);
  });

  it('host memory beside a card stays the machine\'s', () => {
    for (const text of ['llama-2-7b inference on RTX 3060 with 64GB RAM', 'llama-2-7b inference on rtx 3060 with 32gb of system memory', 'llama-2-7b 推理, 3090 with 64G内存']) {
      const h = hardwareOf(text);
      expect(h.gpuId).not.toBeNull();
      expect(h.said).not.toMatch(/as you said/);
    }
  });
});

describe('a memory near a size stays the question it was', () => {
  it('"A100 32GB" and "RTX 2080 11G" (the 2080 Ti\'s) are not read as cards of their own, nor a memory of several cards', () => {
    expect(memoryOfItsOwn('a100-80g', 32)).toBe(false);
    expect(memoryOfItsOwn('a100-80g', 160)).toBe(false);
    expect(memoryOfItsOwn('rtx-4090', 48)).toBe(false);
    expect(memoryOfItsOwn('l40s', 80)).toBe(false);
    expect(memoryOfItsOwn('rtx-2080', 11)).toBe(false);
    for (const text of ['2 x A100 32GB', 'RTX 2080 11G', 'H100 96GB']) {
      expect(scanHardware(text.toLowerCase()).readings.every((r) => r.gpuId !== null || r.memoryGiB === null)).toBe(true);
    }
  });

  it('a memory above every size of the card is never the user\'s own (another card\'s size, a total)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GPUS.map((g) => g.id)), fc.double({ min: 1.001, max: 8, noNaN: true }), (id, times) => {
        const largest = Math.max(...[GPUS.find((g) => g.id === id)!, ...siblings(id)].map((g) => g.totalMiB / 1024));
        expect(memoryOfItsOwn(id, Math.ceil(largest * times))).toBe(false);
      }),
    );
  });

  it('every card\'s own sizes and anything within a quarter of them are never the user\'s own memory', () => {
    const card = fc.constantFrom(...GPUS.map((g) => g.id));
    fc.assert(
      fc.property(card, fc.double({ min: -0.249, max: 0.249, noNaN: true }), (id, off) => {
        const sizes = [GPUS.find((g) => g.id === id)!, ...siblings(id)].map((g) => Number(/(\d+)\s*GB/.exec(g.name)?.[1] ?? Math.round(g.totalMiB / 1024)));
        for (const size of sizes) expect(memoryOfItsOwn(id, size * (1 + off))).toBe(false);
      }),
    );
  });
});
