import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * c835 (NVIDIA/TensorRT-LLM, "llama2 70b(TP=2)" with the engine's config.json): TensorRT-LLM writes the
 * model's shape (num_layers, hidden_size, num_heads) and tensor_parallel into a built engine's config beside
 * its build limits (max_input_len, max_output_len, max_num_tokens; NVIDIA/TensorRT-LLM#1532's build_config).
 * megatron.ts read the shape beside "TP=2" as a Megatron launch script, pre-training, and the request was
 * refused: '"max_input_len": 2048 applies to inference; it contradicts "TP=2"'. An engine's build keys beside
 * the shape make it the engine's.
 */
const text = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe("a built engine's config is served, not a Megatron pre-training script", () => {
  it('c835: Llama-2-70B served at tp 2, prompt 2048 + 512 generated', () => {
    const s = read(text('c835')).scenario;
    expect(s.mode).toBe('inference');
    expect(s.framework).not.toBe('megatron');
    expect(s.parallel.tp).toBe(2);
    expect(s.seq).toBe(2560);
  });

  it.each([
    'llama-2-7b (TP=2) engine config: {"builder_config": {"hidden_size": 4096, "num_heads": 32, "num_layers": 32, "max_input_len": 1024, "tensor_parallel": 2}}',
    'llama-2-13b TP=2\n"build_config": {"max_input_len": 1024, "max_output_len": 1024, "max_batch_size": 1}\n"hidden_size": 5120, "num_heads": 40, "num_layers": 40',
  ])('%s', (t) => {
    const s = read(t).scenario;
    expect(s.mode).toBe('inference');
    expect(s.framework).not.toBe('megatron');
  });

  it('a launch script with the shape and TP and no engine key is still a Megatron run', () => {
    const s = read('TP=2\nPP=1\nNUM_LAYERS=32\nHIDDEN_SIZE=4096\nNUM_ATTENTION_HEADS=32\nllama-2-7b on 8x a100').scenario;
    expect(s.framework).toBe('megatron');
    expect(s.mode).not.toBe('inference');
  });
});
