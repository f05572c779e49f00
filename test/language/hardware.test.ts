import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GUARD_RULES, PART_RULES, scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import { parseRequest, type Item } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Hardware is one small grammar (issue 22, item 3): nodes × cards per node × card × memory, in
 * any order and notation, read by one engine from named parts; a total that disagrees is
 * asked; a measurement, a version or the user's arithmetic is no count and no card.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const scan = (text: string) => scanHardware(normalise(text).text);
type Hardware = Extract<Item, { kind: 'hardware' }>;
const hardwareOf = (text: string): Hardware[] => {
  const outcome = parseRequest(text);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.items.filter((i): i is Hardware => i.kind === 'hardware');
};
/** The cards in all that a hardware item says ("10 nodes of 8x" is 80). */
const cardsInAll = (h: Hardware) => (h.nodes ?? 1) * (h.count ?? 1);
const notesOf = (text: string) => {
  const outcome = parseRequest(text);
  return outcome.ok ? outcome.notes : [];
};

describe('rules are named data with their own example', () => {
  it.each(PART_RULES.map((r) => [r.id, r] as const))('%s finds a part in its example', (id, rule) => {
    const parts = scan(rule.example).readings.flatMap((r) => r.parts.map((p) => p.rule));
    const found = [...normalise(rule.example).text.matchAll(new RegExp(rule.pattern.source, 'g'))];
    expect(found.length).toBeGreaterThan(0);
    // A part that joins a phrase in its own example is traced by its rule id.
    if (parts.length) expect(parts.some((p) => p.startsWith('hw.'))).toBe(true);
    expect(id).toMatch(/^hw\./);
  });
  it.each(GUARD_RULES.map((r) => [r.id, r] as const))('%s sets aside a number of its example', (id, rule) => {
    expect(scan(rule.example).guarded.map((g) => g.rule)).toContain(id);
  });
});

