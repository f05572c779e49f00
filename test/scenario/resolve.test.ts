import { describe, expect, it } from 'vitest';
import { countParams } from '../../src/memory/parameters.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { scenarioSchema, type Scenario } from '../../src/scenario/schema.js';

function resolve(text: string, previous: Scenario | null = null) {
  const r = resolveRequest(text, previous);
  if (!r.ok) throw new Error(`${text}: ${r.error.message}`);
  return r;
}
const scenario = (text: string, previous: Scenario | null = null) => resolve(text, previous).scenario!;
function thread(...texts: string[]): Scenario {
  let s: Scenario | null = null;
  for (const t of texts) s = scenario(t, s);
  return s!;
}
function error(text: string, previous: Scenario | null = null) {
  const r = resolveRequest(text, previous);
  if (r.ok) throw new Error(`expected an error for ${text}`);
  return r.error;
}

describe('a new request gets every default, and says so', () => {
  const r = resolve('13b bf16 zero3 seq 4096 on 4xA100-80G');
  const s = r.scenario!;

  it('is a valid scenario', () => {
    expect(() => scenarioSchema.parse(s)).not.toThrow();
  });

  it('fills the DESIGN §2 defaults', () => {
    expect(s).toMatchObject({
      mode: 'full', recipe: 'mixed', compute: 'bf16', weights: 'bf16', optimizer: 'adamw', optimizerImpl: 'foreach',
      microBatch: 1, gradAccum: 1, seq: 4096, attention: 'flash', recompute: 'none', loss: 'full', framework: 'hf',
      sharding: { kind: 'zero', stage: 3 }, offload: { optimizer: 'none', params: 'none' },
      parallel: { tp: 1, pp: 1, cp: 1, ep: 1, sp: false }, question: { kind: 'none' }, help: [], chart: 'none',
    });
    expect(s.hardware).toMatchObject({ gpuId: 'a100-80g', count: 4 });
  });

  it('lists the defaults it used', () => {
    const all = r.assumptions.join(' | ');
    for (const words of ['full fine-tune', 'AdamW', 'micro-batch 1', 'flash', 'no recompute', 'Llama-2-13B shape for "13b"']) {
      expect(all).toContain(words);
    }
    expect(all).not.toContain('seq 2048');
  });

  it('uses seq 2048 and no hardware when none is named', () => {
    const bare = resolve('7b');
    expect(bare.scenario).toMatchObject({ seq: 2048, hardware: null, sharding: { kind: 'none' } });
    expect(bare.assumptions.join()).toContain('no GPU named');
  });

  it('uses DDP by default across more than one GPU', () => {
    expect(scenario('7b on 8x h100').sharding).toEqual({ kind: 'ddp', stage: 0 });
  });
});

describe('model shape from a bare size', () => {
  it('takes the nearest Llama catalog model within 15%', () => {
    expect(scenario('13b').model).toMatchObject({ id: null, name: 'Llama-2-13B shape', requestedParams: 13e9 });
    expect(scenario('7b').model.name).toBe('Llama-2-7B shape');
  });

  it('scales a Llama shape within 2% when no catalog model is near', () => {
    for (const size of ['20b', '350m', '175b', '1t']) {
      const m = scenario(size).model;
      expect(Math.abs(countParams(m.arch).total - m.requestedParams!) / m.requestedParams!, size).toBeLessThan(0.02);
      expect(m.arch.hidden % 256, size).toBe(0);
    }
  });

  it('maps 8x7b to the nearest MoE', () => {
    expect(scenario('8x7b').model.name).toBe('Mixtral-8x7B shape');
  });

  it('rejects nonsense sizes', () => {
    expect(error('0b').message).toContain('10M to 10,000B');
    expect(error('99999b').message).toContain('not a model size');
  });
});

