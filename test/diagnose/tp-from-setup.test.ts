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
    expect(actions(text)).toMatch(/split them over --tensor-parallel-size 4 \(from 2\)/);
    expect(actions(text)).not.toMatch(/over --tensor-parallel-size 2\b/);
  });

  it('with no split stated, the advice stays tp 2', () => {
    expect(actions(`Serving llama-2-13b with vLLM on 1x a10g:\n${NO_BLOCKS}`)).toMatch(/split them over --tensor-parallel-size 2\./);
  });
});

/** Advice the setup already follows is not given again (a stranger at 0.95 with AWQ weights was told to raise the one and quantize the other). */
describe('vLLM advice leaves out what the setup already does', () => {
  const text = `trying to serve Qwen2.5-32B-Instruct-AWQ with vllm on 2x RTX 3090, --gpu-memory-utilization 0.95 --tensor-parallel-size 2:\n${NO_BLOCKS}`;
  it('at utilization 0.95 it is not told to raise it', () => {
    expect(actions(text)).not.toMatch(/Raise --gpu-memory-utilization/);
    expect(actions(text)).toMatch(/--gpu-memory-utilization is 0\.95 already/);
  });
  it('with 4-bit weights it is told to split them, not to quantize them', () => {
    expect(actions(text)).not.toMatch(/Quantize the weights/);
    expect(actions(text)).toMatch(/Split the weights over --tensor-parallel-size 4 \(from 2\)/);
  });
  it('16-bit weights below the ceiling keep both levers', () => {
    const plain = actions(`Serving llama-2-7b with vLLM on 1x a10g, gpu_memory_utilization 0.8:\n${NO_BLOCKS}`);
    expect(plain).toMatch(/Raise --gpu-memory-utilization/);
    expect(plain).toMatch(/Quantize the weights/);
  });
  it('16-bit weights larger than the card: utilization is no lever, quantizing or splitting is', () => {
    const over = actions(`Serving llama-2-13b with vLLM on 1x a10g, gpu_memory_utilization 0.8:\n${NO_BLOCKS}`);
    expect(over).not.toMatch(/Raise --gpu-memory-utilization/);
    expect(over).toMatch(/Utilization cannot give it: the weights alone \(24\.\d\d GiB per GPU/);
    expect(over).toMatch(/Quantize the weights/);
  });
});
