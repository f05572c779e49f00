import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * A size right after a CPU is the machine's RAM (prose.memory-after-cpu): "Intel i9 14900k 96GB" beside an RTX 4070
 * had been read as 96 GB of 4070s, eight cards. Invented variations; before the rule 1 of 6 read one card.
 */

const read = (text: string): Scenario => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return r.scenario;
};

describe("a size after a CPU is the host's RAM, not the cards'", () => {
  it.each([
    ['Nvidia RTX 4070 (12GB), Intel i9 14900k 96GB, llama3:70b in ollama', 1, 96],
    ['RTX 3090, Intel i9 14900k 96GB, llama3:70b ollama', 1, 96],
    ['RTX 3090, Ryzen 9 7950X 48GB, llama3:70b ollama', 1, 48],
    ['RTX 4090 with Ryzen 7 7800X3D and 48GB, qwen2.5:32b ollama', 1, 48],
    ['qwen2.5:32b ollama on a box with EPYC 7443 + 128GB and 2x RTX 3090', 2, 128],
  ])('%s', (text, gpus, hostGb) => {
    const s = read(text);
    expect(s.hardware?.count).toBe(gpus);
    expect(s.hostMemoryBytes).toBe(hostGb * 2 ** 30);
  });
});

describe("an APU's memory is the device's, not host RAM", () => {
  it.each([
    ['LM Studio 0.3.3 for AMD Ryzen Max+ 395 128GB, gpt-oss-20b mxfp4', 128],
    ['gpt-oss-20b in llama.cpp on a Ryzen AI Max+ 395 128GB mini PC', 128],
  ])('%s', (text, gb) => {
    const s = read(text);
    expect(s.hostMemoryBytes ?? null).toBeNull();
    expect(Math.round((s.hardware?.capacityBytes ?? 0) / 2 ** 30)).toBeGreaterThanOrEqual(gb * 0.9);
  });
});