describe('follow-ups are patches on the previous scenario', () => {
  const base = scenario('13b bf16 zero3 seq 4096 on 4xA100-80G');

  it('now zero2 changes only the sharding', () => {
    const s = scenario('now zero2', base);
    expect(s.sharding).toEqual({ kind: 'zero', stage: 2 });
    expect({ ...s, sharding: base.sharding }).toEqual(base);
  });

  it('seq 8192, with offload, no checkpointing', () => {
    expect(scenario('seq 8192', base).seq).toBe(8192);
    expect(scenario('with offload', base).offload).toEqual({ optimizer: 'cpu', params: 'none' });
    expect(scenario('gc', base).recompute).toBe('full');
    expect(thread('13b gc', 'no checkpointing').recompute).toBe('none');
  });

  it('on 8 gpus keeps the GPU type; on H100 keeps the count', () => {
    expect(scenario('on 8 gpus', base).hardware).toMatchObject({ gpuId: 'a100-80g', count: 8 });
    expect(scenario('switch to H100', base).hardware).toMatchObject({ gpuId: 'h100-80g', count: 4 });
  });

  it('lora instead switches mode and fills LoRA defaults', () => {
    const r = resolve('lora instead', base);
    expect(r.scenario).toMatchObject({ mode: 'lora', lora: { rank: 8, targets: ['q', 'v'], dropout: 0 }, weights: 'bf16' });
    expect(r.assumptions.join()).toContain('PEFT');
  });

  it('qlora uses an NF4 base, double-quantised when asked', () => {
    expect(scenario('qlora', base).weights).toBe('nf4');
    expect(scenario('qlora nf4 dq', base).weights).toBe('nf4-dq');
    expect(thread('13b qlora', 'lora instead').weights).toBe('bf16');
  });

  it('a new model keeps everything else', () => {
    const s = scenario('llama-3-8b', base);
    expect(s.model.id).toBe('llama-3-8b');
    expect({ ...s, model: base.model }).toEqual(base);
  });

  it('and fp16? changes the compute dtype and keeps the recipe', () => {
    expect(scenario('and fp16?', base)).toMatchObject({ compute: 'fp16', recipe: 'mixed', weights: 'fp16' });
  });

  it('undo and reset are thread commands', () => {
    expect(resolve('undo', base)).toMatchObject({ control: 'undo', scenario: null });
    expect(resolve('reset', base)).toMatchObject({ control: 'reset', scenario: null });
    expect(resolve('reset 7b', base).scenario!.seq).toBe(2048);
  });

  // Real messages whose "clear" or "reset" had wiped the thread: "So just to be clear, on an M1 MAX
  // with 64GB of ram…" (c1088), "the system freezes and requires a hard reset" (c2458).
  it.each([
    'So just to be clear, on an M1 MAX with 64GB of ram, 34b inference fails?',
    'the system freezes and requires a hard reset when I run 13b on a 4090',
    "I don't see a clear error trace when I serve 7b with vllm on an l4",
    'ok so I start over with 70b on 8x h100 and it still OOMs',
  ])('a reset word inside a sentence of prose is no command: "%s"', (text) => {
    const read = resolve(text, base);
    expect(read.control).toBe('none');
    expect(read.scenario).not.toBeNull();
    expect(read.notices.join(' ')).toMatch(/set aside: it is part of a sentence/);
    expect(resolve(text, null).control).toBe('none');
  });

  it('a reset word opening its line stays the command', () => {
    expect(resolve('reset\n7b on a 4090', base).control).toBe('reset');
    expect(resolve('start over', base).control).toBe('reset');
    expect(resolve('clear', base).control).toBe('reset');
  });

  it('help alone keeps the previous scenario and is help-only', () => {
    expect(resolve('oom', base)).toMatchObject({ helpOnly: true, scenario: { ...base, help: ['oom'] } });
    expect(resolve('help', null)).toMatchObject({ helpOnly: true, scenario: null });
  });
});

