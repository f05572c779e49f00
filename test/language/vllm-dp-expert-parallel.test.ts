import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * vLLM's --enable-expert-parallel splits the experts over the whole TP × DP group (vLLM docs, "Expert
 * Parallel Deployment": EP size = TP size × DP size). It had been read only with a tensor-parallel size
 * above one, so the common data-parallel deployment, `-dp=8 --enable-expert-parallel` (vllm-project/vllm,
 * corpus c814), read no expert split, and vLLM's short `-dp` was not read at all.
 */
describe('expert parallel spans tp × dp', () => {
  it('c814: -dp=8 --enable-expert-parallel is dp 8 and ep 8', () => {
    const { scenario } = read('In my H20 8 nodes, vllm version: `v0.10.1`\n```bash\nvllm serve /tmp/model/Qwen3-Coder-480B-A35B-Instruct-FP8 --served-model-name Qwen3-Coder-480B-A35B-FP8 -dp=8  --enable-expert-parallel --enable-auto-tool-choice\n```');
    expect(scenario.parallel.ep).toBe(8);
    expect(scenario.hardware?.count).toBe(8);
  });

  it.each([
    ['vllm serve Qwen/Qwen3-30B-A3B --data-parallel-size 4 --enable-expert-parallel on 4x h100', 4],
    ['vllm serve deepseek-ai/DeepSeek-V2-Lite -tp 2 -dp 4 --enable-expert-parallel on 8x a100-80g', 8],
    ['vllm serve Qwen/Qwen3-235B-A22B-FP8 --tensor-parallel-size 8 --enable-expert-parallel on 8x h100', 8],
    ['vllm serve Qwen/Qwen3-30B-A3B -dp=2 --enable-expert-parallel on 2x rtx 4090', 2],
  ])('"%s" is ep %i', (text, ep) => {
    expect(read(text).scenario.parallel.ep).toBe(ep);
  });

  it('no expert flag: dp alone is replicas, no expert split', () => {
    expect(read('vllm serve Qwen/Qwen3-30B-A3B --data-parallel-size 4 on 4x h100').scenario.parallel.ep ?? 1).toBe(1);
  });

  it('-tp=2 with "=" reads as -tp 2', () => {
    expect(read('vllm serve meta-llama/Llama-3.1-70B-Instruct -tp=2 on 2x a100-80g').scenario.parallel.tp).toBe(2);
  });
});
