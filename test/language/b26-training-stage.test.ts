import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * "stage 1" is a ZeRO stage in the vocabulary, but recipes have stages of their own: ALMA's stage 1
 * (monolingual fine-tuning), LLaVA's stage 1 pre-training and stage 2 fine-tuning. Said as a phase —
 * "(stage 1)", "at / in / during stage 2", "stage2 finetuning" — beside a training phase's words, on a
 * line that says nothing of DeepSpeed or ZeRO, it is the recipe's phase (prose.training-stage), said so.
 */

/** fe1ixxu/ALMA#66 (corpus c928), the sentence that named the stage. */
const ALMA_66 = 'I first used a GPU with 24GB memory to fine-tune LLaMA-2-7B on monolingual OSCAR data (stage 1), and then it gave an error: `torch.cuda.OutOfMemoryError: CUDA out of memory`.';

describe("a recipe's stage is no ZeRO stage", () => {
  it('ALMA#66: "(stage 1)" after the data is the recipe\'s phase', () => {
    const r = read(ALMA_66);
    expect(r.scenario.sharding.kind).not.toBe('zero');
    expect(r.said).toMatch(/"stage 1" read as a phase of the training recipe, not a ZeRO stage; say "zero1"/);
  });

  it.each([
    ['MoE-LLaVA#72, its title', 'CUDA OOM when finetune llama-2-7b full at stage 2 with 8x a100-40g'],
    ['LLaMA-VID#93, its title', 'OOM in stage2 finetuning, llama-2-7b full on 8x a100-40g'],
    ['stage 1 pretraining (invented)', 'llama-2-7b pretrain on 8x a100-80g, OOM during stage 1 pretraining'],
  ])('%s: no ZeRO stage', (_name, text) => {
    expect(read(text).scenario.sharding.kind).not.toBe('zero');
  });

  it.each([
    ['with stage 3 (invented)', 'llama-2-7b full finetune with stage 3 on 8x a100-40g', 3],
    ['DeepSpeed stage 2 (invented)', 'llama-2-7b full finetune with deepspeed stage 2 on 8x a100-40g', 2],
    ['zero stage 1 beside data (invented)', 'llama-2-7b full finetune on my data with zero stage 1 on 8x a100-40g', 1],
  ])('%s: still the ZeRO stage', (_name, text, stage) => {
    expect(read(text).scenario.sharding).toMatchObject({ kind: 'zero', stage });
  });
});
