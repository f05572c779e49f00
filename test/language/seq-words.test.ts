import { describe, expect, it } from 'vitest';
import type { Item } from '../../src/language/items.js';
import { nameContextTags } from '../../src/language/reconcile/name-contexts.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * The run's length, from the words that state it (rseq2). A length tagged in a model's or a
 * checkpoint's name ("14b-16k", "RWKV-4-Pile-14B-20230313-ctx8192") is the window the model was
 * trained for, never the user's length (reconcile/name-contexts.ts); and the sequence a GRPO run's
 * completion length derives through TRL's default prompt is said as the default it is.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const DEFAULT_SEQ = 2048;

describe("a length tagged in a model's name is not the run's", () => {
  it.each([
    // QwenLM/Qwen#634: fine-tuning the 14B's 16k release, no length of the user's.
    ['c1034', '16k'],
    // BlinkDL/ChatRWKV#41: the checkpoint's ctx8192 tag and the log's next line were read as "seq 1".
    ['c1387', 'ctx8192'],
    // josStorer/RWKV-Runner#13: the model name's ctx8192 in the title.
    ['c1388', 'ctx8192'],
  ])('%s: the default length, the tag said', (id, tag) => {
    const { scenario, said } = read(line(id).text);
    expect(scenario.seq).toBe(DEFAULT_SEQ);
    expect(said).toContain(`"${tag}" in "`);
    expect(said).toMatch(/read as the context the model was trained for, not your length/);
  });

  it('c1649: the alias qwen3.8-27b-72k-mlx leaves num_ctx 73728 the only length', () => {
    const { scenario, said } = read(line('c1649').text);
    expect(scenario.seq).toBe(73728);
    expect(said).toMatch(/"72k" in "[^"]*72k" read as the context the model was trained for/);
  });

  it.each([
    // Invented: the same tags in other words, languages and layouts.
    ['希望能够在16卡 A800-80g资源，全参微调7b-32k模型，显存不够'],
    ['full fine-tuning 14b-16k on 4x A800 80G with zero-3 still goes OOM, the 7b works fine'],
    ['base model 13b-32k\n8x A100 40G, zero3, OOM'],
    ['Loading model - J:/ChatRWKV/RWKV-4-Pile-7B-20230109-ctx4096-test50\nRWKV_JIT_ON 1 RWKV_CUDA_ON 0\n4090 24GB, out of memory'],
  ])('%s', (text) => {
    const { scenario, said } = read(text);
    expect(scenario.seq).toBe(DEFAULT_SEQ);
    expect(said).toMatch(/read as the context the model was trained for/);
  });

  it('a length the user sets beside the tagged name stays', () => {
    expect(read('base model 13b-32k\n8x A100 40G, zero3, cutoff_len 4096, OOM').scenario.seq).toBe(4096);
  });
});

describe('nameContextTags keeps what is no name tag', () => {
  const seq = (text: string, written: string): Item => {
    const at = text.indexOf(written);
    return { kind: 'seq', value: 0, at, end: at + written.length, text: written } as unknown as Item;
  };
  it.each([
    // A range: "200-300K TPM" (the dropped tag would need a letter before its hyphen).
    ['DeepSeek V3.2 with vLLM only 200-300K TPM', '300K'],
    // A length word before the hyphen: the value of that word.
    ['qwen2-7b lora, context-8k, on a 4090', '8k'],
    ['qwen2-7b lora, seq_len-4096, on a 4090', '4096'],
    // A key's length starts with its key.
    ['RWKV-4-Pile-7B-ctx4096 with --ctx-size 4096', '--ctx-size 4096'],
    // Not joined to a name.
    ['llama-3-8b lora at 16k on a 4090', '16k'],
  ])('%s: "%s" kept', (text, written) => {
    const notes: string[] = [];
    expect(nameContextTags([seq(text, written)], text, notes)).toHaveLength(1);
    expect(notes).toEqual([]);
  });

  it.each([
    ['微调14b-16k模型', '16k'],
    ['RWKV-4-World-3B-v1-20230619-ctx4096', 'ctx4096'],
    ['Yi-34B_200k on two A100', '200k'],
  ])('%s: "%s" dropped, said', (text, written) => {
    const notes: string[] = [];
    expect(nameContextTags([seq(text, written)], text, notes)).toHaveLength(0);
    expect(notes[0]).toMatch(/read as the context the model was trained for/);
  });
});

describe("a GRPO run's derived sequence is said as the default it is", () => {
  it('c1408 (jsboige/CoursIA#15634): max_completion_length=96 alone gives seq 608, said as a default', () => {
    const { scenario, said } = read(line('c1408').text);
    expect(scenario.seq).toBe(608);
    expect(said).toMatch(/seq 608 \(default\): TRL's default max_prompt_length 512 \+ completion 96/);
  });

  it.each([
    ['qwen2.5-3b grpo lora on 1x a100, max_completion_length: 256', 768, 256],
    ['GRPO 全参 qwen2.5-7b 8卡 A100，--max_completion_length 1024', 1536, 1024],
  ])('%s', (text, seqValue, completion) => {
    const { scenario, said } = read(text);
    expect(scenario.seq).toBe(seqValue);
    expect(said).toContain(`seq ${seqValue} (default): TRL's default max_prompt_length 512 + completion ${completion}`);
  });

  it('a stated length is not replaced', () => {
    const { s } = readNoticed('qwen2.5-3b grpo lora seq 2048 completion 512 on 1x a100');
    expect(s.seq).toBe(2048);
  });
});

describe("MLX's --max-kv-size is the run's length", () => {
  it('c1670 (lmstudio-ai/mlx-engine#314): --max-kv-size 65536 read as seq 65536', () => {
    expect(read(line('c1670').text).scenario.seq).toBe(65536);
  });

  it.each([
    // Invented after ml-explore/mlx-examples#1025 and waybarrios/vllm-mlx#795.
    ["mlx_lm.generate --model mlx-community/Meta-Llama-3.1-8B-Instruct-4bit --max-kv-size 12000 --prompt 'long text'\nuses 26GB on my M2 Max 32GB", 12000],
    ['mlx_lm.server --model mlx-community/Qwen2.5-7B-Instruct-4bit --max-kv-size=16384 --port 8080\nmemory grows until the Mac (64GB) panics', 16384],
  ])('%s', (text, value) => {
    expect(read(text).scenario.seq).toBe(value);
  });
});
