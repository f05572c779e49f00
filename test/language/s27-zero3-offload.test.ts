import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { ZERO3_OFFLOAD_RULE } from '../../src/language/reconcile/zero3-offload.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Branch rmode4 (issue 22): "ZeRO-3 offload" with no object is the ZeRO-3 offload recipe, the optimizer
 * states and the parameters both off the card (DeepSpeed's ZeRO-3 Offload, LLaMA-Factory's
 * ds_z3_offload_config.json, ms-swift's zero3_offload), as a config file so named was already read.
 * Below ZeRO-3, and where the offload names its object, the words are read as before.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const read = (text: string): { s: Scenario; said: string } => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
};

describe('ZeRO-3 offload with no object offloads the optimizer and the parameters', () => {
  it('names its sources', () => {
    expect(ZERO3_OFFLOAD_RULE.source).toMatch(/LlamaFactory/);
  });

  it('c774: 全参数微调Qwen-2.5-instruct 32B，使用了zero-3-offload', () => {
    expect(read(line('c774').text).s.offload).toEqual({ optimizer: 'cpu', params: 'cpu' });
  });

  it('c023: accelerate_configs/zero3_offload.yaml, and the corpus reading "32b lora zero3 offload" alike', () => {
    expect(read(line('c023').text).s.offload).toEqual({ optimizer: 'cpu', params: 'cpu' });
    expect(read(line('c023').reading!).s.offload).toEqual({ optimizer: 'cpu', params: 'cpu' });
  });

  it.each([
    'llama-2-13b full fine-tune with ZeRO-3 offload on 4x a100',
    'qwen2-7b 全参微调，用了 zero3+offloading，8卡 a100',
    '13b full zero3 cpu offload on 2x 4090',
    'deepspeed stage 3 with offloading, llama-2-7b full on 1x 3090',
    'I fine-tune mistral-7b (full) with zero stage 3 and CPU offloading on 2 L4s',
    '13b full, offload + zero3, on 2x rtx-3090',
  ])('%s', (text) => {
    const { s, said } = read(text);
    expect(s.sharding.stage).toBe(3);
    expect(s.offload).toEqual({ optimizer: 'cpu', params: 'cpu' });
    // Said, with the way to take the parameters back.
    expect(said).toMatch(/say "offload optimizer" if only the optimizer/);
  });

  it('to NVMe alike', () => {
    expect(read('13b full zero3 nvme offload on 1x 4090').s.offload).toEqual({ optimizer: 'nvme', params: 'nvme' });
  });

  it.each([
    ['13b full zero2 offload on 2x 4090', { optimizer: 'cpu', params: 'none' }],
    ['13b full zero3 offload optimizer on 2x 4090', { optimizer: 'cpu', params: 'none' }],
    ['13b full zero3 no offload on 2x a100', { optimizer: 'none', params: 'none' }],
    ['13b full zero3 offload params on 2x 4090', { optimizer: 'none', params: 'cpu' }],
  ])('%s: read as written', (text, offload) => {
    expect(read(text).s.offload).toEqual(offload);
  });
});
