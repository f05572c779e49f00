import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { INSTANCES, instanceSpellings } from '../../src/catalog/instances.js';

/** Cloud instance types are read as count × card, and the reply says so (issue 12, item 6). */
function hardwareOf(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok) throw new Error(r.error.message);
  return { hardware: r.scenario!.hardware!, assumptions: r.assumptions.join('; ') };
}

describe('cloud instance names', () => {
  it.each([
    ['can i train llama 3 8b with lora on a p4d.24xlarge', 'a100-40g', 8],
    ['serve llama-3-70b on a3-highgpu-8g', 'h100-80g', 8],
    ['13b full on g5.12xlarge', 'a10g', 4],
    ['7b qlora on Standard_ND96isr_H100_v5', 'h100-80g', 8],
  ])('%s → %s × %i', (text, gpuId, count) => {
    const { hardware, assumptions } = hardwareOf(text);
    expect(hardware.gpuId).toBe(gpuId);
    expect(hardware.count).toBe(count);
    expect(assumptions).toMatch(/read as \d+× /);
  });

  it('every catalogued instance spelling reads as its own count and card', () => {
    for (const instance of INSTANCES) {
      for (const spelling of instanceSpellings(instance)) {
        const { hardware } = hardwareOf(`7b inference on ${spelling}`);
        expect([hardware.gpuId, hardware.count], spelling).toEqual([instance.gpuId, instance.count]);
      }
    }
  });
});