describe('real lines', () => {
  it('"40G的A100，10个结点，每个结点8张卡" is 10 nodes of 8 A100 40GB, not 10 A100 80GB (c321)', () => {
    const [h] = hardwareOf(lineText('c321'));
    expect(h).toMatchObject({ gpuId: 'a100-40g', nodes: 10, count: 8 });
  });

  it('"5 x 8 GPU A100 80GB servers (40 GPUs total)" is 40 A100 80GB, the total agreeing (c341)', () => {
    const [reading] = scan(lineText('c341')).readings;
    expect(reading).toMatchObject({ nodes: 5, perNode: 8, count: 40, gpuId: 'a100-80g', notes: [] });
  });

  it('a stated total that disagrees with the product is asked, not refused (variation of c341)', () => {
    const text = 'I am running on 5 x 8 GPU A100 80GB servers (32 GPUs total), llama-30b full fsdp';
    const [h] = hardwareOf(text);
    expect(cardsInAll(h!)).toBe(40);
    expect(notesOf(text).some((n) => /says 32 in all/.test(n))).toBe(true);
  });

  it('"4台8卡80G" is 4 machines of 8 cards of 80 GB (c343)', () => {
    expect(scan('max_seq_length=2048，per_device_train_batch_size=1，4台8卡80G，每张显存60-70G。').readings[0]).toMatchObject({ nodes: 4, perNode: 8, memoryGiB: 80 });
  });

  it('"2x8 80GB GPUs" is 2 nodes of 8 (c323)', () => {
    const [h] = hardwareOf(lineText('c323'));
    expect(h).toMatchObject({ nodes: 2, count: 8, capacityGiB: 80 });
  });

  it('"memory usage reaches 68GB" is a measurement; the glued "L40GPU" is the card (c324)', () => {
    const hardware = hardwareOf(lineText('c324')).filter((h) => h.gpuId !== null || h.count !== null || h.capacityGiB !== null);
    expect(hardware.map((h) => h.gpuId)).toEqual(['l40']);
    expect(hardware.every((h) => h.capacityGiB === null)).toBe(true);
  });

  it('"eating 26GB of VRAM", "taking up 16GB" are what a run takes, not the card (c1000)', () => {
    const real = 'this eval script is eating 26GB of VRAM. Running inference with the same model using a bare-minimum `transformers` snippet consumes about 15GB.';
    for (const text of [real, 'llama-2-7b inference on 1x L40, the script ate 30 GB', 'llama-2-7b inference on 1x L40, it is taking up 16GB of VRAM', 'llama-2-7b inference on 1x L40, but the eval eats 20gb of vram']) {
      const hardware = hardwareOf(text).filter((h) => h.capacityGiB !== null);
      expect(hardware, text).toEqual([]);
    }
  });

  it('"on Ubuntu 22.04" is no GPU count (c340)', () => {
    const outcome = parseRequest(lineText('c340'));
    expect(outcome.ok).toBe(true);
    const hardware = hardwareOf(lineText('c340'));
    expect(hardware.some((h) => h.count === 22 || h.count === 4)).toBe(false);
  });

  it('"32*4/8=16G", the user\'s reckoning, is no card beside "8卡h200" (c320)', () => {
    const hardware = hardwareOf(lineText('c320'));
    expect(hardware.filter((h) => h.capacityGiB !== null || h.gpuId !== null).map((h) => [h.gpuId, h.count])).toEqual([['h200', 8]]);
  });

  it('"two 32G V100 gpus" is the 32 GB V100, not two 16 GB cards of 32 in all (c009)', () => {
    expect(scan('13b serve fp16 tp 1 on 2x v100-32g').readings[0]).toMatchObject({ count: 2, gpuId: 'v100-32g' });
  });

  it('"2台服务器4张4090" is 4 cards over 2 servers, asked (c246)', () => {
    const [reading] = scan('多机多卡2台服务器4张4090微调启动失败').readings;
    expect(reading).toMatchObject({ nodes: 2, perNode: 2, count: 4 });
    expect(reading!.notes.join(' ')).toMatch(/4 GPUs in all/);
  });

  it('"on 8 * L4 machine" is one machine of 8 (c174); "three A100 nodes" is 3 nodes (c104)', () => {
    expect(scan('OOM CUDA error on 8 * L4 machine when launching sglang server').readings[0]).toMatchObject({ nodes: null, count: 8, gpuId: 'l4' });
    expect(scan('four A100 nodes, each with 8 80GB GPUs').readings[0]).toMatchObject({ nodes: 4, perNode: 8, gpuId: 'a100-80g' });
  });

  it('"each" between the nodes and the count makes it per node: "2 nodes, each 8x H100 80GB" is 16 cards', () => {
    for (const [text, nodes, perNode] of [
      ['2 nodes, each 8x H100 80GB', 2, 8],
      ['3 machines each 8 x A100', 3, 8],
      ['2 servers, each 4 A100 80GB', 2, 4],
    ] as const) {
      const reading = scan(text).readings[0];
      expect(reading, text).toMatchObject({ nodes, perNode, count: nodes * perNode });
      expect(reading!.notes.join(' '), text).not.toMatch(/in all \(/);
    }
  });

  it('a bare comma between a card and a new count separates two items: "H200, 4 gpus of 48GB" is no 48 GB H200', () => {
    // The lone card is left to the item reader; the phrase after the comma is its own hardware.
    const phrases = scan('H200, 4 gpus of 48GB, 13b').readings;
    expect(phrases).toHaveLength(1);
    expect(phrases[0]).toMatchObject({ count: 4, gpuId: null });
    expect(parseRequest('H200, 4 gpus of 48GB, 13b').ok).toBe(true);
    // Memory then another card, the same; inside parentheses, or before machines, they still join.
    expect(parseRequest('on 24GB, H200, 13b').ok).toBe(true);
    expect(scan('10 nodes, 8 cards each (40G, A100)').readings[0]).toMatchObject({ nodes: 10, perNode: 8, gpuId: 'a100-40g' });
  });

  it('"A100 2node * 8 GPUs" is 2 nodes of 8 (c034)', () => {
    expect(scan('When I use torchrun to finetune on A100 2node * 8 GPUs, OOM will appear.').readings[0]).toMatchObject({ nodes: 2, perNode: 8 });
  });

  it('"8 * H20(8 * 96G)" says the count twice, not 8 nodes (c100)', () => {
    expect(scan('I use 8 * H20(8 * 96G). Why').readings[0]).toMatchObject({ nodes: null, count: 8, gpuId: 'h20' });
  });
});

describe('batch b7: counters and markdown (issue 22, first-sight causes)', () => {
  it('Korean "a100-40G 2대" is two A100 40GB, not two machines of eight (Beomi/KoAlpaca#36, c350)', () => {
    const [h] = hardwareOf(lineText('c350'));
    expect(h).toMatchObject({ gpuId: 'a100-40g', count: 2 });
    expect(cardsInAll(h!)).toBe(2);
  });

  it('대 after a card counts cards; after a machine word it counts machines (invented)', () => {
    const [cards] = hardwareOf('qwen2.5-7b lora on rtx 4090 3대');
    expect(cardsInAll(cards!)).toBe(3);
    expect(cards!.nodes ?? 1).toBe(1);
    // With its particle glued on ("3대로", "by three"), the grammar still counts three cards.
    expect(scan('rtx 4090 3대로 파인튜닝').readings[0]).toMatchObject({ count: 3, gpuId: 'rtx-4090' });
    const [machines] = hardwareOf('13b lora 서버 2대 A100 8장');
    expect(machines!.nodes).toBe(2);
  });

  it('"8\\*3090(8\\*24G=192G)": a markdown-escaped star is a star, the sum is the user\'s (QwenLM/Qwen#811, c367)', () => {
    const scanned = scan('it also has oom Problem with 8\\*3090(8\\*24G=192G),but how could it happened?');
    expect(scanned.readings).toHaveLength(1);
    expect(scanned.readings[0]).toMatchObject({ count: 8, gpuId: 'rtx-3090' });
    expect(scanned.guarded.map((g) => g.rule)).toContain('not-hw.arithmetic');
  });

  it('a reckoning with a unit on each operand is no card: "2*48G=96G" beside 2 L40S (invented)', () => {
    const hardware = hardwareOf('qwen2.5-32b inference on 2x L40S (2*48G=96G)').filter((h) => h.gpuId !== null || h.capacityGiB !== null);
    expect(hardware.map((h) => [h.gpuId, cardsInAll(h)])).toEqual([['l40s', 2]]);
  });

  it('with or without the markdown escape, "N\\*card" and "N*card" read the same (property)', () => {
    const cards = ['3090', 'a100', 'h100', 'l40s', 'v100', '4090'];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16 }), fc.constantFrom(...cards), (n, card) => {
        const plain = hardwareOf(`llama-2-13b inference on ${n}*${card}`);
        const escaped = hardwareOf(`llama-2-13b inference on ${n}\\*${card}`);
        expect(escaped.map((h) => [h.gpuId, cardsInAll(h)])).toEqual(plain.map((h) => [h.gpuId, cardsInAll(h)]));
      }),
      { numRuns: 60 },
    );
  });
});

