import { describe, expect, it } from 'vitest';
import { churnOf, estimateOf, part } from './fixtures.js';
import { SLACK } from '../../src/memory/overhead.js';
import { canonicalText } from '../../src/scenario/canonical.js';

describe('Megatron pipeline schedules (Korthikanti et al. 2022 §4.2.3)', () => {
  it('1F1B: the first stage holds p micro-batches of its L/p layers, fewer when there are fewer micro-batches', () => {
    const p8 = estimateOf('llama-2-70b megatron tp 8 pp 8 ga 64 on 64xh100');
    const p8few = estimateOf('llama-2-70b megatron tp 8 pp 8 ga 2 on 64xh100');
    expect(part(p8, 'activations') / part(p8few, 'activations')).toBeCloseTo(8 / 2, 5);
  });

  it('interleaved with v chunks per rank holds (1 + (p − 1)/(p·v)) times as much', () => {
    const plain = estimateOf('llama-2-70b megatron tp 8 pp 8 ga 64 on 64xh100');
    const v2 = estimateOf('llama-2-70b megatron tp 8 pp 8 vpp 2 ga 64 on 64xh100');
    const v5 = estimateOf('llama-2-70b megatron tp 8 pp 8 vpp 5 ga 64 on 64xh100');
    expect(part(v2, 'activations') / part(plain, 'activations')).toBeCloseTo(1 + 7 / 16, 5);
    expect(part(v5, 'activations') / part(plain, 'activations')).toBeCloseTo(1 + 7 / 40, 5);
  });

  it('reads Megatron/NeMo virtual_pipeline_model_parallel_size and keeps vpp in the canonical text', () => {
    const e = estimateOf('llama-2-70b megatron tp 8 pp 8 ga 64 virtual_pipeline_model_parallel_size=2 on 64xh100');
    expect(e.scenario.parallel.vpp).toBe(2);
    expect(estimateOf(canonicalText(e.scenario)).scenario.parallel.vpp).toBe(2);
  });
});

describe('expandable_segments (PYTORCH_CUDA_ALLOC_CONF)', () => {
  it('drops the variable-length and sharded-gather slack, keeping block rounding', () => {
    const plain = estimateOf('llama-2-70b qlora fsdp bs 2 seq 2048 gc on 2xa100-40g');
    const expandable = estimateOf('llama-2-70b qlora fsdp bs 2 seq 2048 gc on 2xa100-40g expandable segments');
    expect(plain.peakAllocatedBytes).toBe(expandable.peakAllocatedBytes);
    expect(part(expandable, 'slack')).toBeCloseTo(churnOf(expandable) * SLACK.fixedShapes, 0);
    expect(part(plain, 'slack')).toBeGreaterThan(part(expandable, 'slack'));
  });

  it('is read from the environment variable and kept in the canonical text', () => {
    const e = estimateOf('llama-2-7b lora on 4090 PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True');
    expect(e.scenario.expandableSegments).toBe(true);
    expect(estimateOf(canonicalText(e.scenario)).scenario.expandableSegments).toBe(true);
    expect(estimateOf('llama-2-7b lora on 4090').scenario.expandableSegments).toBeUndefined();
  });
});
