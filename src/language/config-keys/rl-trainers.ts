import { launcherGpus } from './readers.js';
import { IGNORE, numberOf, say, unquote, type Handler, type KeyTable } from './values.js';

/**
 * RL trainers that place each model on its own GPUs. OpenRLHF's Ray PPO (openrlhf/cli/train_ppo_ray.py)
 * starts the actor, the reference, the critic, the reward model and the vLLM engines as separate Ray
 * groups, each of `<role>_num_nodes` × `<role>_num_gpus_per_node` GPUs: the run asked about trains the
 * actor, so its GPUs are the actor's (OpenRLHF/OpenRLHF#756, corpus c526; c315). Its
 * `--train_batch_size` is the global batch over the actor's data-parallel ranks, so the accumulation
 * the resolver derives from it is over those GPUs.
 */

/** The actor's GPUs: its nodes × its GPUs per node, said as derived. */
const actorGpus: Handler = (v, ctx) => {
  const perNode = numberOf(v);
  if (!Number.isInteger(perNode) || perNode <= 0) return IGNORE;
  const nodes = numberOf(ctx.values?.get('actor_num_nodes') ?? '1');
  const total = perNode * (Number.isInteger(nodes) && nodes > 0 ? nodes : 1);
  const reading = launcherGpus(total);
  if (reading === null || !('say' in reading)) return reading;
  return {
    ...reading,
    note: `${total} GPU${total === 1 ? '' : 's'} for the actor: actor_num_nodes ${nodes > 0 ? nodes : 1} × actor_num_gpus_per_node ${perNode} (OpenRLHF places the reference, critic, reward model and vLLM engines on GPUs of their own)`,
  };
};

/**
 * OpenRLHF's `--advantage_estimator` picks the algorithm its Ray PPO entry point runs
 * (openrlhf/cli/train_ppo_ray.py; docs "Algorithm Comparison"): `gae` is PPO with its critic;
 * `group_norm` is GRPO and `dr_grpo` Dr. GRPO, both without a critic, so their memory is GRPO's
 * (policy and frozen reference, no value model) whatever the script is named (OpenRLHF/OpenRLHF#1066,
 * corpus c678; #776, c590). REINFORCE++ (`reinforce`, `reinforce_baseline`) and RLOO (`rloo`) drop the critic too; the
 * language has no word for them, and the script's name (train_ppo_ray) had read them as PPO, with a value model they
 * never load ("train 7B model for REINFORCE++ … --advantage_estimator reinforce_baseline", OpenRLHF, corpus c3871):
 * they are read with GRPO's memory, said with the estimator's name.
 */
const CRITIC_FREE: Record<string, string> = { reinforce: 'REINFORCE++', reinforce_baseline: 'REINFORCE++ with a baseline', rloo: 'RLOO' };
/** Every estimator that trains no critic: the key's reading here, and the entry point's algorithm (commands.ts trainerWord). */
export const CRITIC_FREE_ESTIMATORS: readonly string[] = ['group_norm', 'dr_grpo', ...Object.keys(CRITIC_FREE)];
const advantageEstimator: Handler = (v) => {
  const value = unquote(v);
  if (value === 'gae') return say('ppo');
  if (!CRITIC_FREE_ESTIMATORS.includes(value)) return IGNORE;
  const named = CRITIC_FREE[value];
  return named ? say('grpo', `advantage_estimator ${value} is ${named}: no critic, read with GRPO's memory (policy and frozen reference); say "ppo" if a value model is trained too`) : say('grpo');
};

/**
 * Completions generated per prompt (`num_generations`) is a group-relative trainer's setting: TRL's
 * GRPOConfig (trl/trainer/grpo_config.py: "Number of generations per prompt to sample"), ms-swift's
 * and Unsloth's GRPO, which pass it to TRL; RLOOConfig took the name later, and RLOO keeps GRPO's
 * memory (policy and frozen reference, no critic). Read as GRPO on that cue alone, said as a guess:
 * "even set num_generation = 2 and per_device_train_batch_size = 1" (om-ai-lab/VLM-R1#93, c898);
 * the corpus's other lines with the key (c142, c337, c507, c1653, c1685) name GRPO as well. The
 * singular is that user's spelling. A framework the message names reads its own option first
 * (TRL lists it as changing no memory: the micro-batch already counts completions).
 */
