import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Chinese says a total before its amount ("共160G", "一共128G"): with a memory's unit it is the
 * memory in all (hw.total-memory), never a count of 160 cards (hw.total-cards had read the digits and
 * left the unit). A model's or weights' file size ("权重文件一共32G", "模型文件从原来的38.7G减小到11.5G")
 * and a change of memory in use ("只降低了10G") are no card (not-hw.file-size, not-hw.measurement).
 */

const scan = (text: string) => scanHardware(normalise(text).text);
const line = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('a Chinese total before its amount', () => {
  it('c361 (InternLM/lmdeploy#3154): "H100的两张显卡，共160G" is two 80 GB H100, not 160 cards', () => {
    const [first] = scan(line('c361')).readings;
    expect(first!.count).toBe(2);
    expect(first!.gpuId).toMatch(/^h100/);
    expect(first!.parts.map((p) => p.rule)).toContain('hw.total-memory');
    expect(first!.notes.join(' ')).not.toMatch(/160 in all|null/);
  });

  it('c775 (hiyouga/LlamaFactory#3422): "四台V100，一共128G" is four 32 GB V100', () => {
    const reading = scan(line('c775')).readings.find((r) => r.gpuId?.startsWith('v100'));
    expect(reading!.count).toBe(4);
    expect(reading!.gpuId).toBe('v100-32g');
  });

  it.each([
    ['四台V100，一共128G', 4, 'v100-32g'],
    ['四张V100，一共64G', 4, 'v100-16g'],
    ['两张A100，共160G', 2, 'a100-80g'],
    ['两张A100，共80G', 2, 'a100-40g'],
    ['2张A100，总共160GB', 2, 'a100-80g'],
    ['8卡A800，总计640G', 8, 'a800-80g'],
    ['8张A100，合计320G', 8, 'a100-40g'],
    ['使用H100的两张显卡，共160G，会出现OOM', 2, 'h100-80g'],
    ['用的是4张4090，一共96G显存', 4, 'rtx-4090'],
    ['双卡3090，共48G', 2, 'rtx-3090'],
    ['三张A6000，共144G', 3, 'rtx-a6000'],
  ])('"%s" is %i cards, memory in all (no card count from the total)', (text, count, gpu) => {
    const readings = scan(text).readings;
    expect(readings).toHaveLength(1);
    expect(readings[0]!.count).toBe(count);
    expect(readings[0]!.gpuId).toBe(gpu);
    expect(readings[0]!.parts.some((p) => p.role === 'totalCards')).toBe(false);
  });

  it.each([
    ['8卡A100，共8张', 8],
    ['4张A100，一共4卡', 4],
    ['A100 共16卡', 16],
  ])('"%s": a total with a counter stays a count of cards', (text, count) => {
    const [reading] = scan(text).readings;
    expect(reading!.count).toBe(count);
  });

  it('a total of cards that disagrees names the count it read, with no "null × null"', () => {
    const [reading] = scan('两张A100，共8张').readings;
    expect(reading!.notes.join(' ')).toMatch(/2 GPUs, but the message says 8 in all/);
    expect(reading!.notes.join(' ')).not.toMatch(/null/);
  });

  it('any count × any size of the card, said as 共 / 一共 / 总共 N G, is that card and count', () => {
    const cards = [
      { card: 'A100', sizes: { 40: 'a100-40g', 80: 'a100-80g' } as Record<number, string> },
      { card: 'V100', sizes: { 16: 'v100-16g', 32: 'v100-32g' } as Record<number, string> },
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...cards),
        fc.integer({ min: 2, max: 8 }),
        fc.constantFrom('共', '一共', '总共', '合计'),
        fc.constantFrom('张', '块', '卡'),
        fc.constantFrom('G', 'GB', 'g'),
        fc.nat(),
        (c, n, total, counter, unit, pick) => {
          const sizes = Object.keys(c.sizes).map(Number);
          const size = sizes[pick % sizes.length]!;
          const [reading] = scan(`${n}${counter}${c.card}，${total}${n * size}${unit}`).readings;
          expect(reading?.count).toBe(n);
          expect(reading?.gpuId).toBe(c.sizes[size]);
        },
      ),
    );
  });
});

describe('a model file or a change of memory is no card', () => {
  it('c779 (deepseek-ai/DeepSeek-V2#74): "权重文件一共32G左右" is the weights on disk', () => {
    expect(scan(line('c779')).readings).toEqual([]);
    expect(scan(line('c779')).guarded.map((g) => g.rule)).toContain('not-hw.file-size');
  });

  it('c769 (InternLM/lmdeploy#2217): file sizes and memory in use, none of them a card', () => {
    const { readings, guarded } = scan(line('c769'));
    expect(readings).toEqual([]);
    const blanked = guarded.map((g) => normalise(line('c769')).text.slice(g.numberAt, g.numberEnd));
    expect(blanked).toEqual(expect.arrayContaining(['38.7g', '11.5g', '78.3g', '68.3g', '10g']));
  });

  it.each([
    '权重文件一共32G左右',
    '模型文件大小是15G',
    '模型文件约14GB',
    '参数文件共26G',
    '权重文件有130GB',
    'checkpoint文件一共60G',
    '模型文件从原来的38.7G减小到11.5G',
    '显存占用只降低了10G',
    '显存减少了6G',
    '显存从24G降低到18G',
    '从原来的20G缩小到8G',
  ])('"%s" names no card: its amount is set aside', (text) => {
    expect(scan(text).readings).toEqual([]);
    const normal = normalise(text).text;
    const amount = /\d+(?:\.\d+)?\s*gb?(?![a-z])/.exec(normal)!;
    expect(scan(text).guarded.some((g) => g.numberAt <= amount.index && amount.index < g.numberEnd)).toBe(true);
    expect(scan(`${text}，用的是两张4090`).readings.map((r) => r.count)).toEqual([2]);
  });
});
