import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';

const NO_BLOCKS = [
  'INFO 11-02 10:21:33 gpu_executor.py:122] # GPU blocks: 0, # CPU blocks: 4096',
  'ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.',
].join('\n');

const actions = (text: string) => JSON.stringify(respond(text, null).reply);

/** A split suggested is counted from the one the setup already runs: a server at tp 2 is never told "tp 2". */
describe('vLLM advice splits further than the setup already does', () => {
  it('a stranger at tensor parallel 2 is told tp 4, from 2 (invented, the shape of vllm-project/vllm no-cache-blocks reports)', () => {
    const text = `Serving Mixtral 8x7B Instruct with vLLM 0.6.3 on 2x RTX A6000, tensor parallel 2, max_model_len 16384:\n${NO_BLOCKS}`;
    expect(actions(text)).toMatch(/--tensor-parallel-size 4 to split them \(from 2\)/);
    expect(actions(text)).not.toMatch(/--tensor-parallel-size 2 to split/);
  });

  it('with no split stated, the advice stays tp 2', () => {
    expect(actions(`Serving llama-2-13b with vLLM on 1x a10g:\n${NO_BLOCKS}`)).toMatch(/--tensor-parallel-size 2 to split them\./);
  });
});
