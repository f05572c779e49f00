import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { saidWeak, type FactTrace } from '../../src/scenario/facts.js';
import { SETTING_ALTERNATIVES } from '../../src/scenario/setting-alternatives.js';

/**
 * Issue 22, item 5 (rtrain10, thirty-seventh session): a training setting given several values — a
 * sweep ("Zero Stage: `2, 3`", "Offload: `true, false`", "Lora: `true, false`", deepspeedai/DeepSpeedExamples#638,
 * c3187, b95), alternatives tried ("it ooms at zero2/zero3", EleutherAI, c453, b10; "zero 0/1", c370, b7;
 * "regardless of whether i use the zero2 or zero3 configuration", c514, b12; "ds stage 2/3", c118) — names
 * none of its values as the run. A reading that keeps one of them must say it (weak, with the words),
 * never state it as sure. The variations were written before the net, from the phenomenon alone.
 */

const facts = (text: string): FactTrace[] => {
  const outcome = readInThread(text, null).outcome;
  if (!outcome.ok || !outcome.scenario) return [];
  return outcome.trace ?? [];
};
/** The facts of one kind read from the message's words that the first screen states as sure (none said weak). */
const sure = (text: string, fact: string): string[] => {
  const all = facts(text);
  const said = new Set(saidWeak(all));
  const read = all.filter((f) => f.fact === fact && f.at !== null);
  return read.some((f) => said.has(f) || (f.weak && f.weakWords !== undefined) || (f.weak && f.doubt)) ? [] : read.map((f) => f.value);
};
const compared = (text: string): boolean => {
  const outcome = readInThread(text, null).outcome;
  return !!(outcome.ok && outcome.scenario && outcome.scenario.question.kind === 'compare');
};

describe('a ZeRO stage given with another as alternatives or a sweep is not read as sure', () => {
  it.each([
    'Sweeping llama-2-7b fine-tuning over Zero Stage: `2, 3` on 8x a100-80g',
    '* ZeRO stage: `1, 2, 3`\n* Model: `facebook/opt-6.7b`\n* full fine-tune on 8x A100-40G',
    'full fine-tune of gpt-neox-20b on 8 a100 80gb. it ooms at zero2/zero3, does not oom with cpu offloading',
    'mistral-7b full finetune with ZeRO-2 / ZeRO-3 on 4x A100-40G, both OOM',
    'qwen2-7b 全参微调 8卡A800，zero2和zero3都试了，还是爆显存',
    'llama-2-13b sft on 8x a100-80g, ds stage 2/3 both fail with OOM',
    'Regardless of whether I use the zero2 or zero3 config, full fine-tuning llama-3-8b on 2x A100-40G runs out of memory',
    'tried zero stage 2 and 3 for yi-34b full finetune on 8xH800, same oom',
    'qwen2.5-14b full sft, zero_stage in [2, 3], 8 x h100',
    'colossalai llama-2-70b pretrain, tp 4, zero 0/1, 32x a100-80g',
  ])('%j', (text) => {
    expect(compared(text) || sure(text, 'sharding').length === 0).toBe(true);
  });
});

describe('an on/off setting given both ways names neither as the run', () => {
  it.each([
    ['* Zero Stage: `2, 3`\n* Offload: `true, false`\n* Lora: `true, false`\n\nModel: `facebook/opt-1.3b`', 'method'],
    ['sweep for opt-1.3b sft: lora true/false, zero stage 3, 1x a100-80g', 'method'],
    ['llama-2-7b full finetune zero3 on 4x a100-40g, offload: true, false', 'offload'],
    ['benchmark qwen2-7b full sft with cpu offload on/off, zero3, 8x a100-80g', 'offload'],
    ['llama-3-8b lora on 1x 4090, gradient_checkpointing: [true, false]', 'recompute'],
    ['gemma-7b lora r16 on a 3090 with gradient checkpointing on and off', 'recompute'],
  ])('%j: %s', (text, fact) => {
    expect(sure(text, fact)).toEqual([]);
  });
});

describe('a sharding strategy named with another as alternatives is not read as sure', () => {
  it.each([
    'Training curves of qwen3-8b grpo both with megatron and fsdp backend, 8x h100',
    'llama-3-8b full finetune on 4x a100-80g: should I use FSDP or DeepSpeed?',
    'mistral-7b sft, tried fsdp/deepspeed, both oom on 2x 4090',
    'qwen2-7b 全参微调，fsdp和deepspeed都试过，8卡A800',
    'Later we can add an FSDP/DDP option as well for llama-3.2-3b sft',
    'comparing DDP vs FSDP for gpt2-xl full finetune on 4x v100-32g',
  ])('%j', (text) => {
    expect(compared(text) || sure(text, 'sharding').length === 0).toBe(true);
  });
});

describe('one value said stays read', () => {
  it.each([
    ['llama-2-7b full finetune zero3 on 4x a100-40g', 'sharding', 'zero3'],
    ['Zero Stage: 2\nModel: facebook/opt-1.3b full fine-tune on 1x a100-80g', 'sharding', 'zero2'],
    ['qwen2-7b full sft with zero3 offload on 8x a100-80g', 'sharding', 'zero3'],
    ['llama-3-8b full finetune with fsdp on 4x a100-80g', 'sharding', 'fsdp'],
  ])('%j: %s %s', (text, fact, value) => {
    const read = facts(text).filter((f) => f.fact === fact && f.at !== null);
    expect(read.map((f) => f.value)).toContain(value);
    expect(sure(text, fact)).not.toEqual([]);
  });
});

describe('each alternatives rule reads its own example', () => {
  it.each(SETTING_ALTERNATIVES.map((r) => [r.id, r] as const))('%s', (_id, rule) => {
    rule.pattern.lastIndex = 0;
    expect(rule.pattern.test(rule.example)).toBe(true);
    rule.pattern.lastIndex = 0;
  });
});
