import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b18: memory a message reports, bounds or needs is no card. "nvidia-smi it shows that I am using close to
 * 14g of video memory" (mlc-ai/mlc-llm#1458, c683) became a 14 GB card: the measurement guard knew
 * "uses 14GB" but no qualifier but "about". "显存占用高达18G" (VRAM in use as high as 18G), "调整…参数到低于18G"
 * (set below 18G) and "读取参数只需要2.5G+" (loading the weights only needs 2.5G+) in QwenLM/Qwen3#1509 (c680)
 * became an 18 GB, then a 2.5 GB card (the Chinese "需要" now joins the usage words of reconcile/mentions.ts);
 * its "token长度设置的8192" (the token length set to 8192) was unread.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const guarded = (text: string) => scanHardware(normalise(text).text).guarded.map((g) => g.rule);
const GiB = 1024 ** 3;
/** The card's memory in GiB, or null where no card is read. */
const cardGiB = (text: string) => {
  const h = read(text).scenario.hardware;
  return h ? h.capacityBytes / GiB : null;
};

describe('memory in use, bounded or needed is no card', () => {
  it('c683: "using close to 14g of video memory" is a measurement; no card is read', () => {
    expect(guarded(line('c683').text)).toContain('not-hw.measurement');
    expect(cardGiB(line('c683').text)).toBeNull();
  });

  it('c680 (with its title): no card from 18G or 2.5G, the length 8192', () => {
    const text = `${line('c680').thread}\n${line('c680').text}`;
    expect(guarded(text)).toEqual(expect.arrayContaining(['not-hw.measurement', 'not-hw.bound']));
    const { scenario, said } = read(text);
    expect(scenario.hardware).toBeNull();
    expect(said).toMatch(/"2\.5G" read as memory the message says is used/);
    expect(scenario.seq).toBe(8192);
  });

  it('any qualifier between "using" and an amount of memory keeps it a measurement', () => {
    const qualifiers = ['close to', 'about', 'around', 'nearly', 'almost', 'roughly', 'approximately', 'more than', 'over'];
    fc.assert(
      fc.property(fc.constantFrom(...qualifiers), fc.integer({ min: 2, max: 160 }), fc.constantFrom('g', 'GB', ' GB', 'GiB'), (q, n, unit) => {
        const text = `llama-2-13b inference on 1x L40S, nvidia-smi shows I am using ${q} ${n}${unit} of video memory`;
        const h = read(text).scenario.hardware;
        expect([h?.gpuId, h?.count], text).toEqual(['l40s', 1]);
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    ['显存占用高达18G', 'not-hw.measurement'],
    ['显存占用将近20G', 'not-hw.measurement'],
    ['memory usage goes up to roughly 30GB', 'not-hw.measurement'],
    ['调到低于18G就OOM', 'not-hw.bound'],
    ['anything under 16GB runs out of memory', 'not-hw.bound'],
    ['小于 12G 就报错', 'not-hw.bound'],
  ])('"%s" is set aside (%s)', (text, rule) => {
    expect(guarded(text)).toContain(rule);
  });

  it('c703: "a replica with 40% of GPU" and "0.8/1 from GPU" are shares, not counts: one A10', () => {
    const h = read(line('c703').text).scenario.hardware;
    expect([h?.gpuId, h?.count]).toEqual(['a10', 1]);
    expect(guarded(line('c703').text)).toEqual(expect.arrayContaining(['not-hw.percent', 'not-hw.gpu-share']));
  });

  it.each([
    ['tinyllama-1.1b vllm util 0.4 on 1x a10, each replica gets 40% of GPU', 1],
    ['tinyllama-1.1b vllm on 2x a10, cluster usage 0.8/1 from GPU', 2],
    ['tinyllama-1.1b vllm on 1x a10 with 0.5 of a GPU per replica', 1],
    ['tinyllama-1.1b vllm on 1x a10, num_gpus 0.4 GPU each', 1],
  ])('a share of a GPU is no count: %s', (text, count) => {
    expect(read(text).scenario.hardware?.count).toBe(count);
  });

  it.each(['qwen3-4b vllm, 读取参数只需要2.5G+', 'qwen3-4b vllm, 权重大概需要8G', 'qwen3-4b vllm, the weights need about 8GB'])(
    'what something needs is no card: "%s"',
    (text) => {
      const { scenario, said } = read(text);
      expect(scenario.hardware).toBeNull();
      expect(said).toMatch(/read as memory the message says is used/);
    },
  );

  it.each([
    ['llama-2-7b lora on 24GB, nvidia-smi says using close to 20GB', null, 24],
    ['llama-2-7b lora, I need a 24GB GPU', null, 24],
    ['llama-2-7b lora on less than 24GB 3090', 'rtx-3090', 24],
    ['llama-2-7b 推理需要24G的卡', null, 24],
  ])('a card named with its memory stays a card: "%s"', (text, gpuId, memory) => {
    const h = read(text).scenario.hardware;
    if (gpuId) expect(h?.gpuId).toBe(gpuId);
    expect(Math.round(h!.capacityBytes / GiB)).toBeGreaterThanOrEqual(memory - 1);
    expect(h!.capacityBytes / GiB).toBeLessThanOrEqual(memory);
  });

  it.each([
    ['qwen2.5-7b vllm, 长度设置的8192', 8192],
    ['qwen2.5-7b vllm, 最大长度设定为4096', 4096],
    ['qwen2.5-7b vllm, 上下文长度调整到16k', 16384],
    ['qwen2.5-7b 微调，序列长度改成2048', 2048],
  ])('"%s": the length after a way of saying "set to"', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });
});
