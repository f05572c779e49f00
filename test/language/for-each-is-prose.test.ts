import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * "for each" is ordinary English ("2k tokens for each query", "for each GPU"), not the optimizer's
 * foreach implementation: read as `impl foreach` it is a training-only setting and turned serving
 * questions into fine-tunes. The single word "foreach" (PyTorch's flag) still sets it.
 */
describe('"for each" is prose, "foreach" is the optimizer flag', () => {
  it.each([
    'llama-3-8b on a 4090, 2k tokens for each query',
    'run qwen2.5-7b on 2x L4 with 4k context for each request',
    'serve mistral-7b on an A10G, 512 tokens for each user',
  ])('%s stays inference', (text) => {
    expect(read(text).scenario.mode).toBe('inference');
  });

  it('the optimizer flag is still read, as a training-only setting', () => {
    const scenario = read('13b adamw foreach on 8x a100-80g').scenario;
    expect(scenario.mode).toBe('full');
    expect(scenario.optimizerImpl).toBe('foreach');
    expect(read('13b adamw fused on 8x a100-80g').scenario.optimizerImpl).toBe('fused');
  });
});

