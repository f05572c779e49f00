import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOST_MEMORY_STICKS, hostMemoryGiB } from '../../src/language/hardware/host-memory.js';
import { respond } from '../../src/core/assistant.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b12, item 3 (test/corpus/first-sight.md): host memory beside a card is no contradiction.
 * "RAM : 32GB * 2" above "GPU: NVIDIA RTX A5000 24GB" (ollama/ollama, c519) is 64 GB of RAM.
 */
const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const hostGiB = (text: string) => {
  const bytes = read(text).scenario.hostMemoryBytes;
  return bytes ? Math.round(bytes / 1024 ** 3) : null;
};
const contradiction = (text: string) => {
  const reply = respond(text, null).reply;
  return reply.kind === 'error' && /contradict/.test(reply.message);
};

describe('RAM said as sticks is host memory, not a second card', () => {
  it('c519 is no longer refused as a contradiction', () => {
    expect(contradiction(lineText('c519'))).toBe(false);
  });

  it.each([
    ['CPU : Intel i9-10920X\nRAM : 32GB * 2\nGPU: NVIDIA RTX A5000 24GB\nmodel : llama-2-7b', 64],
    ['llama-2-7b on 2x 4090, DDR4 2 x 32GB', 64],
    ['llama-2-13b inference, RAM 16GB x4, GPU RTX 3090', 64],
    ['内存 32G*2\n显卡 RTX A5000 24G\nllama-2-7b 推理', 64],
    ['qwen2-7b lora 单卡4090，内存条 16G×2', 32],
    ['llama-3-8b on a 4090 with system memory: 64GB (x2)', 128],
  ])('%s → %d GB of host memory, the card kept', (text, gib) => {
    expect(hostGiB(text)).toBe(gib);
    expect(read(text).scenario.hardware).not.toBeNull();
  });

  it('GPU memory said as sticks stays the cards\' (VRAM, GPU memory, 显存 never name host memory)', () => {
    for (const text of ['VRAM: 24GB * 2', 'GPU memory 24GB x 2', '显存 24G*2']) {
      HOST_MEMORY_STICKS.pattern.lastIndex = 0;
      expect([...text.toLowerCase().matchAll(HOST_MEMORY_STICKS.pattern)], text).toEqual([]);
    }
  });

  it('the host memory is the count times the stick, in either order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.constantFrom(8, 16, 32, 64, 128), fc.boolean(), (count, size, countFirst) => {
        const text = countFirst ? `ram: ${count} x ${size}gb` : `ram: ${size}gb * ${count}`;
        const m = [...text.matchAll(HOST_MEMORY_STICKS.pattern)];
        return m.length === 1 && hostMemoryGiB(m[0]!) === count * size;
      }),
    );
  });
});
