import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * ggml's device list names the card where the user states only a memory or says "vram" (segments/log-evidence-rules.ts
 * log.ggml-device-beside-memory, log.ggml-device-count-beside-memory): read, weak, so the reply says it came from the log.
 */
function hardware(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const h = r.scenario.hardware;
  return { gpu: h?.gpuId ?? null, count: h?.count ?? null, card: r.trace!.find((f) => f.fact === 'card' && f.at !== null) };
}
const text = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const log = (n: number, card: string) =>
  ['```', `ggml_init_cublas: found ${n} CUDA devices:`, ...Array.from({ length: n }, (_, i) => `  Device ${i}: NVIDIA GeForce ${card}, compute capability 8.6`), '```'].join('\n');

describe("a memory said, the card in ggml's device list", () => {
  it.each([
    ['c1827 (oobabooga/textgen#3312)', text('c1827'), 'rtx-3090', 1],
    ['c1797 (ollama/ollama): "vram oom" and two RTX 3060', text('c1797'), 'rtx-3060', 2],
    ['English, memory first', `llama-2-13b q5_k_m with llama.cpp. I have 24GB of VRAM but it only uses 700MB\n${log(1, 'RTX 3090')}`, 'rtx-3090', 1],
    ['Chinese, 显存', `llama.cpp 跑 llama-2-13b q4_k_m，显存24G，但是没有用上GPU\n${log(1, 'RTX 4090')}`, 'rtx-4090', 1],
  ])('%s: the log\'s card, weak', (_label, message, gpu, count) => {
    const h = hardware(message);
    expect([h.gpu, h.count]).toEqual([gpu, count]);
    expect(h.card?.weak).toBe(true);
  });

  it('a memory that is not the log card\'s leaves the card weak, never a confident reading', () => {
    const h = hardware(`llama-2-13b q5_k_m llama.cpp, I have 8GB of VRAM\n${log(1, 'RTX 3090')}`);
    expect(h.card?.weak).toBe(true);
  });

  it('"VRAM" alone names no memory: the log\'s cards are read as the log gives them (log-devices-bare-vram.test.ts)', () => {
    expect(hardware(`llama-2-70b q4_k_m llama.cpp runs out of VRAM\n${log(2, 'RTX 3090')}`)).toMatchObject({ gpu: 'rtx-3090', count: 2 });
  });

  it('a card the user names wins over the log', () => {
    expect(hardware(`llama-2-13b q5_k_m llama.cpp on my RTX 4090\n${log(1, 'RTX 3090')}`).gpu).toBe('rtx-4090');
  });
});