describe('presets and precision words', () => {
  it('torchtune: pure bf16, fused AdamW', () => {
    expect(scenario('8b torchtune')).toMatchObject({ recipe: 'pure', compute: 'bf16', optimizerImpl: 'fused', framework: 'torchtune' });
  });

  it('litgpt: bf16-true, chunked CE, paged AdamW for QLoRA, FSDP + recompute on several GPUs', () => {
    expect(scenario('8b litgpt qlora on 4x 4090')).toMatchObject({
      recipe: 'pure', loss: 'chunked', optimizer: 'paged-adamw', sharding: { kind: 'fsdp', stage: 3 }, recompute: 'full',
    });
    expect(scenario('8b litgpt').sharding.kind).toBe('none');
  });

  it('explicit items win over a preset', () => {
    expect(scenario('8b litgpt no gc zero2 on 4x 4090')).toMatchObject({ recompute: 'none', sharding: { kind: 'zero', stage: 2 } });
    expect(scenario('8b torchtune foreach').optimizerImpl).toBe('foreach');
  });

  it('megatron and fsdp presets', () => {
    expect(scenario('8b megatron').recipe).toBe('megatron');
    expect(scenario('8b fsdp on 8x h100')).toMatchObject({ framework: 'fsdp', sharding: { kind: 'fsdp', stage: 3 } });
  });

  it('amp, pure bf16, fp32', () => {
    expect(scenario('7b amp')).toMatchObject({ recipe: 'amp', compute: 'bf16' });
    expect(scenario('7b pure bf16')).toMatchObject({ recipe: 'pure', compute: 'bf16' });
    expect(scenario('7b fp32')).toMatchObject({ recipe: 'fp32', compute: 'fp32', weights: 'fp32' });
  });

  it('inference: weights from the format, KV in the compute dtype, vLLM defaults', () => {
    expect(scenario('70b inference int8')).toMatchObject({ mode: 'inference', weights: 'int8', inference: { kvDtype: 'bf16', engine: 'hf' } });
    expect(scenario('70b vllm fp8 kv fp8 gen 256')).toMatchObject({
      weights: 'fp8', compute: 'bf16', inference: { engine: 'vllm', kvDtype: 'fp8', newTokens: 256, gpuMemoryUtilization: 0.9 },
    });
    expect(scenario('7b serve util 80').inference.gpuMemoryUtilization).toBeCloseTo(0.8);
  });
});

describe('hardware forms', () => {
  it('bare capacity, capacity with count, nodes', () => {
    expect(scenario('7b on 24GB').hardware).toEqual({ gpuId: null, capacityBytes: 24 * 2 ** 30, count: 1, perNode: 1 });
    expect(scenario('7b 4 gpus of 48GB').hardware).toMatchObject({ gpuId: null, count: 4 });
    expect(scenario('70b 2 nodes of 8xH100').hardware).toMatchObject({ count: 16, perNode: 8 });
    expect(scenario('70b tp 8 dp 2 on h100').hardware).toMatchObject({ count: 16 });
  });

  it('a bare count on a new request is that many GPUs with no card named, said so', () => {
    const r = resolve('7b on 8 gpus');
    expect(r.scenario).toMatchObject({ hardware: null, unnamedGpus: 8, sharding: { kind: 'ddp', stage: 0 } });
    expect(r.assumptions.join()).toContain('8 GPUs, no card named: memory per GPU and the cards it fits');
  });
});

describe('contradictions and ranges are errors naming the items', () => {
  it.each([
    ['13b zero3 ddp', ['zero3', 'ddp']],
    ['13b on h100 on a100', ['h100', 'a100']],
    ['13b lora qlora', ['lora', 'qlora']],
    ['13b bf16 fp16', ['bf16', 'fp16']],
  ])('%s', (text, words) => {
    const e = error(text);
    for (const w of words) expect(e.message).toContain(w);
    expect(e.at).toBeGreaterThan(0);
  });

  // "qlora" with "fp32" is no contradiction: fp32 is the adapters' and the optimizer's dtype (precision-by-evidence.test.ts).
  it('13b qlora fp32 reads QLoRA in 16-bit mixed precision, said', () => {
    const r = resolve('13b qlora fp32');
    expect(r.scenario).toMatchObject({ mode: 'qlora', recipe: 'mixed', compute: 'bf16' });
    expect(r.assumptions.join()).toContain('"fp32" with QLoRA read as the dtype of the LoRA adapters');
  });

  it('offload params needs zero3', () => {
    expect(error('13b offload params on 4x h100').message).toContain('needs zero3');
    expect(scenario('13b zero3 offload params on 4x h100').offload.params).toBe('cpu');
  });

  it.each([
    ['13b seq 0', 'seq', 'cannot be 0'],
    ['13b bs 100000', 'micro-batch', '65,536'],
    ['13b on 1000000x h100', 'GPU count', '100,000'],
    ['13b tp 3', 'tp 3', 'divide'],
    ['13b pp 64', 'pp 64', 'at most 40'],
    ['13b util 2', 'utilization', ''],
  ])('%s is out of range', (text, name, range) => {
    const e = error(text);
    expect(e.message).toContain(name);
    expect(e.message).toContain(range);
  });

  it('asks for a model when none is named', () => {
    expect(error('bf16 zero3').message).toContain('Which model');
  });

  it('never throws on odd input', () => {
    for (const text of ['', '🚀', 'x'.repeat(600), 'undo 7b', 'compare', 'vs', '13b gen 9999999999']) {
      expect(() => resolveRequest(text, null)).not.toThrow();
    }
  });
});
