import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import { parseRequest } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A memory glued to the card after it, as Chinese titles write it ("单机8*32GV100", "40GA100",
 * "在80Ga100上"): hw.memory reads the unit before a card's name, hw.card starts after the unit, and
 * the phrase is written again (the lexer reads no "40ga100"). The unit's letters are never the
 * card's ("ga100" had been tried as a card and dropped, with the A100 in it).
 */

const scan = (text: string) => scanHardware(normalise(text).text).readings;
const line = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('a memory glued to its card', () => {
  it.each([
    ['c376', 'QwenLM/Qwen#916', 8, 'v100-32g'],
    ['c377', 'hpcaitech/ColossalAI#3331', null, 'a100-40g'],
    ['c664', 'QwenLM/Qwen3#17', null, 'a100-80g'],
  ])('%s (%s): the glued card is read with its memory', (id, _source, count, gpu) => {
    const reading = scan(line(id)).find((r) => r.gpuId !== null);
    expect(reading!.gpuId).toBe(gpu);
    if (count !== null) expect(reading!.count).toBe(count);
  });

  it('c444 (Open-Reasoner-Zero#21): "8卡80GL20Y" keeps eight cards of 80 GB (the L20Y is no card the catalog knows)', () => {
    const thread = loadCorpus().find((l) => l.id === 'c444')!.thread!;
    expect(thread).toContain('8卡80GL20Y');
    const reading = scan(thread).find((r) => r.memoryGiB === 80);
    expect(reading!.count).toBe(8);
  });

  it.each([
    ['8*32GV100', 8, 'v100-32g'],
    ['8*16GV100', 8, 'v100-16g'],
    ['40GA100', 1, 'a100-40g'],
    ['80GA100', 1, 'a100-80g'],
    ['80Ga100', 1, 'a100-80g'],
    ['80GBA100', 1, 'a100-80g'],
    ['4*80GA800', 4, 'a800-80g'],
    ['2张80GH100', 2, 'h100-80g'],
    ['4卡40GA100', 4, 'a100-40g'],
    ['单机8*80GH800', 8, 'h800'],
    ['48GL40S', 1, 'l40s'],
    ['2x48GA6000', 2, 'rtx-a6000'],
    ['24GA10', 1, 'a10'],
  ])('"%s" is %i of %s', (text, count, gpu) => {
    const [reading] = scan(`qwen-7b lora on ${text}`);
    expect(reading!.gpuId).toBe(gpu);
    expect(reading!.count ?? 1).toBe(count);
    expect(parseRequest(`qwen-7b lora on ${text}`).ok).toBe(true);
  });

  it.each(['32GA100', '24GA100', '20GA100'])('"%s": a memory that is no size of the card is said or asked, not dropped', (text) => {
    const [reading] = scan(`llama-7b on ${text}`);
    expect(reading!.notes.join(' ')).toMatch(/which did you mean|as you said/);
  });

  it.each(['llama-7b on 24GB RTX3090', 'llama-7b on 4gpus', 'use 8g memory', 'bf16 with 16gb of vram'])('"%s" reads as it did (no card from the unit)', (text) => {
    expect(scan(text).every((r) => r.gpuId === null || /3090/.test(r.gpuId))).toBe(true);
  });

  it('any count, size and card of the catalog with the memory glued before it is that card', () => {
    const cards = [
      ['A100', 40, 'a100-40g'],
      ['A100', 80, 'a100-80g'],
      ['V100', 16, 'v100-16g'],
      ['V100', 32, 'v100-32g'],
      ['A800', 80, 'a800-80g'],
      ['H100', 80, 'h100-80g'],
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...cards), fc.integer({ min: 1, max: 8 }), fc.constantFrom('G', 'GB', 'g'), fc.boolean(), ([card, size, id], n, unit, lower) => {
        const glued = `${size}${unit}${lower ? card.toLowerCase() : card}`;
        const [reading] = scan(`${n}*${glued}`);
        expect(reading?.gpuId).toBe(id);
        expect(reading?.count).toBe(n);
      }),
    );
  });
});
