import type { KeyContext } from './values.js';

/**
 * Keys that say a run samples a group of rollouts for each prompt: prime-rl's orchestrator
 * (`rollouts_per_example`, src/prime_rl/orchestrator/config.py), TRL's GRPOConfig (`num_generations`,
 * trl/trainer/grpo_config.py; the singular is om-ai-lab/VLM-R1#93's spelling) and OpenRLHF's
 * `--n_samples_per_prompt` (openrlhf/cli/train_ppo_ray.py), verl's rollout.n (`ROLLOUT_N`, `n_resp_per_prompt`).
 */
/**
 * verl's rollout.n as its example scripts name the variable that sets it (`ROLLOUT_N=5`, verl-project/verl#3159, c2043;
 * `n_resp_per_prompt=16` in recipe/dapo's scripts). verl's data.train_batch_size counts prompts, each sampled
 * rollout.n times (verl docs, config.rst: "train_batch_size … prompts"), where prime-rl's batch_size counts
 * rollouts (c871 reads it as the global batch beside its micro_batch_size).
 */
const PROMPT_GROUP_KEYS = ['rollout_n', 'n_resp_per_prompt'];
const GROUP_KEYS = ['rollouts_per_example', 'num_generations', 'num_generation', 'n_samples_per_prompt', ...PROMPT_GROUP_KEYS];

/** The batch beside this key counts prompts, whatever else is set beside it. */
export const countsPrompts = (ctx: KeyContext): boolean => PROMPT_GROUP_KEYS.some((k) => ctx.keys.has(k));
/**
 * Sections whose batch counts prompts a step samples: prime-rl's `[orchestrator]` (a YAML block's parent, or
 * the dotted prefix of its CLI, `--orchestrator.batch_size 64`), a `rollout:` block.
 */
const ROLLOUT_SECTIONS = new Set(['orchestrator', 'rollout']);
const SECTION_PREFIX = /(?:^|[.-])(orchestrator|rollout)\.[a-z_]*batch_size$/i;

/**
 * "[orchestrator]\nbatch_size = 64\nrollouts_per_example = 8" (PrimeIntellect-ai/prime-rl#1685, corpus
 * c1833): beside a rollout group's key, or inside the orchestrator's section, a bare `batch_size` is the
 * prompts (or rollouts) a step samples across the whole run, as prime-rl's orchestrator config defines
 * it, never the micro-batch one GPU holds in its forward pass (read as one, c1833's 4B model at 64k
 * tokens was estimated with 64 sequences of activations and logits on each card). The run's micro-batch is then unstated (the default, said).
 */
export function rolloutBatch(n: number, ctx: KeyContext): { ignore: true; note: string } | null {
  const group = GROUP_KEYS.find((k) => ctx.keys.has(k));
  const section = ctx.parent !== null && ROLLOUT_SECTIONS.has(ctx.parent) ? ctx.parent : (SECTION_PREFIX.exec(ctx.spelling ?? '')?.[1] ?? null);
  if (!group && !section) return null;
  const why = group ? `beside ${group}` : `in the ${section} section`;
  return { ignore: true, note: `batch_size ${n} ${why} counts the prompts an RL step samples, not the micro-batch per GPU (say "mbs N" for the trainer's)` };
}
