import { describe, expect, it } from 'vitest';
import { activations, inFlightMicroBatches } from '../../src/memory/activations.js';
import { estimate } from '../../src/memory/estimate.js';
import { layoutOf } from '../../src/memory/layout.js';
import { ncclBytes } from '../../src/memory/overhead.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

function scenario(text: string): Scenario {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`${text}: ${r.ok ? 'no scenario' : r.error.message}`);
  return r.scenario;
}

/**
 * HF device_map="auto" (accelerate big-model placement) puts whole layers on each GPU and runs them
 * one GPU after another in one process: a layer split without a pipeline schedule.
 */
describe('naive model parallel (device_map layer split)', () => {
  it.each([
    ['llama-2-13b lora device_map="auto" on 2x 3090 ga 8'],
    ['llama-2-13b lora device_map: auto on 2x 3090 ga 8'],
    ['llama-2-13b lora device_map auto on 2x 3090 ga 8'],
    ['llama-2-13b lora naive model parallel on 2x 3090 ga 8'],
    ['llama-2-13b qlora splitting the model across both cards on 2x 3090 ga 8'],
    ['llama-2-13b lora split the model across 2 GPUs on 2x 3090 ga 8'],
  ])('"%s" is pp over the GPUs, run sequentially, in one process', (text) => {
    const s = scenario(text);
    expect(s.parallel).toMatchObject({ pp: 2, tp: 1, schedule: 'sequential' });
    expect(s.sharding.kind).toBe('none');
  });

  it('keeps one micro-batch in flight where 1F1B keeps pp of them', () => {
    const naive = scenario('llama-2-13b lora device_map="auto" on 4x 3090 ga 8');
    const pipelined = scenario('llama-2-13b lora pp 4 on 4x 3090 ga 8');
    expect(inFlightMicroBatches(naive)).toBe(1);
    expect(inFlightMicroBatches(pipelined)).toBe(4);
    const a = (s: Scenario) => activations(s, layoutOf(s)).bytes;
    expect(a(pipelined)).toBeCloseTo(4 * a(naive), -3);
  });

  it('splits the weights like a pipeline stage but opens no NCCL communicator', () => {
    const naive = scenario('llama-2-13b lora device_map="auto" on 2x 3090');
    const single = scenario('llama-2-13b lora on 1x 3090');
    expect(ncclBytes(naive)).toBe(0);
    const weights = (s: Scenario) => estimate(s).modelStates.find((c) => c.key === 'weights')!.bytes;
    expect(weights(naive)).toBeLessThan(weights(single) * 0.6);
  });

  it('moves with a later GPU count, and reads back from its canonical text', () => {
    const first = scenario('llama-2-13b lora device_map="auto" on 2x 3090');
    const r = resolveRequest('on 4x 3090', first);
    expect(r.ok && r.scenario!.parallel).toMatchObject({ pp: 4, schedule: 'sequential' });
    expect(scenario(canonicalText(first))).toEqual(first);
  });
});
