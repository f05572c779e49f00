import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b18, huggingface/accelerate#2079 (corpus c698): accelerate's DeepSpeed config with zero_stage 2 and
 * offload_param_device 'cpu'. DeepSpeed offloads parameters only under ZeRO-3; below it the key does
 * nothing, and the message was refused as asking for a parameter offload without stage 3.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const dump = (stage: number, device: string) =>
  `falcon-40b fine-tune on 8x a10g\n\`\`\`\n- deepspeed_config: {'gradient_accumulation_steps': 4, 'offload_optimizer_device': 'none', 'offload_param_device': '${device}', 'zero_stage': ${stage}}\n\`\`\``;

describe('a parameter offload below ZeRO-3 does nothing', () => {
  it('c698 (with its title): ZeRO-2, nothing offloaded, the key said', () => {
    const { scenario, said } = read(`${line('c698').thread}\n${line('c698').text}`);
    expect(scenario.sharding).toEqual({ kind: 'zero', stage: 2 });
    expect(scenario.offload.params).toBe('none');
    expect(said).toMatch(/offload_param_device cpu has no effect at ZeRO stage 2/);
  });

  it.each([0, 1, 2])('zero_stage %i with offload_param_device cpu reads', (stage) => {
    const s = read(dump(stage, 'cpu')).scenario;
    expect(s.offload.params).toBe('none');
  });

  it('zero_stage 3 offloads the parameters', () => {
    const s = read(dump(3, 'cpu')).scenario;
    expect(s.sharding).toEqual({ kind: 'zero', stage: 3 });
    expect(s.offload.params).toBe('cpu');
  });

  it('a parameter offload said in words without stage 3 is still refused', () => {
    const r = resolveRequest('falcon-40b full zero2 offload params on 8x a10g', null);
    expect(r.ok).toBe(false);
  });
});
