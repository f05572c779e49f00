/**
 * The RL and preference algorithms (and reward-model training) the item language names in the framework slot
 * (items.ts `framework`): each holds models of its own in memory (a reference, a critic, chosen and rejected
 * sequences). One list for every reconcile rule that asks "is this framework item an algorithm?"; each had kept
 * its own copy, and adding `reward` (thirty-seventh session) meant editing five.
 */
export const TRAINING_ALGORITHMS: ReadonlySet<string> = new Set(['grpo', 'ppo', 'dpo', 'orpo', 'reward']);
