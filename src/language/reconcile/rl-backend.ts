import type { Item } from '../items.js';
import { TRAINING_ALGORITHMS as ALGORITHMS } from './training-algorithms.js';

type FrameworkItem = Extract<Item, { kind: 'framework' }>;

/**
 * Training backends an RL framework runs its policy on: NeMo RL's and verl's Megatron-Core path, slime's
 * and ms-swift's Megatron trainers. Beside an algorithm the backend is how the policy trains, not another
 * run; the item language has one framework slot.
 */
const BACKENDS = new Set(['megatron']);

/**
 * An RL algorithm and the Megatron backend that trains its policy, both named ("grpo-qwen3.5-35ba3b-2n8g-megatron-ep16",
 * "the Megatron/MCore backend … GRPO recipe", "megatron GRPO强化训练"): one setup, the algorithm's run (its reference
 * and rollout models in memory), whichever word comes first. The first said had won, so "megatron … grpo" read as a
 * plain Megatron pre-training recipe, and "megatron grpo" with no punctuation was refused as two frameworks
 * (ms-swift#8318, c2864). The corpus reads these lines as the algorithm (c2927, c2743: "`grpo` and `megatron`
 * both set the framework, so the backend stays here"). The backend's parallel sizes stay; its own recipe
 * (fp32 main grads, distributed optimizer) is not modelled under the algorithm, and the reply says so.
 */
export const ALGORITHM_OVER_BACKEND_RULE = {
  id: 'reconcile.algorithm-over-backend',
  example: 'fix: resolve qwen3.5-35ba3b megatron ep16 OOM via TP=2 … The grpo-qwen3.5-35ba3b-2n8g-megatron-ep16 nightly began OOMing',
  source: 'NVIDIA-NeMo/RL#2668',
} as const;

export function algorithmOverBackend(items: Item[], notes: string[]): Item[] {
  const algorithm = items.find((i): i is FrameworkItem => i.kind === 'framework' && ALGORITHMS.has(i.value));
  if (!algorithm) return items;
  const backends = items.filter((i): i is FrameworkItem => i.kind === 'framework' && BACKENDS.has(i.value));
  if (backends.length === 0) return items;
  const name = algorithm.value === 'reward' ? 'reward-model training' : algorithm.value.toUpperCase();
  notes.push(
    `"${backends[0]!.text.trim()}" read as the backend that trains ${name}'s policy, one setup with "${algorithm.text.trim()}": estimated as ${name}'s run (its models in memory); Megatron's own recipe (fp32 main grads, distributed optimizer) is not in the estimate — say "megatron" alone for that`,
  );
  return items.filter((i) => !backends.includes(i as FrameworkItem));
}
