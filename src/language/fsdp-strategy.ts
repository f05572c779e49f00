/**
 * FSDP and one of its sharding strategies (torch.distributed.fsdp.ShardingStrategy: SHARD_GRAD_OP, HYBRID_SHARD)
 * name one run: the strategy says which FSDP, as accelerate's `fsdp_sharding_strategy` beside `distributed_type: FSDP`
 * does. FULL_SHARD is FSDP's default and already reads as "fsdp". Neither a contradiction (scenario/patch.ts) nor two
 * alternatives tried (reconcile/tried-alternatives.ts): the strategy is the reading.
 */
const FSDP_STRATEGIES = new Set(['fsdp-grad-op', 'hsdp']);

export function namesOneFsdp(a: unknown, b: unknown): boolean {
  return (a === 'fsdp' && FSDP_STRATEGIES.has(b as string)) || (b === 'fsdp' && FSDP_STRATEGIES.has(a as string));
}
