import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activations } from '../../src/memory/activations.js';
import { estimate } from '../../src/memory/estimate.js';
import { layoutOf } from '../../src/memory/layout.js';
import { frameworkRecompute, withFrameworkRecompute } from '../../src/memory/recompute.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

describe('selective recompute is the named framework\'s own policy', () => {
  it('torchtitan\'s selective is per-op SAC; Megatron\'s and the unnamed default are core-attention recompute', () => {
    expect(frameworkRecompute(scenario('llama-3-8b', { framework: 'torchtitan', recompute: 'selective' }))).toBe('per-op');
    expect(frameworkRecompute(scenario('llama-3-8b', { framework: 'megatron', recompute: 'selective' }))).toBe('selective');
    expect(frameworkRecompute(scenario('llama-3-8b', { framework: 'hf', recompute: 'selective' }))).toBe('selective');
    const hf = estimate(scenario('llama-3-8b', { recompute: 'selective' }));
    expect(hf.notes.some((n) => n.includes('Megatron') && n.includes('assumed'))).toBe(true);
  });

  it('selective recompute never raises activations above no recompute, under any framework', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Scenario['framework']>('hf', 'torchtitan', 'megatron', 'torchtune'),
        fc.constantFrom<Scenario['attention']>('eager', 'sdpa', 'flash'),
        fc.constantFrom(256, 2048, 8192),
        fc.constantFrom(1, 4),
        (framework, attention, seq, microBatch) => {
          const base = scenario('llama-2-7b', { framework, attention, seq, microBatch });
          const l = layoutOf(base);
          const none = activations(base, l).bytes;
          const selective = activations(withFrameworkRecompute({ ...base, recompute: 'selective' }), l).bytes;
          expect(selective).toBeLessThanOrEqual(none);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('Megatron keeps its fp32 main-gradient buffer for the whole step (param_and_grad_buffer.py)', () => {
  it('the main grads are alive in forward, backward and at the optimizer step, without gradient accumulation', () => {
    const e = estimate(scenario('llama-2-7b', { framework: 'megatron', recipe: 'megatron', gradAccum: 1 }));
    for (const p of e.phases.filter((x) => x.phase !== 'load')) expect(p.parts.some((x) => x.key === 'gradients')).toBe(true);
    const grads = e.modelStates.find((c) => c.key === 'gradients')!;
    expect(grads.bytes).toBe(e.params.total * 4);
    // Another trainer frees its gradients after the step: none in the forward of a step without accumulation.
    const hf = estimate(scenario('llama-2-7b', { gradAccum: 1 }));
    expect(hf.phases.find((p) => p.phase === 'forward')!.parts.some((x) => x.key === 'gradients')).toBe(false);
  });
});
