import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GPUS, MODELS, gpuById, normalizeName } from '../../src/catalog/index.js';
import { INSTANCES, instanceByName, instanceSource, instanceKey, instanceSpellings } from '../../src/catalog/instances.js';

const instanceRegex = new RegExp(`(?:${instanceSource()})`, 'i');

describe('cloud instance types as count × card', () => {
  it.each([
    ['p4d.24xlarge', 'a100-40g', 8], ['p4de.24xlarge', 'a100-80g', 8], ['p5.48xlarge', 'h100-80g', 8],
    ['p5e.48xlarge', 'h200', 8], ['p3.2xlarge', 'v100-16g', 1], ['p3dn.24xlarge', 'v100-32g', 8],
    ['g5.xlarge', 'a10g', 1], ['g5.12xlarge', 'a10g', 4], ['g5.48xlarge', 'a10g', 8],
    ['g6.12xlarge', 'l4', 4], ['g6e.2xlarge', 'l40s', 1], ['g6e.48xlarge', 'l40s', 8], ['g4dn.12xlarge', 't4', 4],
    ['a2-highgpu-8g', 'a100-40g', 8], ['a2-megagpu-16g', 'a100-40g', 16], ['a2-ultragpu-4g', 'a100-80g', 4],
    ['a3-highgpu-8g', 'h100-80g', 8], ['a3-ultragpu-8g', 'h200', 8], ['g2-standard-48', 'l4', 4],
    ['ND H100 v5', 'h100-80g', 8], ['Standard_ND96isr_H100_v5', 'h100-80g', 8], ['ND96amsr_A100_v4', 'a100-80g', 8],
    ['Standard_NC24ads_A100_v4', 'a100-80g', 1], ['ND MI300X v5', 'mi300x', 8],
  ] as const)('%s is %s × %d', (text, gpuId, count) => {
    expect(instanceByName(text)).toEqual({ gpuId, count });
  });

  it('unknown names are null, not a guess', () => {
    for (const text of ['p9.48xlarge', 'g5', 'a2-highgpu-3g', 'h100', '']) expect(instanceByName(text)).toBeNull();
  });

  it('every instance names a catalog GPU and a plausible count', () => {
    for (const i of INSTANCES) {
      expect(() => gpuById(i.gpuId)).not.toThrow();
      expect([1, 2, 4, 8, 16]).toContain(i.count);
    }
  });

  it('no spelling names two instances, a GPU or a model', () => {
    const owner = new Map<string, string>();
    for (const i of INSTANCES) {
      for (const s of instanceSpellings(i)) {
        const key = instanceKey(s);
        expect(owner.get(key) ?? i.name).toBe(i.name);
        owner.set(key, i.name);
      }
    }
    const taken = new Set([...GPUS, ...MODELS].flatMap((e) => [e.id, e.name, ...e.aliases]).map(normalizeName));
    expect(INSTANCES.flatMap(instanceSpellings).filter((s) => taken.has(normalizeName(s)))).toEqual([]);
  });

  it('lookups ignore case and the separators people vary (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INSTANCES), fc.constantFrom('.', '-', ' ', '_'), fc.boolean(), (i, sep, upper) => {
        const respelled = i.name.replace(/[.\-_]/g, sep);
        const text = upper ? respelled.toUpperCase() : respelled;
        expect(instanceByName(text)).toEqual({ gpuId: i.gpuId, count: i.count });
      }),
    );
  });

  it('the regex source finds an instance inside a request, whole names only', () => {
    expect(instanceRegex.exec('llama 70b lora on a p4d.24xlarge please')?.[0]).toBe('p4d.24xlarge');
    expect(instanceRegex.exec('serve it on ND H100 v5')?.[0]).toBe('ND H100 v5');
    expect(instanceRegex.exec('on g6e.12xlarge')?.[0]).toBe('g6e.12xlarge');
    // Longest first: g5.12xlarge is not g5.1… and a2-highgpu-8g is not a2-highgpu-8.
    expect(instanceRegex.exec('g5.12xlarge')?.[0]).toBe('g5.12xlarge');
    expect(instanceRegex.exec('on p5e.48xlarge')?.[0]).toBe('p5e.48xlarge');
    expect(instanceRegex.exec('qlora on my 3090')).toBeNull();
  });
});
