import { describe, expect, it } from 'vitest';
import { hfDefaultAttention, predatesNativeSdpa } from '../../src/memory/attention-kernel.js';
import { layerBytes } from '../../src/memory/activations.js';
import { scenario } from './fixtures.js';

/**
 * transformers took SDPA by default from v4.36.0 (huggingface/transformers#28005); a run on an older
 * release ran each model's eager attention, which keeps the softmax scores (heads × s² per layer).
 * The request language reads only the releases whose loss differs (4.46 → 4.49,
 * language/transformers-versions.ts), so a scenario carrying an older release is built here directly.
 */

describe("transformers' SDPA default by release", () => {
  it('4.35 and older predate it; 4.36 and later, or no release named, take SDPA', () => {
    for (const v of ['4.3.3', '4.28.1', '4.31', '4.35.2']) expect(predatesNativeSdpa(v), v).toBe(true);
    for (const v of ['4.36.0', '4.36', '4.46.1', undefined]) expect(predatesNativeSdpa(v), String(v)).toBe(false);
  });

  it('Llama-2-7B trained through the Trainer on transformers 4.28.1 runs eager attention, said with the release; on 4.46.1 no default is changed', () => {
    const old = hfDefaultAttention(scenario('llama-2-7b', { transformersVersion: '4.28.1' }), 'hf');
    expect(old?.attention).toBe('eager');
    expect(old?.words).toMatch(/transformers 4\.28\.1 predates its SDPA default, v4\.36\.0: it keeps 32 heads × s² scores per layer/);
    expect(hfDefaultAttention(scenario('llama-2-7b', { transformersVersion: '4.46.1' }), 'hf')).toBeNull();
    // litgpt runs its own model code: no transformers default applies.
    expect(hfDefaultAttention(scenario('llama-2-7b', { transformersVersion: '4.28.1', framework: 'litgpt' }), 'hf')).toBeNull();
  });

  it('what eager keeps at seq 2048: 32 heads × 2048² scores × (fp32 softmax output + its 16-bit copy) = 6·a·s² B a layer more than flash, less its O and log-sum-exp', () => {
    const flash = scenario('llama-2-7b', { transformersVersion: '4.28.1' });
    const eager = { ...flash, attention: 'eager' as const };
    const a = 32;
    const s = 2048;
    const h = 4096;
    expect(layerBytes(eager) - layerBytes(flash)).toBe(6 * a * s * s - (2 * h + 4 * a) * s);
  });
});
