import { IGNORE, isFalse, isTrue, numberOf, say, unquote, type Handler, type KeyContext } from './values.js';

/**
 * The rollout engine's keys of online RL trainers, read as the language's rollout items
 * (memory/rollout-engine.ts counts what they say):
 * - TRL GRPOConfig (trl/trainer/grpo_config.py, v0.18 →): `vllm_mode` "colocate" runs vLLM in the trainer's
 *   process on its GPUs, "server" (the default) on GPUs of its own; `vllm_gpu_memory_utilization` (0.3)
 *   "only applies when vllm_mode is set to 'colocate'"; `vllm_enable_sleep_mode` (False) puts the engine to
 *   sleep (level 2) after each generation. ms-swift passes the same keys to TRL.
 * - verl (ppo_trainer.yaml): the hybrid engine is co-located; `rollout.gpu_memory_utilization` (0.5) and
 *   `rollout.free_cache_engine` (True: the cache engine is freed / the engine sleeps while the actor trains).
 * - OpenRLHF (openrlhf/cli/train_ppo_ray.py): `--colocate_all_models` puts the vLLM engines on the actor's
 *   GPUs, `--vllm_gpu_memory_utilization` (0.9) and `--vllm_enable_sleep` (False) then apply to them.
 */

const colocatedByTrl = (ctx: KeyContext): boolean => unquote(ctx.values?.get('vllm_mode') ?? '') === 'colocate';
/** A store_true flag written bare (`--colocate_all_models`) has an empty value: on. */
const flagOn = (v: string): boolean => unquote(v) === '' || !isFalse(v);
const colocatedByOpenRlhf = (ctx: KeyContext): boolean => ctx.keys.has('colocate_all_models') && flagOn(ctx.values?.get('colocate_all_models') ?? '');

function utilOf(v: string): number | null {
  const n = numberOf(v);
  return Number.isFinite(n) && n > 0 && n <= 1 ? n : null;
}

/** TRL `vllm_mode`: where the engine runs. */
export const trlVllmMode: Handler = (v) => {
  const mode = unquote(v);
  if (mode === 'colocate') return say('rollout colocate');
  if (mode === 'server') return say('rollout server');
  return IGNORE;
};

/**
 * `VLLM_GPU_MEMORY_UTILIZATION` in capitals is no TRL flag but the environment vLLM's own test suites read for the engine
 * they build (`VLLM_GPU_MEMORY_UTILIZATION=0.85 python -m pytest tests/v1/…`, vllm-project/vllm#48943, corpus c3094:
 * read as TRL's server-mode share and dropped): vLLM's share of the card, the engine named weak as its other variables
 * are (engine-variables.ts).
 */
const vllmEnvironment = (ctx: KeyContext): boolean => ctx.spelling === 'VLLM_GPU_MEMORY_UTILIZATION';

/** TRL `vllm_gpu_memory_utilization`: the co-located engine's share; beside server mode (or no mode: TRL's default is server) it sizes another GPU's engine. */
export const trlVllmUtil: Handler = (v, ctx) => {
  const util = utilOf(v);
  if (util === null) return IGNORE;
  if (vllmEnvironment(ctx)) return { say: `vllm util ${util}`, weak: true };
  if (!colocatedByTrl(ctx)) return { ignore: true, note: `vllm_gpu_memory_utilization ${util} sizes the vLLM engine on GPUs of its own (TRL's vllm_mode is "server" unless set to "colocate"): nothing of it on the training GPUs` };
  return say(`rollout util ${util}`);
};

/** TRL `vllm_enable_sleep_mode`: the co-located engine sleeps while the policy trains. */
export const trlVllmSleep: Handler = (v, ctx) => {
  if (!colocatedByTrl(ctx)) return IGNORE;
  if (isTrue(v)) return say('rollout sleep');
  return isFalse(v) ? say('rollout no sleep') : IGNORE;
};

/** verl `actor_rollout_ref.rollout.gpu_memory_utilization`: the hybrid engine's share of the actor's GPUs. */
export const verlRolloutUtil: Handler = (v) => {
  const util = utilOf(v);
  return util === null ? IGNORE : say(`rollout colocate rollout util ${util}`, `rollout.gpu_memory_utilization ${util}: verl's hybrid engine runs vLLM on the actor's GPUs, reserving ${util} of each card while it generates`);
};

/** verl `actor_rollout_ref.rollout.free_cache_engine`: True (the default) frees the engine's memory while the actor trains. */
export const verlFreeCacheEngine: Handler = (v) => {
  if (isTrue(v)) return say('rollout colocate rollout sleep');
  return isFalse(v) ? say('rollout colocate rollout no sleep') : IGNORE;
};

/** OpenRLHF `--colocate_all_models`: the vLLM engines share the actor's GPUs, at OpenRLHF's default 0.9 unless the utilization is given. */
export const openRlhfColocate: Handler = (v, ctx) => {
  if (!flagOn(v)) return IGNORE;
  const given = ctx.keys.has('vllm_gpu_memory_utilization');
  return given ? say('rollout colocate') : say('rollout colocate rollout util 0.9', "colocate_all_models: the vLLM engines share the actor's GPUs at OpenRLHF's default --vllm_gpu_memory_utilization 0.9");
};

/** OpenRLHF `--vllm_gpu_memory_utilization`: on the actor's GPUs only with --colocate_all_models. */
export const openRlhfVllmUtil: Handler = (v, ctx) => {
  const util = utilOf(v);
  if (util === null) return IGNORE;
  return colocatedByOpenRlhf(ctx) ? say(`rollout util ${util}`) : { ignore: true, note: `vllm_gpu_memory_utilization ${util} sizes the vLLM engines on GPUs of their own (no --colocate_all_models)` };
};

/** OpenRLHF `--vllm_enable_sleep`: the co-located engines sleep while the actor trains. */
export const openRlhfVllmSleep: Handler = (v, ctx) => (colocatedByOpenRlhf(ctx) && flagOn(v) ? say('rollout sleep') : IGNORE);
