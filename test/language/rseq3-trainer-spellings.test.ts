import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * Session 24, rseq3 (issue 22): training programs' spellings of the length, the micro-batch and the
 * accumulation (config-keys/trainer-spellings.ts), in a YAML block, as flags, and as Python keywords.
 */
describe("a training program's own key for the length, the micro-batch and the accumulation", () => {
  it.each([
    // RWKV-LM's train.py flags (BlinkDL/RWKV-LM), Lightning's accumulation.
    ['pretrain a 1.5b model on one a100 80gb:\npython train.py --ctx_len 4096 --micro_bsz 2 --accumulate_grad_batches 4 --n_layer 24', 4096, 2, 4],
    ['pretrain a 1.5b model on one a100 80gb: python train.py --micro_bsz=8 --ctx_len=1024 --accumulate_grad_batches=8', 1024, 8, 8],
    // nanotron's tokens block (huggingface/nanotron), in YAML and as a Python dict.
    ['pretrain a 1.5b model on 8x h100\n```yaml\ntokens:\n  batch_accumulation_per_replica: 16\n  micro_batch_size: 4\n  sequence_length: 2048\n  train_steps: 20000\n```', 2048, 4, 16],
    ["pretrain a 1.5b model on 8x h100\n'tokens': {'sequence_length': 4096, 'micro_batch_size': 2, 'batch_accumulation_per_replica': 1}", 4096, 2, 1],
    // Lightning's Trainer keyword in code.
    ['finetune llama-3-8b with lora on an a100 80gb, max_seq_length=2048, batch_size=2, Trainer(accumulate_grad_batches=16)', 2048, 2, 16],
  ])('%s', (text, seq, mbs, ga) => {
    const s = read(text).scenario;
    expect(s.seq).toBe(seq);
    expect(s.microBatch).toBe(mbs);
    expect(s.gradAccum).toBe(ga);
  });

  it("a benchmark's input_shapes sequence_length for a vLLM backend is the prompt it sends, not a length read (c726)", () => {
    const text = 'llama-3-8b with the vllm backend on an a30 runs out of memory\n```yaml\nbackend:\n  dtype: float16\nscenario:\n  input_shapes:\n    batch_size: 1\n    sequence_length: 256\n```';
    expect(read(text).scenario.seq).not.toBe(256);
  });

  it('the key in prose keeps its value ("sequence_length设置为512", c967)', () => {
    expect(read('单卡A100训练llama-7b模型OOM，batch_size设置为1，sequence_length设置为512').scenario.seq).toBe(512);
  });
});