describe('the notations of the issue', () => {
  const cases: [string, { nodes: number | null; count: number; gpuId: string }][] = [
    ['2 servers with 8 H100s each', { nodes: 2, count: 16, gpuId: 'h100-80g' }],
    ['L40S (48G) x 6', { nodes: null, count: 6, gpuId: 'l40s' }],
    ['L40S(48G)x6', { nodes: null, count: 6, gpuId: 'l40s' }],
    ['6*L40S-48G', { nodes: null, count: 6, gpuId: 'l40s' }],
    ['6 * L40S 48GB', { nodes: null, count: 6, gpuId: 'l40s' }],
    ['dual 3090 (48GB total)', { nodes: null, count: 2, gpuId: 'rtx-3090' }],
    // hw.count-both (c3879, "split the model on both my 3090's"): two, of a card in the plural.
    ["both my 3090's", { nodes: null, count: 2, gpuId: 'rtx-3090' }],
    ['both of the A6000s', { nodes: null, count: 2, gpuId: 'rtx-a6000' }],
    ['3 boxes of 4 L40S', { nodes: 3, count: 12, gpuId: 'l40s' }],
    ['node: 8× MI250', { nodes: null, count: 8, gpuId: 'mi250x' }],
    ['4x8H200 141G', { nodes: 4, count: 32, gpuId: 'h200' }],
    ['4 x 8 H200 (141GB)', { nodes: 4, count: 32, gpuId: 'h200' }],
    ['10 nodes, 8 cards each (40G, A100)', { nodes: 10, count: 80, gpuId: 'a100-40g' }],
    ['10结点，每个节点8卡（40G，A100）', { nodes: 10, count: 80, gpuId: 'a100-40g' }],
    ['8张A100', { nodes: null, count: 8, gpuId: 'a100-80g' }],
    ['4块3090', { nodes: null, count: 4, gpuId: 'rtx-3090' }],
    ['A100 4개', { nodes: null, count: 4, gpuId: 'a100-80g' }],
    ['H100 8장', { nodes: null, count: 8, gpuId: 'h100-80g' }],
    ['2 nodes with 8x A100 80GB each', { nodes: 2, count: 16, gpuId: 'a100-80g' }],
    ['16 GPUs in total, 2 nodes of 8 H100', { nodes: 2, count: 16, gpuId: 'h100-80g' }],
    // The notations of the prose rules the grammar replaced, with their threads.
    ['2*8*h20', { nodes: 2, count: 16, gpuId: 'h20' }], // OpenRLHF/OpenRLHF#908
    ['2*8 A800(80G)', { nodes: 2, count: 16, gpuId: 'a800-80g' }], // verl-project/verl#249
    ['训练资源：32H800', { nodes: null, count: 32, gpuId: 'h800' }], // modelscope/ms-swift#4146
    ['Using 2 H100*8 machines to deploy deepseek-R1', { nodes: 2, count: 16, gpuId: 'h100-80g' }], // sgl-project/sglang#3344
    ['用 2台 H100*8 部署', { nodes: 2, count: 16, gpuId: 'h100-80g' }], // sgl-project/sglang#3341
    ['2台4090跑qwen 32b', { nodes: null, count: 2, gpuId: 'rtx-4090' }],
  ];
  it.each(cases)('%s', (text, want) => {
    const readings = scan(text).readings;
    expect(readings).toHaveLength(1);
    const r = readings[0]!;
    expect({ nodes: r.nodes, count: r.count, gpuId: r.gpuId }).toEqual(want);
  });

  it('a card whose memory is not the stated one is asked', () => {
    const [reading] = scan('8 x L40S 80GB').readings;
    expect(reading!.notes.join(' ')).toMatch(/which did you mean/);
  });
});

