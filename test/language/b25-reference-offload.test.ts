import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * "zero3 + reference policy offload" (OpenRLHF/OpenRLHF#193, c900): the DPO/PPO reference model kept on the
 * CPU (OpenRLHF's --ref_offload) is no optimizer offload. The item language has no word for it, so it is
 * said as not modelled and no offload is read (prose.reference-offload).
 */
describe('offloading the reference model is no optimizer offload', () => {
  it.each([
    ['OpenRLHF#193', 'After several preliminary attempts (34B llama DPO on 8*A100 80G with zero3 + reference policy offload ), each ending in oom, was it my parameters that were misaligned?'],
    ['ref model offload (invented)', 'llama-2-13b full dpo on 8x a100-80g, zero3, ref model offload'],
    ['offload the reference model (invented)', 'llama-2-13b full dpo on 8x a100-80g with zero3 and offloading the reference model'],
  ])('%s: ZeRO-3 without offload, said', (_name, text) => {
    const r = read(text);
    expect(r.scenario.sharding).toMatchObject({ kind: 'zero', stage: 3 });
    expect(r.scenario.offload).toMatchObject({ optimizer: 'none', params: 'none' });
    expect(r.said).toMatch(/the reference model kept on the CPU is not modelled/);
  });

  it('a plain offload is still read (invented)', () => {
    expect(read('llama-2-13b full dpo on 8x a100-80g with zero3 offload').scenario.offload.optimizer).toBe('cpu');
  });
});
