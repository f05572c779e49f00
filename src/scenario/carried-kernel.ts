import { hfDefaultAttention } from '../memory/attention-kernel.js';
import type { Resolution } from './resolution.js';
import type { Scenario } from './schema.js';

const KERNEL_NAMES: Record<Scenario['attention'], string> = { flash: 'flash', sdpa: 'SDPA', eager: 'eager' };

/** The kernel a model takes by itself where the request names none (memory/attention-kernel.ts), flash elsewhere. */
function ownKernel(s: Scenario): Scenario['attention'] {
  return hfDefaultAttention(s, s.inference.engine)?.attention ?? 'flash';
}

/**
 * A follow-up that names another model: a kernel the thread took from its old model's own default
 * (Gemma 2's eager under transformers, ChatGLM-6B's own code, flash for a Llama) belonged to that model,
 * not to the thread, so the new model takes its own default, said. c2148: a "Gemma 2 runs too slow"
 * thread, then Llama 3.1 8B under Ollama, had kept Gemma's eager scores unsaid.
 * A kernel the user or a preset named is left alone (patch, presetSet), and so is one the old model
 * would not have taken by itself (the thread said it: "llama-2-7b sdpa", then "and 13b?").
 */
export function kernelOfNewModel(r: Resolution): void {
  const base = r.base;
  if (!base || !r.patch.has('model') || r.patch.has('attention') || r.presetSet.has('attention')) return;
  // Changed already this turn (a model whose own code has only eager, resolve-training.ts): said there.
  if (base.model.name === r.s.model.name || r.s.attention !== base.attention) return;
  if (ownKernel(base) !== base.attention) return;
  const own = hfDefaultAttention(r.s, r.s.inference.engine);
  const kernel = own?.attention ?? 'flash';
  if (kernel === base.attention) return;
  r.s.attention = kernel;
  r.assume(own ? own.words : `flash attention (default): the ${KERNEL_NAMES[base.attention]} kernel was ${base.model.name}'s own, not ${r.s.model.name}'s`);
}