/** A card as people write it, the catalog id it is, and its memory. */
const CARDS = [
  { written: ['A100', 'a100', 'NVIDIA A100'], memory: 40, id: 'a100-40g' },
  { written: ['A100', 'a100'], memory: 80, id: 'a100-80g' },
  { written: ['H100', 'h100'], memory: 80, id: 'h100-80g' },
  { written: ['L40S', 'l40s'], memory: 48, id: 'l40s' },
  { written: ['H200', 'h200'], memory: 141, id: 'h200' },
  { written: ['RTX 3090', 'rtx3090', '3090'], memory: 24, id: 'rtx-3090' },
  { written: ['V100', 'v100'], memory: 32, id: 'v100-32g' },
] as const;

/** Renderings of one machine's cards: count, card, memory. */
const ONE_MACHINE: ((c: number, card: string, mem: number) => string)[] = [
  (c, card, mem) => `${c}x ${card} ${mem}GB`,
  (c, card, mem) => `${c} x ${card}-${mem}G`,
  (c, card, mem) => `${c}*${card}(${mem}G)`,
  (c, card, mem) => `${card} (${mem}G) x ${c}`,
  (c, card, mem) => `${card} ${mem}GB x${c}`,
  (c, card, mem) => `${c}张${card}（${mem}G）`,
  (c, card, mem) => `${mem}G的${card} ${c}块`,
  (c, card, mem) => `${card} ${mem}GB ${c}개`,
  (c, card, mem) => `${c} GPUs (${card} ${mem}GB)`,
];
/** Renderings of several machines: nodes, cards per node, card, memory. */
const MACHINES: ((n: number, p: number, card: string, mem: number) => string)[] = [
  (n, p, card, mem) => `${n}x${p} ${card} ${mem}G`,
  (n, p, card, mem) => `${n} x ${p} GPU ${card} ${mem}GB servers`,
  (n, p, card, mem) => `${n} nodes, ${p} cards each (${mem}G, ${card})`,
  (n, p, card, mem) => `${n} servers with ${p} ${card} ${mem}GB each`,
  (n, p, card, mem) => `${n} boxes of ${p} ${card} ${mem}G`,
  (n, p, card, mem) => `${n}台${p}卡${card} ${mem}G`,
  (n, p, card, mem) => `${mem}G的${card}，${n}个结点，每个结点${p}张卡`,
  (n, p, card, mem) => `${n} nodes (${p} per node) of ${card} ${mem}GB`,
];
const AROUND = [['', ''], ['we train llama-2-13b on ', ' and it OOMs'], ['设备是', '，训练时OOM'], ['Setup: ', '.']] as const;

