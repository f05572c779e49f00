import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * The GGUF type in the name of the file a loader opens is the run's weights, where the prose names the model
 * (segments/log-evidence.ts log.model-file-type): "Unable to load model: …/ggml/q8_0.v2.gguf" is Q8_0, not the
 * default Q4_K_M; a type the user names outside the log wins.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const log = (loader: string, file: string) =>
  `Getting OOM when loading Qwen2.5-7B on my 8GB card.\n\nError:\nggml_init_cublas: found 1 CUDA devices:\n  Device 0: NVIDIA GeForce RTX 3070, compute capability 8.6\n${loader} ${file}\n`;

describe("the GGUF type of a loader's file", () => {
  it('c1200: Q8_0 from the file Tabby failed to load', () => {
    expect(read(line('c1200').text).scenario.weights).toBe('q8_0');
  });

  it.each([
    ['ERROR llama_cpp_bindings: Unable to load model:', '/data/models/qwen/ggml/q8_0.v2.gguf', 'q8_0'],
    ['llama.cpp: loading model from', 'models/qwen/q5_K_M.gguf', 'q5_k_m'],
    ['llama_model_loader: loaded meta data with 24 key-value pairs and 291 tensors from', '/models/qwen-7b-chat/ggml-model-q2_k.gguf', 'q2_k'],
  ])('%s %s', (loader, file, weights) => {
    expect(read(log(loader, file)).scenario.weights).toBe(weights);
  });

  it("the user's own type wins over the log's", () => {
    const text = log('Unable to load model:', '/data/models/qwen/ggml/q8_0.v2.gguf').replace('Qwen2.5-7B', 'Qwen2.5-7B Q4_K_M');
    expect(read(text).scenario.weights).toBe('q4_k_m');
  });
});
