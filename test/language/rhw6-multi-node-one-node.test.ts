import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';

/**
 * Session 40, rhw6: words that say several machines ("multi-node", "multiple H100 nodes", 多机, 多节点) where
 * the count read fits one machine and no node count is given. The count is then a guess against the user's own
 * words: said with them and the switch to a node count, never in silence (issue 22, item 5).
 * sgl-project/sglang#2673 (c3069, b91): "multi-node H100 setup", "Slurm env running multiple H100 nodes", read as
 * one node of eight in silence; verl-project/verl (c2167, b60): "Resource needed for multi-node training".
 */

function nodeDoubt(text: string): string | null {
  const r = readInThread(text, null).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r.notices.find((n) => /say "on N nodes of/.test(n)) ?? null;
}

describe('several machines said, one machine read: the count is said with the words', () => {
  const variations: string[] = [
    "[Bug] DeepSeekV3 instructions don't work for multi-node H100 setup. sglang serve deepseek-v3 --tp 8",
    'Slurm env running multiple H100 nodes to serve DeepSeek-V3 with sglang',
    '多机多卡训练 qwen2.5-72b full zero3，A800 80G',
    'multi-node training of llama-3-70b with FSDP on H100s fails with OOM',
    'Running DeepSeek-R1 across several H200 nodes with vllm, tensor parallel 8',
    'qwen3-235b-a22b 多节点部署 sglang，H20 显卡，tp 8',
    '멀티 노드 H100 환경에서 llama-3-70b full 학습 시 OOM',
    'We pretrain mixtral-8x7b on multiple nodes of 8x A100 80GB with megatron',
  ];
  for (const text of variations) {
    it(`"${text.slice(0, 70)}": the count said with the node words`, () => {
      expect(nodeDoubt(text)).toMatch(/nodes/);
    });
  }
  it('a node count said is no doubt', () => {
    expect(nodeDoubt('multi-node training of llama-3-70b with FSDP on 2 nodes of 8x H100')).toBeNull();
    expect(nodeDoubt('多机多卡训练 qwen2.5-72b full zero3，2台8卡A800')).toBeNull();
  });
  it("a launcher's multi-node key is no such saying", () => {
    expect(nodeDoubt('compute_environment: LOCAL_MACHINE\ndeepspeed_config:\n  deepspeed_multinode_launcher: standard\n  zero_stage: 3\nnum_processes: 8\nllama-2-13b full on 8x A100 80GB')).toBeNull();
  });
});
