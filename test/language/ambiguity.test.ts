import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCount, parseRequest } from '../../src/language/parse.js';

/** One valid spelling per item family (several per family), as a person might write them. */
const ITEMS = [
  '13b', '7B', '1.3b', '350m', '6.7e9 params', '8x7b', 'llama-2-13b', 'Llama 3.1 70B', 'llama3.1 70b', 'mistral-7b', 'mixtral-8x7b',
  'qwen2.5-14b', 'gemma-2-9b', 'phi-3-mini', 'llama 13b', 'layers 40', 'hidden 5120', 'heads 40', 'kv 8', 'ffn 13824', 'vocab 128256',
  'train', 'pretrain', 'full', 'finetune', 'sft', 'lora', 'lora r16', 'lora rank 64 all-linear', 'qlora r64 q,v', 'infer', 'inference', 'serve',
  'fp32', 'bf16', 'fp16', 'fp8', 'amp', 'pure bf16', 'bf16-true', 'int8', '8bit', 'int4', '4bit', 'nf4', 'nf4 dq', 'gptq', 'awq',
  'adamw', 'adam', 'adam8bit', '8bit adam', 'paged adamw', 'sgd', 'sgd momentum', 'adafactor', 'lion', 'sophia', 'fused adamw', 'foreach',
  'ddp', 'zero0', 'zero1', 'zero2', 'zero3', 'zero-2', 'zero stage 3', 'fsdp', 'fsdp shard_grad_op', 'hsdp',
  'offload', 'offload optimizer', 'offload params', 'cpu offload', 'nvme offload',
  'tp 8', 'pp 4', 'sp', 'sequence parallel', 'cp 2', 'ep 8', 'dp 16',
  'seq 4096', 'seqlen 4k', 'ctx 8192', '4k context', '32k',
  'bs 8', 'batch 8', 'mbs 2', 'micro batch 2', 'ga 8', 'grad accum 8', 'gbs 1024',
  'gc', 'ckpt', 'checkpointing', 'activation checkpointing', 'recompute full', 'selective recompute', 'no gc', 'no checkpointing',
  'flash', 'fa2', 'sdpa', 'eager', 'no flash', 'chunked ce', 'fused ce', 'liger',
  'hf', 'deepspeed', 'megatron', 'torchtune', 'litgpt',
  'on 4xA100-80G', '8x H100', 'on a 4090', '2 x 3090', 'on 8 A100 80GB', 'H200', 'on 24GB', '4 gpus of 48GB', '2 nodes of 8xH100', 'on 8 gpus',
  'max batch', 'max seq', 'how many h100', 'how many gpus', 'which gpu', 'compare zero2 vs zero3', '7b vs 13b',
  'oom', 'nan', 'loss scale', 'help', 'why', 'measure', 'chart', 'sweep', 'sweep seq', 'timeline',
  'generate 256', 'gen 256', 'new tokens 256', 'kv fp8', 'util 0.9', 'undo', 'reset',
  'please', 'can i', 'with', 'the model', 'now', 'instead',
];

const SEPARATORS = [' ', ', ', '  ', ' ,', '; ', '\t'];
/** Separators that always end an item: a comma or semicolon never joins two words into one phrase. */
const HARD_SEPARATORS = [', ', ' , ', '; ', ',', ' ;\t'];

const randomCase = (text: string, flips: boolean[]) =>
  [...text].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c)).join('');

const FILLER_ONLY = /^(please|can i|with|the model|now|instead)([\s,;]+(please|can i|with|the model|now|instead))*$/i;

const requestWith = (separators: string[]) =>
  fc
    .tuple(
      fc.uniqueArray(fc.constantFrom(...ITEMS), { minLength: 1, maxLength: 8 }),
      fc.array(fc.constantFrom(...separators), { minLength: 8, maxLength: 8 }),
      fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }),
    )
    .map(([items, seps, flips]) => randomCase(items.map((it, i) => (i ? seps[i]! : '') + it).join(''), flips))
    .filter((text) => !FILLER_ONLY.test(text.trim()));

describe('the grammar has exactly one parse', () => {
  it('for every generated request with comma separators (random items, order and case)', () => {
    fc.assert(
      fc.property(requestWith(HARD_SEPARATORS), (text) => {
        const outcome = parseRequest(text);
        expect(outcome.ok, `${text}: ${outcome.ok ? '' : outcome.error.message}`).toBe(true);
        expect(parseCount(text), text).toBe(1);
      }),
      { numRuns: 400 },
    );
  });

  it('for generated requests with any separators: never throws, and a successful parse is unique', () => {
    // With bare spaces two neighbouring items can read as one longer phrase ("recompute full" +
    // "ce"); that is an error with a caret, never a second parse.
    let parsed = 0;
    fc.assert(
      fc.property(requestWith(SEPARATORS), (text) => {
        const outcome = parseRequest(text);
        if (outcome.ok) {
          parsed++;
          expect(parseCount(text), text).toBe(1);
        } else {
          expect(outcome.error.caret).toContain('^');
        }
      }),
      { numRuns: 400 },
    );
    expect(parsed).toBeGreaterThan(300);
  });

  it('for each item on its own', () => {
    for (const item of ITEMS.filter((i) => !['please', 'can i', 'with', 'the model', 'now', 'instead'].includes(i))) {
      expect(parseCount(item), item).toBe(1);
    }
  });
});
