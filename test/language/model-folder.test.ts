import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * `model_dir` names the model where its last folder looks like one (TensorRT-LLM's build.py,
 * corpus c730; KTransformers), and is TabbyAPI's folder of models otherwise (config_sample.yml).
 * The engines' option lists (config-keys/engines) had set it aside everywhere, so c730's
 * `--model_dir /models/llama-2-70b-chat-hf/` lost its model once those lists were merged.
 */
const read = (text: string) => {
  const outcome = resolveRequest(text, null);
  return outcome.ok ? outcome.scenario : null;
};

describe('model_dir', () => {
  it.each([
    ['python build.py --model_dir /models/llama-2-70b-chat-hf/ --dtype float16 --tp_size 8', 80],
    ['python -m ktransformers.server.main --model_dir /data/Qwen2.5-7B-Instruct --cache_lens 8192', 28],
    ['model_dir: ./llama-2-13b-hf\non a 4090', 40],
  ])('a folder named for a model names it: %s', (text, layers) => {
    expect(read(text)?.model.arch.layers).toBe(layers);
  });

  it("TabbyAPI's folder of models is no model: model_name names it", () => {
    const s = read('tabbyAPI config.yml:\nmodel:\n  model_dir: models\n  model_name: Llama-2-13B\n  max_seq_len: 4096\non a 3090');
    expect(s?.model.arch.layers).toBe(40);
  });
});
