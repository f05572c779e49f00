import { saidUnmodelled } from '../program-option.js';
import { IGNORE, isFalse, numberOf, say, unquote, type Handler } from '../values.js';

/**
 * llama.cpp's ways of keeping a MoE's routed experts in host RAM (common/arg.cpp), read as "cpu moe" / "n cpu moe N"
 * (scenario/resolve-serving.ts, memory/gguf.ts):
 * - `--cpu-moe` / `-cmoe`: every layer's `ffn_(up|down|gate)_exps` on the CPU buffer;
 * - `--n-cpu-moe N` / `-ncmoe N` (KoboldCpp `--moecpu N`): those of the first N layers;
 * - `-ot` / `--override-tensor` with a pattern naming the experts and the CPU ("exps=CPU",
 *   ".ffn_.*_exps.=CPU", the recipe the flags above replaced): every layer's, as --cpu-moe. Any other
 *   pattern places tensors the estimate does not model, and is said so.
 */
export const cpuMoeSwitch: Handler = (v) => (isFalse(v) ? IGNORE : say('cpu moe'));

export const cpuMoeLayers: Handler = (v) => {
  // KoboldCpp's --moecpu with no number keeps every layer's experts back, as --cpu-moe.
  if (unquote(v) === '') return say('cpu moe');
  const n = numberOf(v);
  return Number.isInteger(n) && n > 0 ? say(`n cpu moe ${n}`) : IGNORE;
};

const EXPERTS_ON_CPU = /exps[^=,]*=\s*cpu\b/i;

export const overrideTensors =
  (says: string): Handler =>
  (v, ctx) => {
    const value = unquote(v);
    if (EXPERTS_ON_CPU.test(value)) return say('cpu moe');
    if (value === '') return IGNORE;
    const theirs = ctx.pair && ctx.pair.length <= 80 ? ctx.pair : `-ot ${value}`;
    return saidUnmodelled({ says }, theirs, 'tensors placed on the buffer each pattern names', 'weights');
  };
