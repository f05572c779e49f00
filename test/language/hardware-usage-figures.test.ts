import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { guardsOf, hardwareOf } from './hardware-fixtures.js';

/**
 * A memory figure that is what a run uses, costs or peaks at is a measurement, never the card (issue 22: the
 * biggest silent class of fresh batches). "cost 17GB GPU mem" (c1837), "only costs 5.5GIB GPU memory" (c1869),
 * "huge memory usage (160GB VRAM)" (c1866), "a memory usage somewhere around ~5gb" and macOS's "26gb of app memory
 * used and 6gb of wired memory" (c1823), "peak memory of ~28GB" (c1833) had each been read as a card of that memory.
 * A memory with card evidence ("a 24GB GPU", "with 24 GB of VRAM") stays the card.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;

describe('a memory a run uses is no card', () => {
  const said = [
    (gb: string) => `dpo training with qwen2.5-0.5b at seq 1000 cost ${gb} GPU mem`,
    (gb: string) => `qlora of qwen3-4b with unsloth only costs ${gb} GPU memory`,
    (gb: string) => `finetuning mistral 7b with qlora, I'm seeing huge memory usage (${gb} VRAM)`,
    (gb: string) => `llama-3.1-8b inference: I would expect a memory usage somewhere around ~${gb}`,
    (gb: string) => `grpo of qwen3-4b has peak memory of ~${gb} with impl="hf"`,
    (gb: string) => `qwen3-4b lora, peak gpu memory usage: ${gb}`,
    (gb: string) => `llama-3.1-8b inference, I'm getting approximately ${gb} of app memory used`,
    (gb: string) => `llama-3.1-8b inference, ${gb} of wired memory compared to idle`,
    (gb: string) => `llama-3.1-8b inference (this setting costing ${gb})`,
  ];
  it('in any of its phrasings, at any amount and spacing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...said), fc.integer({ min: 4, max: 160 }), fc.constantFrom('GB', 'gb', 'GiB', 'G', ' GB'), (phrase, n, unit) => {
        const text = phrase(`${n}${unit}`);
        expect(hardwareOf(text), text).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('beside a card the user names, the card stays', () => {
    for (const phrase of said) {
      const text = `${phrase('17GB')} on my RTX 4090`;
      expect(hardwareOf(text).map((h) => h.gpuId), text).toEqual(['rtx-4090']);
    }
  });

  it('the real lines it was drawn from state no card of their usage', () => {
    for (const id of ['c1837', 'c1866', 'c1869', 'c1823']) {
      expect(hardwareOf(lineText(id)).map((h) => h.capacityGiB), id).toEqual([]);
    }
  });

  it('the guard that sets each aside is named', () => {
    expect(guardsOf('dpo training cost 17GB GPU mem')).toContain('not-hw.measurement');
    expect(guardsOf('huge memory usage (160GB VRAM)')).toContain('not-hw.measurement');
    expect(guardsOf('6gb of wired memory compared to idle')).toContain('not-hw.mac-memory-kind');
    expect(guardsOf('Wired Memory: 6.2 GB')).toContain('not-hw.mac-memory-kind');
  });
});

describe('a memory said with card evidence stays the card', () => {
  it.each([
    ['llama-2-13b qlora on a 24GB GPU', 24],
    ['llama-2-13b qlora with 24 GB of VRAM', 24],
    ['I have a 16gb Nvidia GPU, llama-3-8b inference', 16],
    ['llama-2-7b lora, VRAM: 24GB', 24],
    ['llama-2-7b lora on 24G显存', 24],
  ])('"%s"', (text, gb) => {
    expect(hardwareOf(text).map((h) => h.capacityGiB)).toContain(gb);
  });
});

describe('an amount marked approximate with a tilde is an estimate, not the card', () => {
  it('at any amount and spacing, beside the card the message states', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 96 }), fc.constantFrom('~', '~ ', '≈'), fc.constantFrom('GB', 'GiB', ' GB'), (n, tilde, unit) => {
        const text = `qwen3-14b inference with ollama (${tilde}${n}${unit} VRAM together with bge-m3), in the 16GB budget of my RTX 4060 Ti`;
        expect(hardwareOf(text).map((h) => h.capacityGiB ?? h.gpuId), text).not.toContain(n);
        expect(guardsOf(`the runner starts near the model floor (${tilde}${n}${unit})`), text).toContain('not-hw.approximate');
      }),
      { numRuns: 80 },
    );
  });

  it('a card\'s memory said roughly, a card named after it, a range and a small file stay as they were', () => {
    expect(guardsOf('a memory error due to the ~4GB Vram')).not.toContain('not-hw.approximate');
    expect(guardsOf('on a ~24GB card')).not.toContain('not-hw.approximate');
    expect(guardsOf('~24GB RTX 3090')).not.toContain('not-hw.approximate');
    expect(guardsOf('it takes about 8~10GB')).not.toContain('not-hw.approximate');
    expect(guardsOf('41 .bin files each ~1gb each')).not.toContain('not-hw.approximate');
  });

  it('c1211: the 16GB budget is the card, not the ~11GB the models take together', () => {
    expect(hardwareOf(lineText('c1211')).map((h) => h.capacityGiB)).not.toContain(11);
  });
});