describe('any rendering reads back to the same hardware', () => {
  it('one machine: count × card × memory', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16 }), fc.constantFrom(...CARDS), fc.nat(), fc.nat(), fc.constantFrom(...ONE_MACHINE), fc.constantFrom(...AROUND), (count, card, w, _, render, [before, after]) => {
        const text = `${before}${render(count, card.written[w % card.written.length]!, card.memory)}${after}`;
        const readings = scan(text).readings;
        expect(readings, text).toHaveLength(1);
        expect({ nodes: readings[0]!.nodes, count: readings[0]!.count, gpuId: readings[0]!.gpuId }, text).toEqual({ nodes: null, count, gpuId: card.id });
      }),
      { numRuns: 300 },
    );
  });

  it('several machines: nodes × cards per node × card × memory', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 1, max: 8 }), fc.constantFrom(...CARDS), fc.nat(), fc.constantFrom(...MACHINES), fc.constantFrom(...AROUND), (nodes, per, card, w, render, [before, after]) => {
        const text = `${before}${render(nodes, per, card.written[w % card.written.length]!, card.memory)}${after}`;
        const readings = scan(text).readings;
        expect(readings, text).toHaveLength(1);
        const r = readings[0]!;
        expect({ nodes: r.nodes, perNode: r.perNode, count: r.count, gpuId: r.gpuId }, text).toEqual({ nodes, perNode: per, count: nodes * per, gpuId: card.id });
      }),
      { numRuns: 300 },
    );
  });

  it('through the whole reader, the item says the same cards in all', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 2, max: 8 }), fc.constantFrom(...CARDS), fc.constantFrom(...MACHINES), (nodes, per, card, render) => {
        const text = `llama-2-70b zero3 training on ${render(nodes, per, card.written[0], card.memory)}`;
        const hardware = hardwareOf(text).filter((h) => h.gpuId !== null || h.count !== null);
        expect(hardware.map((h) => [h.gpuId, cardsInAll(h)]), text).toEqual([[card.id, nodes * per]]);
      }),
      { numRuns: 120 },
    );
  });
});

describe('a version, a measurement or arithmetic never becomes a count or a card', () => {
  const versions = ['Ubuntu', 'CUDA', 'torch', 'PyTorch', 'Python', 'transformers', 'vLLM', 'driver', 'ROCm', 'deepspeed'];
  const measures = ['reaches', 'uses', 'used', 'peaked at', 'takes up', '占用了'];
  it('versions ("Ubuntu 22.04", "CUDA 12.1", "torch 2.3")', () => {
    fc.assert(
      fc.property(fc.constantFrom(...versions), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.boolean(), (name, major, minor, sep) => {
        const version = `${name}${sep ? ' ' : ' version '}${major}.${String(minor).padStart(2, '0')}`;
        const text = `llama-2-13b inference on 2x A100 80GB on ${version}`;
        const hardware = hardwareOf(text).filter((h) => h.count !== null || h.gpuId !== null || h.capacityGiB !== null);
        expect(hardware.map((h) => [h.gpuId, cardsInAll(h)]), text).toEqual([['a100-80g', 2]]);
        expect(scan(version).readings).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('measurements ("reaches 68GB", "uses 70 GB", "68GB allocated")', () => {
    fc.assert(
      fc.property(fc.constantFrom(...measures), fc.integer({ min: 4, max: 200 }), fc.boolean(), (verb, gb, spaced) => {
        const amount = `${gb}${spaced ? ' ' : ''}GB`;
        for (const said of [`memory usage ${verb} ${amount}`, `${amount} allocated`]) {
          const text = `qwen2.5-32b inference on 1x L40, the ${said}`;
          const hardware = hardwareOf(text).filter((h) => h.count !== null || h.gpuId !== null || h.capacityGiB !== null);
          expect(hardware.map((h) => [h.gpuId, h.capacityGiB]), text).toEqual([['l40', null]]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('arithmetic ("2x24=48GB", "32*4/8=16G")', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 8, max: 96 }), (a, b) => {
        const text = `so ${a}x${b}=${a * b}GB`;
        expect(scan(text).readings, text).toEqual([]);
        expect(scan(text).guarded.map((g) => g.rule), text).toContain('not-hw.arithmetic');
      }),
    );
  });
});
