import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * A snake_case key no table reads that opens a YAML block ("kv_cache_config:", TensorRT-LLM's extra options)
 * names only its children: it is blanked, so a keyword inside its name ("kv", "layers") sets no model field.
 * NVIDIA/TensorRT-LLM#8802 (c1196) had read "kv" from it and a later "TP=4" as 4 KV heads, in silence.
 */
describe('an unknown block key sets nothing', () => {
  it('c1196: EXAONE-4.0-32B keeps its own KV heads', () => {
    const { scenario } = corpusLineRead('c1196');
    expect(scenario.model.id).toBe('exaone-4.0-32b');
    expect(scenario.model.overrides).toEqual([]);
  });

  it.each([
    'serve llama-3.1-8b with trtllm-serve, tp 2\n```\nkv_cache_config:\n  enable_block_reuse: false\n```\nworks with TP=2',
    'serve llama-3.1-8b on 2x a100, tp 2\n```yaml\nkv_cache_config:\n  free_gpu_memory_fraction: 0.85\nlayers_to_skip:\n  - 3\n```\n',
    '```\nheads_config:\n  enable_something: true\n```\nserve llama-3.1-8b, tp 4 on 4x l40s',
  ])('%s', (text) => {
    const { scenario } = read(text);
    expect(scenario.model.id).toBe('llama-3.1-8b');
    expect(scenario.model.overrides).toEqual([]);
  });
});
