import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * b19: memory figures that are not a card. "model 43 layers: 15.3GB" (LostRuins/koboldcpp#1480, c731)
 * was refused as a second card beside "4090 24GB"; "the 35G model pulled from the Olama official
 * website run at 148G" (ollama/ollama#10968, c717) became four 35 GB, then 148 GB cards
 * (not-hw.file-size, not-hw.measurement). "理论上24g应该是支持34b的int4量化模型推理的" under a title of
 * "单张24G 4090GPU" (xusenlinzy/api-for-open-llm#239, c733) turned the 4090 into a nameless 24 GB card
 * (scenario/hardware.ts, sameCardsMemory). c731 also needed "GPU Layers -1" (prose.gpu-layers-all) and
 * "KV F16 =>" not to take a number after a blank line as KV heads (reconcile/keyword-reach.ts).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const guarded = (text: string) => scanHardware(normalise(text).text).guarded.map((g) => g.rule);

function inThread(text: string, thread?: string): { scenario: Scenario; said: string } {
  const opened = thread ? readInThread(thread, null) : null;
  const state = opened?.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : (opened?.waiting ?? null);
  const outcome = readInThread(text, state).outcome;
  if (!outcome.ok || !outcome.scenario) throw new Error(`not read: ${text.slice(0, 80)}: ${outcome.ok ? 'help' : outcome.error.message}`);
  return { scenario: outcome.scenario, said: [...outcome.notices, ...outcome.assumptions].join(' | ') };
}
const card = (s: Scenario) => [s.hardware?.gpuId ?? null, s.hardware?.count ?? s.unnamedGpus ?? null];

describe('the size of a model, a file or its layers is no card', () => {
  it('c731: one RTX 4090, 20480 tokens, every layer on the GPU (said as a guess)', () => {
    const { scenario, said } = inThread(line('c731').text);
    expect(card(scenario)).toEqual(['rtx-4090', 1]);
    expect(scenario.seq).toBe(20480);
    expect(said).toMatch(/ngl 999 — from "GPU Layers -1"\?/);
    expect(guarded(line('c731').text)).toContain('not-hw.file-size');
  });

  it('c717 (with its title): four GPUs, no 35 GB or 148 GB card', () => {
    const { scenario } = inThread(line('c717').text, line('c717').thread);
    expect(card(scenario)).toEqual([null, 4]);
    expect(scenario.hardware).toBeNull();
  });

  it.each([
    ['model filesize: 14GB', 'not-hw.file-size'],
    ['model 43 layers: 15.3GB', 'not-hw.file-size'],
    ['the 35G model pulled from the registry', 'not-hw.file-size'],
    ['a 14 GB gguf file', 'not-hw.file-size'],
    ['下载的35G的模型', 'not-hw.file-size'],
    ['it runs at 148G after adding context', 'not-hw.measurement'],
  ])('"%s" is set aside (%s)', (text, rule) => {
    expect(guarded(text)).toContain(rule);
  });

  it('a file size beside the card never changes the card (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 200, noNaN: true }), fc.constantFrom('model filesize: N', 'model 40 layers: N', 'the N model I downloaded', 'a N gguf file'), (gb, form) => {
        const size = `${Math.round(gb * 10) / 10}GB`;
        const { scenario } = inThread(`mistral-7b inference with llama.cpp on one RTX 4090 24GB\n${form.replace('N', size)}`);
        expect(card(scenario)).toEqual(['rtx-4090', 1]);
      }),
      { numRuns: 40 },
    );
  });
});

describe("a memory said alone in a thread is its card's memory, said again", () => {
  it("c733: the title's RTX 4090 stays, and the reply says how 24g was read", () => {
    const { scenario, said } = inThread(line('c733').text, line('c733').thread);
    expect(card(scenario)).toEqual(['rtx-4090', 1]);
    expect(said).toMatch(/"24g" read as the memory of the RTX 4090 24GB the thread named/);
  });

  it.each([
    ['would 80gb be enough?', 'llama-2-70b inference on 2x a100 80g', 'a100-80g'],
    ['24G够吗', 'qwen2.5-7b lora 单张4090', 'rtx-4090'],
    ['and with 48GB?', 'llama-2-13b lora on an rtx a6000', 'rtx-a6000'],
  ])('"%s" after "%s" keeps the card', (text, thread, gpuId) => {
    expect(inThread(text, thread).scenario.hardware?.gpuId).toBe(gpuId);
  });

  it('another memory is another card', () => {
    expect(inThread('what about 48gb?', 'llama-2-70b inference on 2x a100 80g').scenario.hardware?.gpuId).toBeNull();
  });
});

describe('layers on the GPU given as -1', () => {
  it.each(['GPU Layers -1', 'gpu layers is set to -1', 'GPU layers: -1'])('"%s" in prose is every layer, weak', (words) => {
    const { scenario, said } = inThread(`mistral-7b q4_k_m gguf inference with llama.cpp on a 3090, ${words}`);
    expect(scenario.inference?.gpuLayers).toBe(999);
    expect(said).toMatch(/ngl 999 — from/);
  });

  it.each(['n_gpu_layers=-1', '--n-gpu-layers -1'])('"%s" as a key is every layer, never refused', (words) => {
    // (The config-key stage reads the key before the prose rules; -1 leaves the layers at their default, all.)
    const { scenario } = inThread(`mistral-7b q4_k_m gguf inference with llama.cpp on a 3090, ${words}`);
    expect(scenario.inference?.gpuLayers ?? 999).toBeGreaterThanOrEqual(scenario.model.arch.layers);
  });
});
