import { describe, expect, it } from 'vitest';
import { loadCorpus, loadWithdrawn } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Rival ZeRO stages or offloads named side by side, joined by nothing but "and", "or", "/" or
 * 还是/和/或, are what the user tried (or weighs), not the run's setting (reconcile/tried-alternatives.ts):
 * neither is read, "DeepSpeed" beside them names their provider (no DeepSpeed preset), and the reply
 * says so. Before, the first was read and the second set aside as a contradiction.
 */

// Withdrawn lines (a thread serves one corpus) keep their words for the rules pinned to them.
const line = (id: string) => [...loadCorpus(), ...loadWithdrawn()].find((l) => l.id === id)!;

describe('rival settings joined by and/or are the things tried', () => {
  it('c913 (QwenLM/Qwen#1030): 不管是zero2还是zero3 都存在OOM — no ZeRO stage, no DeepSpeed preset', () => {
    const r = read(line('c913').text);
    expect(r.scenario.sharding.kind).toBe('ddp');
    expect(r.scenario.framework).toBe('hf');
    expect(r.said).toMatch(/"zero2" and "zero3" are named together \(tried or weighed\), so none of them is read as your setup's sharding/);
  });

  it('c889 (axolotl#998): "Deepspeed Zero2 and Zero3 both still OOM" — neither stage', () => {
    expect(read(line('c889').text).scenario.sharding.kind).toBe('ddp');
  });

  it('c912 (allenai/open-instruct#12, its thread): "fails for both offload and no_offload ds configs" — no offload', () => {
    const c = line('c912');
    const { scenario } = read(`${c.thread}\n${c.text}`);
    expect(scenario.offload).toMatchObject({ optimizer: 'none', params: 'none' });
    expect(scenario.framework).toBe('hf');
  });

  it.each([
    ['or, English', 'llama-2-13b full fine-tune on 8x a100-80g, tried zero2 or zero3, OOM either way'],
    ['a slash', 'llama-2-13b full fine-tune on 8x a100-80g. ZeRO-2 / ZeRO-3 both OOM'],
    ['和, Chinese', '8卡a100 80g 全参微调llama-2-13b，zero2和zero3都OOM'],
    ['three in a row', 'llama-2-13b full fine-tune on 8x a100-80g: zero1, zero2 and zero3 all OOM'],
  ])('%s (invented): no stage', (_name, text) => {
    expect(read(text).scenario.sharding.kind).toBe('ddp');
  });

  it('keeps one stage said once, and a stage beside another setting (invented)', () => {
    expect(read('llama-2-13b full fine-tune on 8x a100-80g with zero3 and offload optimizer').scenario.sharding).toMatchObject({ kind: 'zero', stage: 3 });
    expect(read('llama-2-13b full fine-tune on 8x a100-80g with zero2, it OOMs').scenario.sharding).toMatchObject({ kind: 'zero', stage: 2 });
  });

  it('keeps a stage that two sentences apart name differently as before: the first read, the other set aside (invented)', () => {
    const r = read('llama-2-13b full fine-tune on 8x a100-80g with zero2. Later someone told me zero3 would fit.');
    expect(r.scenario.sharding).toMatchObject({ kind: 'zero', stage: 2 });
  });
});

describe("the optimizer's and the parameters' offloads said together", () => {
  it.each([
    'llama-2-13b full zero3 on 2x a100-80g with offload_optimizer = cpu, offload_param = cpu',
    'llama-2-13b full zero3 on 2x a100-80g with offload_optimizer=cpu and offload_param=cpu',
    'llama-2-13b full zero3 on 2x a100-80g, offload_param = nvme, offload_optimizer = nvme',
  ])('%s: both are the run\'s (not two tried)', (text) => {
    const r = resolveRequest(text, null);
    if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
    expect(r.scenario.offload.optimizer).not.toBe('none');
    expect(r.scenario.offload.params).not.toBe('none');
    expect(r.assumptions.join(' ')).not.toMatch(/named together/);
  });

  it('two places for the same states are never read as both objects offloaded', () => {
    const r = resolveRequest('llama-2-13b full zero3 on 2x a100-80g, offload_optimizer = cpu or offload_optimizer = nvme', null);
    if (!r.ok || !r.scenario) throw new Error('not read');
    expect(r.scenario.offload.params).toBe('none');
  });
});