const generationsPerPrompt: Handler = (v) => {
  const n = numberOf(v);
  if (!Number.isInteger(n) || n < 1) return IGNORE;
  return { say: 'grpo', weak: true, note: `num_generations ${n} is a GRPO setting (completions per prompt, TRL's GRPOConfig): read as GRPO; say "ppo" or "dpo" if the run is another` };
};

/**
 * Rollouts sampled per prompt (`rollouts_per_example`) is the group size of a group-relative trainer:
 * prime-rl's orchestrator config (PrimeIntellect-ai/prime-rl src/prime_rl/orchestrator/config.py,
 * "Number of output sequences to return per example during training") and the verifiers library's
 * environments it drives, whose advantage is each rollout's reward less its group's mean (GRPO's,
 * no critic). Read as GRPO on that cue alone, said as a guess, as num_generations is: prime-rl's
 * `orch.toml` beside its trainer's `[model.lora]` (PrimeIntellect-ai/prime-rl#950, #1097, #1685;
 * corpus c679, c871, c1833).
 */
const rolloutsPerExample: Handler = (v) => {
  const n = numberOf(v);
  if (!Number.isInteger(n) || n < 1) return IGNORE;
  return { say: 'grpo', weak: true, note: `rollouts_per_example ${n} is a group-relative RL setting (rollouts per prompt, prime-rl's orchestrator): read as GRPO; say "ppo" or "dpo" if the run is another` };
};

/**
 * OpenR's `--algorithm_name` (openreasoner/openr train_math.py: "APPO", its asynchronous PPO, or "PPO"): the
 * policy trained with PPO's actor and critic, whatever the script is named ("python -u train_math.py … --algorithm_name
 * "APPO" --ppo_epoch 1", openreasoner/openr#60, c2868). GRPO is read as GRPO; another name is left to the words.
 */
const algorithmName: Handler = (v) => {
  const value = unquote(v).toLowerCase();
  if (/^a?ppo$/.test(value)) return say('ppo');
  return value === 'grpo' ? say('grpo') : IGNORE;
};

/** Another role's GPUs hold another model: not the actor's, so no setting of the run estimated. */
const otherRole: Handler = () => IGNORE;

export const RL_TRAINER_KEYS: KeyTable = {
  actor_num_gpus_per_node: { reads: actorGpus, source: 'OpenRLHF openrlhf/cli/train_ppo_ray.py; OpenRLHF/OpenRLHF#756' },
  // Read with actor_num_gpus_per_node, which multiplies it in.
  actor_num_nodes: { reads: () => IGNORE, source: 'OpenRLHF openrlhf/cli/train_ppo_ray.py' },
  advantage_estimator: { reads: advantageEstimator, source: 'OpenRLHF openrlhf/cli/train_ppo_ray.py; OpenRLHF/OpenRLHF#1066' },
  algorithm_name: { reads: algorithmName, source: 'openreasoner/openr train_math.py; openreasoner/openr#60' },
  num_generations: { reads: generationsPerPrompt, source: 'huggingface/trl trl/trainer/grpo_config.py; om-ai-lab/VLM-R1#93' },
  num_generation: { reads: generationsPerPrompt, source: 'om-ai-lab/VLM-R1#93 (the singular as written)' },
  rollouts_per_example: { reads: rolloutsPerExample, source: 'PrimeIntellect-ai/prime-rl src/prime_rl/orchestrator/config.py; prime-rl#950, #1097' },
  ref_num_nodes: { reads: otherRole },
  ref_num_gpus_per_node: { reads: otherRole },
  critic_num_nodes: { reads: otherRole },
  critic_num_gpus_per_node: { reads: otherRole },
  reward_num_nodes: { reads: otherRole },
  reward_num_gpus_per_node: { reads: otherRole },
  vllm_num_engines: { reads: otherRole },
  vllm_tensor_parallel_size: { reads: otherRole },
  colocate_actor_ref: { reads: otherRole },
  colocate_critic_reward: { reads: otherRole },
  colocate_all_models: { reads: otherRole },
};
