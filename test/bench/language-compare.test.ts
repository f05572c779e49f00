import { describe, expect, it } from 'vitest';
import { differing } from '../../bench/language.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

function scenarioOf(request: string) {
  const read = resolveRequest(request, null);
  if (!read.ok || !read.scenario) throw new Error(`does not resolve: ${request}`);
  return read.scenario;
}

const fields = (a: string, b: string) => differing(scenarioOf(a), scenarioOf(b), true).map((d) => d.field);

describe('bench:language compares what changes a reading', () => {
  it('a served model is compared by its compute dtype alone: no master copy to differ', () => {
    expect(fields('qwen2.5-vl-3b inference pure fp16 on 1x 24gb', 'qwen2.5-vl-3b inference mixed fp16 on 1x 24gb')).toEqual([]);
    expect(fields('qwen2.5-vl-3b inference fp16 on 1x 24gb', 'qwen2.5-vl-3b inference bf16 on 1x 24gb')).toContain('precision');
  });

  it('a training run keeps its recipe compared: pure and mixed fp16 hold different states', () => {
    expect(fields('llama-2-7b full pure fp16 on 1x a100-80g', 'llama-2-7b full mixed fp16 on 1x a100-80g')).toContain('precision');
  });
});
