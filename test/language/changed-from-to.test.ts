import { describe, expect, it } from 'vitest';
import { changeOutcome } from '../../src/language/change-outcome.js';
import { corpusLineRead, readNoticed } from './reading-fixtures.js';

/**
 * s32: a setting changed "from A to B" names two runs; the outcome words after it say which one the message is
 * about (src/language/change-outcome.ts). b67–b69 at first sight: "I change n_ctx from 4096 to 2000, then it
 * works fine" (c2367) read the fix 2000; "changing num_ctx parameters from 1024 to 20480, but no use" (c2428)
 * read nothing. Invented variations, first sight 5 of 10 right; after the fix 10 of 10.
 */
describe('a change from A to B reads the run its outcome names', () => {
  it.each([
    ['llama-2-13b q4_0 on my 16gb m2 with llama.cpp, failed with status 5. I changed n_ctx from 4096 to 2000, then it works fine.', 4096],
    ['Running qwen2.5-7b with vllm on a 4090. I tried reducing max_model_len from 32768 to 8192 and now it works.', 32768],
    ['ollama with llama3 8b on rtx 3060 12gb. I have tried changing num_ctx from 2048 to 16384, but still OOM.', 16384],
    ['fine-tuning mistral-7b lora on a 3090, I increased max_seq_length from 1024 to 4096 and got CUDA out of memory', 4096],
    ['qwen2-7b lora 训练，4090，cutoff_len 从 4096 改成 2048 之后就可以跑了', 4096],
    ['qwen2-7b lora 训练，4090，我把 cutoff_len 从 1024 调到 4096 还是爆显存', 4096],
    ['vllm serve meta-llama/Llama-3.1-8B-Instruct on one A10G: lowering --max-model-len from 131072 to 16384 fixed the OOM.', 131072],
    ['llama.cpp llama-2-7b q4_k_m on 8gb card, went from -c 8192 to -c 4096 but no use, still crashes', 4096],
    ['Qwen2.5-14B LoRA 학습, A100 40GB에서 max_length를 2048에서 8192로 늘렸더니 OOM 납니다', 8192],
    ['gemma-2-9b inference on T4, changed the context from 8k to 2k and it runs now', 8192],
  ])('%s', (text, seq) => {
    expect(readNoticed(text).s.seq).toBe(seq);
  });

  it.each([
    ['llama-7b lora on a 3090, I lowered per_device_train_batch_size from 8 to 2 and now training runs fine', 8],
    ['llama-7b lora on a 3090 with per_device_train_batch_size from 8 to 2 in order to avoid OOM', 2],
    ['I had to reduce the eval and train batch size from 3 to 2 in order to avoid OOM. llama-7b full finetune on 8x a100', 2],
  ])('batch: %s', (text, mbs) => {
    expect(readNoticed(text).s.microBatch).toBe(mbs);
  });

  it('with no outcome word the new value is read, weak, with its words', () => {
    const { s, said } = readNoticed('qwen2.5-7b vllm on a4000, I set max_model_len from 4096 to 8192.');
    expect(s.seq).toBe(8192);
    expect(said).toMatch(/max_model_len from 4096 to 8192/);
  });

  it('outcome words: working, still failing, a purpose, negated work', () => {
    expect(changeOutcome(', then it works fine').side).toBe('from');
    expect(changeOutcome(' and the OOM is gone').side).toBe('from');
    expect(changeOutcome(', but no use').side).toBe('to');
    expect(changeOutcome(' in order to avoid OOM').side).toBe('to');
    expect(changeOutcome(' and it still does not work').side).toBe('to');
    expect(changeOutcome(" but it doesn't work").side).toBe('to');
    expect(changeOutcome(' 之后就可以跑了').side).toBe('from');
    expect(changeOutcome('').words).toBeNull();
  });

  it('c2367 (ggml-org/llama.cpp#1890): the failing n_ctx 4096, not the 2000 that worked', () => {
    expect(corpusLineRead('c2367').scenario.seq).toBe(4096);
  });
});
