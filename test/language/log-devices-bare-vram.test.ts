import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from './reading-fixtures.js';

/**
 * ggml's device list ("found 2 CUDA devices:" / "Device 0: NVIDIA GeForce RTX 3060, compute capability
 * 8.6") is read where the user names no card outside the log (segments/log-evidence-rules.ts). The bare
 * word "VRAM" had counted as naming one: "Trying to load too many layers, vram oom, reverts to cpu only"
 * above that log (an Ollama report, corpus c1797) read no card at all, and the two 3060s the layers were
 * split over were lost. Only "VRAM"/显存 with an amount names the card's memory.
 */
const LOG = 'ggml_init_cublas: found 2 CUDA devices:\n  Device 0: NVIDIA GeForce RTX 3060, compute capability 8.6\n  Device 1: NVIDIA GeForce RTX 3060, compute capability 8.6\nllama_model_load_internal: n_ctx      = 2048';

describe('a bare "VRAM" names no card: the log\'s devices are read', () => {
  it('c1797: "vram oom" above a ggml log of two RTX 3060', () => {
    const s = read(`Trying to load too many layers, vram oom, reverts to cpu only.\n\nollama is trying to load llama2:70b.\n\n${LOG}`).scenario;
    expect(s.hardware).toMatchObject({ gpuId: 'rtx-3060', count: 2 });
  });

  it.each([
    ['VRAM fills up and it crashes when I run mixtral 8x7b q4_k_m in llama.cpp'],
    ['显存不够，llama.cpp 跑 qwen2.5-32b q4_k_m 直接 OOM'],
    ['Out of VRAM?? running llama-3-70b Q4_K_M with llama.cpp'],
  ])('"%s" with the log: two RTX 3060', (prose) => {
    expect(read(`${prose}\n\n${LOG}`).scenario.hardware).toMatchObject({ gpuId: 'rtx-3060', count: 2 });
  });

  // A memory said beside the log is the log card's memory, or clashes with it: the log's card is then only
  // weak, said in the reply (log-card-beside-memory.test.ts), never read as sure.
  it.each([
    ['I have 24GB VRAM, running mixtral 8x7b q4_k_m in llama.cpp'],
    ['显存 48G，llama.cpp 跑 qwen2.5-32b q4_k_m'],
  ])('"%s": the log\'s card is weak beside the memory said', (prose) => {
    const r = resolveRequest(`${prose}\n\n${LOG}`, null);
    const card = r.ok ? r.trace?.find((f) => f.fact === 'card' && f.at !== null) : undefined;
    expect(r.ok && r.scenario?.hardware?.gpuId).toBe('rtx-3060');
    expect(card?.weak).toBe(true);
  });
});
