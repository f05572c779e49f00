import { isOnlineRl } from '../memory/rl.js';
import type { ErrorReply } from '../reply/types.js';
import type { Resolution } from './resolution.js';

const SLOTS = ['rolloutPlace', 'rolloutUtil', 'rolloutSleep'] as const;

/**
 * The rollout engine of an online RL run ("rollout colocate", "rollout util 0.5", "rollout sleep",
 * "rollout server"; TRL vllm_mode / vllm_gpu_memory_utilization / vllm_enable_sleep_mode, verl
 * actor_rollout_ref.rollout.*, OpenRLHF --colocate_all_models / --vllm_gpu_memory_utilization /
 * --vllm_enable_sleep): memory/rollout-engine.ts counts its share of the training GPUs.
 *
 * A utilization or a sleep mode said without a placement is an engine on the training GPUs: both
 * settings apply to a co-located engine only (TRL grpo_config.py: vllm_gpu_memory_utilization "only
 * applies when vllm_mode is set to 'colocate'"), said. Not an online RL run: set aside and said.
 */
export function rolloutStep(r: Resolution): ErrorReply | null {
  const s = r.s;
  const place = r.patch.value<'colocate' | 'server'>('rolloutPlace');
  const util = r.patch.value<number>('rolloutUtil');
  const sleep = r.patch.value<boolean>('rolloutSleep');
  const said = SLOTS.filter((slot) => r.patch.has(slot));
  if (!isOnlineRl(s)) {
    delete s.rollout;
    if (said.length > 0) {
      const words = said.map((slot) => `"${r.patch.get(slot)!.item.text}"`).join(', ');
      for (const slot of said) r.patch.drop(slot);
      r.assume(`${words} not used: a rollout engine belongs to an online RL run (GRPO, PPO), and this is none`);
    }
    return null;
  }
  if (said.length === 0) return null;
  const prior = s.rollout;
  const placement = place ?? prior?.placement ?? 'colocate';
  const keptUtil = util ?? prior?.util;
  const keptSleep = sleep ?? prior?.sleep;
  s.rollout = { placement, ...(keptUtil !== undefined ? { util: keptUtil } : {}), ...(keptSleep !== undefined ? { sleep: keptSleep } : {}) };
  if (place === undefined && prior === undefined) {
    r.assume('rollout engine on the training GPUs (co-located), as its utilization and sleep mode apply only there (say "rollout server" if it runs on GPUs of its own)');
  }
  if (placement === 'server' && (util !== undefined || sleep !== undefined)) {
    r.assume('the rollout engine runs on GPUs of its own ("rollout server"): its utilization and sleep mode take nothing from the training GPUs');
  }
  return null;
}
