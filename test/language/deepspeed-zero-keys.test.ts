import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { readNoticed } from './reading-fixtures.js';

/**
 * DeepSpeed ZeRO's own config keys said in prose (config.deepspeed-only-keys, issue 22 framework):
 * contiguous_gradients, allgather_bucket_size, reduce_bucket_size, overlap_comm, stage3_* exist in no other
 * trainer (config-keys/deepspeed-only-keys.ts), so a message that sets them runs under DeepSpeed though it never names it (c1144, read as the
 * HF Trainer, silently). The keys say no ZeRO stage, and a value after one is never read as a stage.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const lineText = (id: string) => [line(id).thread, line(id).text].filter(Boolean).join('\n');

describe('DeepSpeed config keys in a sentence name DeepSpeed', () => {
  it('c1144: "contigous_gradients false and allgather_bucket_size \\ reduce_bucket_size 2e2" is a DeepSpeed run', () => {
    expect(readNoticed(lineText('c1144')).s.framework).toBe('deepspeed');
  });

  it.each([
    'fine-tuning gpt2-xl on a 3090, OOM even with overlap_comm false and reduce_bucket_size 5e7',
    'finetune mistral 7b on one 4090, set contiguous_gradients false, allgather_bucket_size 2e8 but OOM',
    'I train Qwen2.5-7B on 4 RTX 3090 and turned on reduce_scatter, still out of memory',
    '在4张3090上训练llama-2-7b，把reduce_bucket_size改成2e8还是OOM',
  ])('%s', (text) => {
    expect(readNoticed(text).s.framework).toBe('deepspeed');
  });

  it('a number after the key is its value, never a ZeRO stage', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('reduce_bucket_size', 'allgather_bucket_size', 'overlap_comm', 'contiguous_gradients'),
        fc.constantFrom(' ', '  ', ' to '),
        fc.integer({ min: 1, max: 3 }),
        (key, sep, n) => {
          const s = readNoticed(`fine-tuning llama-2-7b on 2x rtx-3090 with ${key}${sep}${n}, OOM`).s;
          expect(s.framework).toBe('deepspeed');
          expect(s.sharding).not.toEqual({ kind: 'zero', stage: n });
        },
      ),
      { numRuns: 12 },
    );
  });

  it('a stage3_ key is ZeRO-3 under DeepSpeed, read as the stage (the corpus writes such a run "hf zero3")', () => {
    for (const key of ['stage3_prefetch_bucket_size', 'stage3_max_live_parameters', 'stage3_param_persistence_threshold'])
      expect(readNoticed(`Training llama-2-7b on 2x A100 40GB: I lowered ${key}, still OOM`).s.sharding).toEqual({ kind: 'zero', stage: 3 });
  });

  it('a framework the message names wins over the keys', () => {
    expect(readNoticed('finetune llama-2-7b with llama-factory on 4x 3090, reduce_bucket_size 5e8, OOM').s.framework).toBe('llama-factory');
  });

  it('words that only look like the keys are not read', () => {
    for (const text of [
      'fine-tuning llama-2-7b on a 4090, my data is contiguous and I reduce the batch',
      'fine-tuning llama-2-7b on a 4090, stage 3 of my pipeline',
      // DeepSpeed-Chat's step 3 (c442's title) is no ZeRO key.
      'Reproduction Failure : 8*A100 40G run opt-13b stage3_RLHF OOM',
    ])
      expect(readNoticed(text).s.framework).not.toBe('deepspeed');
  });
});
