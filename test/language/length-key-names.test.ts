import { describe, expect, it } from 'vitest';
import { lengthRoleOf } from '../../src/language/config-keys/length-key-names.js';
import { read } from './reading-fixtures.js';

/**
 * A length key no table lists, read by the words of its name, weak and said (rseq8,
 * config-keys/length-key-names.ts). Before the change 2 of these 10 invented variations read
 * right (the rest fell to the default length); after it, 10 of 10.
 */

describe('a length key in a spelling no table lists is read by its name, weak', () => {
  it.each([
    // zai-org/GLM-4#16 (c2164) spelled the length max_token_len; the same shape in other places.
    ['GLM4-9B 训练参数 ：Qlora(4-bit), rank=16, max_token_len=8000, bs=1, gradient_checkpoing=True, bf16', 8000, 'max_token_len=8000'],
    ['finetuning qwen2-7b lora, my yaml has max_tokens_len: 4096 and per_device_train_batch_size: 2, on two 3090s', 4096, 'max_tokens_len: 4096'],
    ['python train.py --model_name_or_path meta-llama/Llama-2-7b-hf --train_max_len 3000 --per_device_train_batch_size 4 --bf16 on 8xA100', 3000, '--train_max_len 3000'],
    ['训练 baichuan2-7b 全参，max_text_length=1024，batch size 8，4张A100', 1024, 'max_text_length=1024'],
    ['running llama-3-8b with llama-index, "context_window": 16384, on a 4090', 16384, '"context_window": 16384'],
    ['lora fine-tune of llama-2-7b, max_sample_length: 1024, batch 2 on a T4', 1024, 'max_sample_length: 1024'],
    ['qwen1.5-7b 微调, 参数 max_seq_length_train=3072, 单卡A100', 3072, 'max_seq_length_train=3072'],
  ])('%s → seq %i, said', (text, seq, words) => {
    const { scenario, said } = read(text);
    expect(scenario.seq).toBe(seq);
    expect(said).toContain(`from "${words}"?`);
  });

  it('an input length and a generation length, each by its name, hold the prompt and what is generated (c984 shape)', () => {
    const { scenario } = read('llama-3-70b eval on 4x A100 80G, config:\ninput_max_length: 131072\ngeneration_max_length: 20\nuse_chat_template: false');
    expect(scenario.seq).toBe(131092);
    expect(scenario.inference.newTokens).toBe(20);
  });

  it.each([
    ['max_token_len', 'seq'],
    ['input_max_length', 'input'],
    ['generation_max_length', 'output'],
    ['context_window', 'seq'],
    ['data.max_seqlen', 'seq'],
  ])('%s names a length (%s)', (key, role) => expect(lengthRoleOf(key)).toBe(role));

  it.each(['eval_max_length', 'max_num_batched_tokens', 'length_penalty', 'pad_to_max_length', 'max_len_a', 'max_position_embeddings', 'sliding_window', 'input_output_len', 'max_len', 'query_max_len', 'passage_max_len'])(
    '%s is not read by its name',
    (key) => expect(lengthRoleOf(key)).toBeNull(),
  );

  it("an embedding trainer's query and passage lengths are no run length (c1840 shape)", () => {
    const text = 'torchrun --nproc_per_node 4 -m training.run --model_name_or_path meta-llama/Meta-Llama-3-8B-Instruct --per_device_train_batch_size 1 --query_max_len 64 --passage_max_len 256 --bf16';
    expect(read(text).scenario.seq).toBe(2048);
  });

  it('an unlisted key beside a listed one leaves the listed length', () => {
    expect(read('llama-2-7b lora, max_seq_length: 4096, eval_max_length: 512, on a 4090').scenario.seq).toBe(4096);
  });
});
