import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';

/**
 * Issue 22, item 3 (hardware is one grammar): a training job's scale said as nodes × GPUs per node,
 * in any notation. "we used 32x8 GPUs for the actor" (NVIDIA/NeMo-Aligner#87, c2721: read as 32),
 * "on 32-node H200 … 256gpus" (AI-Hypercomputer/gpu-recipes#195, c2750: read as 32 H200),
 * "2-node, 8-GPU-per-node" (NVIDIA-NeMo/RL#3678, c2743). A total beside a node count is their product.
 */

function gpus(text: string): { count: number; perNode: number | null; card: string | null } {
  const o = readInThread(text, null).outcome;
  if (!o.ok || !o.scenario) throw new Error(`not read: ${text}`);
  const s = o.scenario;
  if (s.hardware) return { count: s.hardware.count, perNode: s.hardware.perNode, card: s.hardware.gpuId ?? null };
  return { count: s.unnamedGpus ?? 1, perNode: s.unnamedPerNode ?? null, card: null };
}

describe('nodes × GPUs per node, in every form', () => {
  it.each([
    // c2721's own words, and variations of the bare product with the word for GPUs and no card.
    ['we did PPO on Llama-2-70B with 4k context. we used 32x8 GPUs for the actor and 8x8 GPUs for the critic.', 256, null],
    ['full finetune llama-2-13b with 4x8 GPUs', 32, null],
    ['pretraining llama-3-8b on 16 x 8 GPUs', 128, null],
    ['full finetune llama-2-13b on 4 nodes x 8 H100', 32, 'h100-80g'],
    ['full finetune llama-2-13b on 2 machines with 8 A100s each', 16, 'a100-80g'],
    ['llama-2-13b 全参微调 2机16卡 A100', 16, 'a100-80g'],
    ['llama-2-13b full finetune 노드 4개 × GPU 8장 H100', 32, 'h100-80g'],
    ['full finetune llama-2-13b, 64 GPUs (8 nodes)', 64, null],
    // c2750, c2749: an N-node machine with the GPUs in all said elsewhere.
    ['Add DeepSeek V3 256gpus BF16 recipe. Adding pretraining recipe for DeepSeek V3 on 32-node H200 (A3Ultra) using BF16.', 256, 'h200'],
    ['Add Llama 3 70B 64gpus FP8CS recipe. Adding pretraining recipe for Llama 3 70B on 8-node H200 (A3Ultra) using FP8CS.', 64, 'h200'],
    ['pretrain llama-3-8b on a 4-node H100 cluster, 32 GPUs', 32, 'h100-80g'],
    // An N-node machine of cards sold on eight-GPU boards, no total: eight a node (said as the default).
    ['pretrain llama-3-70b on 8-node H200', 64, 'h200'],
    // c2743: nodes and GPUs per node, hyphenated.
    ['Adds a 2-node, 8-GPU-per-node GRPO recipe for qwen2.5-7b', 16, null],
    ['full finetune qwen2.5-32b, 4-node, 8-gpu-per-node, H100', 32, 'h100-80g'],
    ['full finetune qwen2.5-32b on 2 nodes with 8 GPUs per node', 16, null],
  ])('%j: %i GPUs', (text, count, card) => {
    const read = gpus(text);
    expect(read.count).toBe(count);
    expect(read.card).toBe(card);
  });
});
