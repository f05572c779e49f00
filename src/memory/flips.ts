import { DEFAULT_WORDS, isDdpDefaultWords } from '../scenario/defaults.js';
import type { Scenario } from '../scenario/schema.js';
import { assumesExampleRecompute } from './example-recompute.js';
import { TRL_RECOMPUTE_WORDS } from '../scenario/trl-preset.js';

/**
 * Settings a user often leaves to the defaults and that change the verdict by themselves
 * (issue 14, item 2): when a request does not fit as read, but would with one of these, and the
 * user did not state that setting, the reply says "Fits only with gc". The other way round,
 * 'no gc': a fit that rests on checkpointing a preset assumed from the framework's examples
 * (example-recompute.ts) says what it needs without it.
 */
export type Flip = 'gc' | 'a paged optimizer' | 'optimizer offload' | 'zero3' | 'no gc';

/** Settings the request left to the defaults, from the resolver's assumption words. */
export function unstatedSettings(assumptions: readonly string[]): Set<Flip> {
  const unstated = new Set<Flip>();
  // Checkpointing left off unsaid: the generic default, or TRL's before v0.22 (scenario/trl-preset.ts).
  if (assumptions.includes(DEFAULT_WORDS.recompute) || assumptions.includes(TRL_RECOMPUTE_WORDS)) unstated.add('gc');
  if (assumptions.includes(DEFAULT_WORDS.optimizer)) unstated.add('a paged optimizer');
  if (assumptions.includes(DEFAULT_WORDS.offload)) unstated.add('optimizer offload');
  // A multi-GPU run that named no sharding is read as DDP (issue 23 item 8): a full fine-tune that
  // ran on cards no replica fits was sharded, so what ZeRO-3 gives is said beside the DDP verdict.
  if (assumptions.some(isDdpDefaultWords)) unstated.add('zero3');
  // Checkpointing assumed from a framework's examples, not its program (example-recompute.ts): a
  // fit is tried without it.
  if (assumesExampleRecompute(assumptions)) unstated.add('no gc');
  return unstated;
}

/**
 * The scenario with one setting changed, or null when it would change nothing: gc = full
 * recompute (HF gradient_checkpointing); a paged optimizer = bitsandbytes' paged AdamW of the same
 * precision (its states page out under pressure); optimizer offload = ZeRO-Offload of the step.
 */
export function withSetting(s: Scenario, flip: Flip): Scenario | null {
  if (s.mode === 'inference') return null;
  switch (flip) {
    case 'gc':
      return s.recompute === 'none' || s.recompute === 'selective' ? { ...s, recompute: 'full' } : null;
    case 'a paged optimizer':
      if (s.optimizer === 'adamw' || s.optimizer === 'adam') return { ...s, optimizer: 'paged-adamw' };
      return s.optimizer === 'adamw-8bit' ? { ...s, optimizer: 'paged-adamw-8bit' } : null;
    case 'optimizer offload':
      return s.offload.optimizer === 'none' ? { ...s, offload: { ...s.offload, optimizer: 'cpu' } } : null;
    case 'zero3':
      // ZeRO-3 (DeepSpeed stage 3; FSDP full shard holds the same shards): 16-bit weights, gradients
      // and optimizer states partitioned over the GPUs, the rest of the scenario as read.
      return s.sharding.kind === 'ddp' ? { ...s, sharding: { kind: 'zero', stage: 3 } } : null;
    case 'no gc':
      return s.recompute !== 'none' ? { ...s, recompute: 'none' } : null;
  }
}

/** The flips tried on a request that does not fit, in the order the reply names them. */
export const FLIP_ORDER: Flip[] = ['gc', 'a paged optimizer', 'optimizer offload', 'zero3'];
