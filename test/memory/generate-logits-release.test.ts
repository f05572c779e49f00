import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { generateKeepsEveryPromptLogit, prefillLogits, promptLogitsUpcast } from '../../src/memory/logits.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

/**
 * transformers' generate before 4.45.0 ran the LM head over every prompt position
 * (huggingface/transformers#30860, #31292), and LlamaForCausalLM from 4.31 (GPT-J and CodeGen in
 * every release) copied those logits to fp32 before generate read the last one. The request
 * language reads only 4.46 → 4.49 as releases (language/transformers-versions.ts), so a scenario
 * carrying an older release is built here directly, as sdpa-release.test.ts does.
 */

const GiB = 2 ** 30;

function generate(modelId: string, release: string | undefined, patch: Partial<Scenario> = {}): Scenario {
  return scenario(modelId, { mode: 'inference', transformersVersion: release, seq: 8192, ...patch });
}

describe("generate's prompt logits by transformers release", () => {
  it('Llama-3-8B, an 8,192-token prompt on transformers 4.40: 8,192 × 128,256 logits, 2 B and their fp32 copy, 5.87 GiB; on 4.46.1 the last position only', () => {
    const old = prefillLogits(generate('llama-3-8b', '4.40.2'), 8192);
    // 8192 × 128256 × (2 + 4) B + one fp32 row for sampling (128256 × 4 B).
    expect(old.bytes).toBe(8192 * 128256 * 6 + 128256 * 4);
    expect(old.bytes / GiB).toBeCloseTo(5.87, 2);
    expect(old.name).toBe('prefill logits (every prompt position, transformers 4.40.2 before 4.45.0)');
    expect(old.formula).toBe('1 × 8192 × 128256 × (2 B + 4 B fp32 copy) + 1 × 128256 × 4 B');
    const kept = prefillLogits(generate('llama-3-8b', '4.46.1'), 8192);
    expect(kept.bytes).toBe(128256 * 2 + 128256 * 4);
    expect(kept.name).toBe('prefill logits (last position only)');
  });

  it('no release named is the newest: the last position only', () => {
    expect(generateKeepsEveryPromptLogit(generate('llama-3-8b', undefined))).toBe(false);
    expect(prefillLogits(generate('llama-3-8b', undefined), 8192).bytes).toBe(128256 * 6);
  });

  it('LLaMA-7B on 4.30 (before the Llama 2 upcast of 4.31): every position in 16 bits, 2,048 × 32,000 × 2 B = 125 MiB', () => {
    const s = generate('llama-1-7b', '4.30.2', { seq: 2048 });
    expect(promptLogitsUpcast(s)).toBe(false);
    expect(prefillLogits(s, 2048).bytes).toBe(2048 * 32000 * 2 + 32000 * 4);
    expect(promptLogitsUpcast(generate('llama-1-7b', '4.31.0'))).toBe(true);
  });

  it('GPT-J casts its head to fp32 in every release; GPT-NeoX keeps the head dtype', () => {
    expect(promptLogitsUpcast(generate('gpt-j-6b', '4.28.1'))).toBe(true);
    expect(promptLogitsUpcast(generate('gpt-neox-20b', '4.40.0'))).toBe(false);
    expect(prefillLogits(generate('gpt-neox-20b', '4.40.0', { seq: 2048 }), 2048).bytes).toBe(2048 * 50432 * 2 + 50432 * 4);
  });

  it('only transformers generate: vLLM, litgpt and training are untouched by the release', () => {
    const vllm = generate('llama-3-8b', '4.40.2', { inference: { engine: 'vllm', newTokens: 0, kvDtype: 'bf16', gpuMemoryUtilization: 0.9 } });
    expect(generateKeepsEveryPromptLogit(vllm)).toBe(false);
    expect(generateKeepsEveryPromptLogit(generate('llama-3-8b', '4.40.2', { framework: 'litgpt' }))).toBe(false);
    expect(generateKeepsEveryPromptLogit(scenario('llama-3-8b', { transformersVersion: '4.40.2' }))).toBe(false);
  });

  it('property: a release from 4.45 on never holds more than one before it (4.31 itself raised it, with the Llama upcast), and a longer prompt never lowers the peak', () => {
    const releases = ['4.28.1', '4.30.2', '4.31.0', '4.36.2', '4.40.2', '4.44.2', '4.45.0', '4.46.1', '4.50.0'];
    for (const id of ['llama-3-8b', 'llama-2-7b', 'mistral-7b', 'gpt-j-6b', 'gpt-neox-20b']) {
      for (const seq of [512, 2048, 8192]) {
        const peaks = releases.map((r) => estimate(generate(id, r, { seq, attention: 'flash' }), { numbersOnly: true }).peakAllocatedBytes);
        const from = releases.indexOf('4.45.0');
        for (let i = from; i < peaks.length; i++) {
          for (let j = 0; j < from; j++) expect(peaks[i]!, `${id} seq ${seq}: ${releases[j]} → ${releases[i]}`).toBeLessThanOrEqual(peaks[j]!);
        }
      }
      for (const r of releases) {
        const bySeq = [512, 2048, 8192].map((seq) => estimate(generate(id, r, { seq, attention: 'flash' }), { numbersOnly: true }).peakAllocatedBytes);
        expect(bySeq[1]!).toBeGreaterThanOrEqual(bySeq[0]!);
        expect(bySeq[2]!).toBeGreaterThanOrEqual(bySeq[1]!);
      }
    }
  });

  it('the estimate of a Llama-3-8B generate on 4.40 counts the prompt logits at its prefill peak', () => {
    const old = estimate(generate('llama-3-8b', '4.40.2'));
    const now = estimate(generate('llama-3-8b', '4.46.1'));
    const diff = old.peakAllocatedBytes - now.peakAllocatedBytes;
    expect(diff).toBe(8192 * 128256 * 6 - 128256 * 2);
    expect(old.peakPhase).toBe('prefill');
  });
});
