import { describe, expect, it } from 'vitest';
import { modelById } from '../../src/catalog/index.js';
import { countParams } from '../../src/memory/parameters.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Qwen3.5-27B and Qwen3.6-27B (rmodel, issue 22): seven corpus lines named them while the catalog
 * lacked them (c263 c653 c1305 c1601 c1643 c1648 c1655, marked pending until now). Each is read
 * from the names people write: Hub ids, quantised uploads, Ollama tags, other separators and cases.
 */
function modelOf(text: string): { id: string | null; said: string } {
  const outcome = resolveRequest(text, null);
  if (!outcome.ok || !outcome.scenario) throw new Error(`"${text}" did not resolve`);
  return { id: outcome.scenario.model.id, said: outcome.assumptions.join(' | ') };
}

describe('Qwen3.5 / Qwen3.6 27B resolve to their catalog entries', () => {
  it.each([
    ['qwen3.5-27b', ['Qwen/Qwen3.5-27B', 'Qwen3.5-27B', 'qwen3.5 27b', 'Qwen 3.5 27B', 'qwen3.5:27b', 'unsloth/Qwen3.5-27B-GGUF', 'Qwen3.5-27B-AWQ']],
    ['qwen3.6-27b', ['Qwen/Qwen3.6-27B', 'Qwen3.6-27B', 'qwen3.6 27b', 'qwen3.6:27b', 'QuantTrio/Qwen3.6-27B-AWQ']],
  ] as const)('%s', (id, names) => {
    for (const name of names) {
      const { id: got, said } = modelOf(`${name} inference on 2x h100`);
      expect(got, name).toBe(id);
      expect(said, name).not.toMatch(/I don't know the model|nearest catalog model/);
    }
  });

  it('leaves the neighbours alone: Qwen3-32B, Qwen3-Next and Qwen3-VL-32B keep their entries, and another Qwen3.5 size is not read as 27B', () => {
    expect(modelOf('Qwen3-32B inference on 1x h100').id).toBe('qwen3-32b');
    expect(modelOf('Qwen3-Next-80B-A3B-Instruct inference on 2x h100').id).toBe('qwen3-next-80b-a3b');
    expect(modelOf('Qwen3-VL-32B-Instruct inference on 1x h100').id).toBe('qwen3-vl-32b');
    expect(modelOf('Qwen3.5-9B inference on 1x h100').id).not.toBe('qwen3.5-27b');
  });

  it('counts the hybrid decoder and its tower: text near 27B, the ViT without DeepStack mergers under Qwen3-VL-32B\'s', () => {
    const counted = countParams(modelById('qwen3.5-27b')!.arch);
    expect(counted.total / 27e9).toBeGreaterThan(0.99);
    expect(counted.total / 27e9).toBeLessThan(1.01);
    expect(counted.vision).toBeLessThan(countParams(modelById('qwen3-vl-32b')!.arch).vision);
    expect(countParams(modelById('qwen3.6-27b')!.arch).total).toBe(counted.total);
  });
});
