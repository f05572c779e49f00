import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * Batch b16 (test/corpus/first-sight.md), c622: ChatGLM3's and GLM-4's finetune_demo configs give
 * `max_input_length` and `max_output_length`; a training sample holds both, so the sequence is their
 * sum. Alone, TGI's `--max-input-length` (a server's prompt cap) stays unread (config-keys/sequence.ts).
 */
describe('max_input_length + max_output_length is the sequence', () => {
  it('c622 (THUDM/ChatGLM3): 2048 + 512 is seq 2560', () => {
    const r = read('chatglm3-6b lora on 4090 24G\nmax_input_length: 2048\nmax_output_length: 512\nper_device_train_batch_size: 1');
    expect(r.scenario.seq).toBe(2560);
    expect(r.said).not.toMatch(/seq \d+ \(default\)/);
  });

  it.each([
    ['glm-4-9b lora, 单卡3090ti\nmax_input_length: 512\nmax_output_length: 512', 1024],
    ['chatglm3-6b lora on a 4090: --max_input_length 1024 --max_output_length 256', 1280],
  ])('%s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });

  it("TGI's --max-input-length alone is no training length", () => {
    const r = read('text-generation-launcher --model-id meta-llama/Llama-2-7b-hf --max-input-length 4000 --max-total-tokens 4096 on an A100');
    expect(r.scenario.seq).not.toBe(4000);
  });
});
