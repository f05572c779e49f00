import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/catalog/index.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

function thread(...messages: string[]): { scenario: Scenario; said: string } {
  let scenario: Scenario | null = null;
  let said = '';
  for (const text of messages) {
    const r = resolveRequest(text, scenario);
    if (!r.ok || !r.scenario) throw new Error(`${text}: ${r.ok ? 'help' : r.error.message}`);
    scenario = r.scenario;
    said = r.assumptions.join(' | ');
  }
  return { scenario: scenario!, said };
}

describe('a bare size in a thread keeps the thread\'s model series', () => {
  it('"now 14b" after Qwen2.5-7B is Qwen2.5-14B, said; "70b" after Llama-3.1-8B is Llama-3.1-70B', () => {
    const qwen = thread('qwen2.5 7b inference on a 4090', 'now 14b');
    expect(qwen.scenario.model.id).toBe('qwen2.5-14b');
    expect(qwen.said).toMatch(/"14b" read as Qwen2\.5-14B, the thread's Qwen2\.5-7B at that size/);
    expect(thread('llama 3.1 8b lora on a 4090', '70b').scenario.model.id).toBe('llama-3.1-70b');
    // meta-llama/llama-cookbook thread "VRAM required for inference … each size of Llama 2", then
    // "Can the 7B model fit on a single A100 80GB GPU": the thread's Llama 2 at 7B.
    const same = thread('llama-2-7b inference', 'Can the 7B model fit on a single A100 80GB GPU?');
    expect([same.scenario.model.id, same.said]).toEqual(['llama-2-7b', expect.stringMatching(/"7B" read as the thread's Llama-2-7B/)]);
  });

  it('a size the series lacks, a new thread, or a size with its own family are read as before', () => {
    expect(thread('llama 3.1 8b lora on a 4090', '13b').scenario.model).toMatchObject({ id: null, name: 'Llama-2-13B shape' });
    expect(thread('14b lora on a 4090').scenario.model.id).toBeNull();
    expect(thread('qwen2.5 7b lora', 'gemma 2 9b').scenario.model.id).toBe('gemma-2-9b');
  });

  it('the reading round-trips for every catalog model and size (property)', () => {
    const sizes = ['0.5b', '1.5b', '3b', '7b', '8b', '13b', '14b', '32b', '70b', '72b', '405b'];
    fc.assert(
      fc.property(fc.constantFrom(...MODELS.map((m) => m.id)), fc.constantFrom(...sizes), (id, size) => {
        const first = resolveRequest(`${id} lora`, null);
        if (!first.ok || !first.scenario) return;
        const next = resolveRequest(size, first.scenario);
        if (!next.ok || !next.scenario) return;
        const again = resolveRequest(canonicalText(next.scenario), null);
        expect(again.ok && again.scenario, `${id} then ${size}`).toEqual(next.scenario);
      }),
      { numRuns: 300 },
    );
  });
});

describe('"2 nodes" said alone', () => {
  it('in a thread keeps its GPUs per node and card; in a new request takes 8 per node, said', () => {
    const followUp = thread('13b lora zero3 seq 4096 on 4xA100-80G', 'how about 2 nodes');
    expect([followUp.scenario.hardware?.count, followUp.scenario.hardware?.perNode, followUp.scenario.hardware?.gpuId]).toEqual([8, 4, 'a100-80g']);
    const fresh = thread('13b zero3 on a100, 2 nodes');
    expect(fresh.scenario.hardware?.count).toBe(16);
    expect(fresh.said).toMatch(/8 GPUs on each node assumed/);
    expect(thread('13b zero3 on 2 nodes of 8xh100').said).not.toMatch(/per node \(default/);
  });
});

describe('follow-up verbs', () => {
  const base = '13b lora zero3 offload gc seq 4096 bs 4 on 4xA100-80G';
  it('"move to h100", "bump seq to 8k", "drop the batch to 1" set the value', () => {
    expect(thread(base, 'move to h100').scenario.hardware?.gpuId).toBe('h100-80g');
    expect(thread(base, 'bump seq to 8k').scenario.seq).toBe(8192);
    expect(thread(base, 'drop the batch to 1').scenario.microBatch).toBe(1);
  });

  it('"drop gc", "remove gradient checkpointing", "drop the offload" turn the setting off, never on', () => {
    expect(thread(base, 'drop gc').scenario.recompute).toBe('none');
    expect(thread(base, 'remove gradient checkpointing').scenario.recompute).toBe('none');
    expect(thread(base, 'drop the offload').scenario.offload.optimizer).toBe('none');
  });
});
