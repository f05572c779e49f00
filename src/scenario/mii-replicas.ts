import { MII_DEFAULT_TP } from '../memory/mii.js';
import type { Resolution } from './resolution.js';

/** DeepSpeed-MII or its FastGen named among the serve words ("mii.serve", "deepspeed-mii", "fastgen"). */
export const namesMii = (text: string): boolean => /(?<![a-z])mii(?![a-z])|fastgen/i.test(text);

/**
 * DeepSpeed-MII with no tensor_parallel: ModelConfig takes `int(os.getenv("WORLD_SIZE", "1"))`
 * (mii/config.py, memory/mii.ts), so `mii.serve(model)` started with python shards over nothing —
 * the whole model on one GPU for its one replica, whatever the node holds. A split the message
 * states (tp, pp) is taken as said.
 */
export function miiServesWholeModel(r: Resolution): boolean {
  const s = r.s;
  const engine = r.patch.get<string>('engine');
  if (s.mode !== 'inference' || !engine || !namesMii(engine.item.text) || r.gpus() <= 1) return false;
  if (r.patch.has('par.tp') || r.patch.has('par.pp') || r.patch.has('par.dp')) return false;
  return r.isNew || r.modeChanged();
}

export function miiWholeModelAssumption(r: Resolution): string {
  const n = r.gpus();
  return `the whole model on one GPU per replica: DeepSpeed-MII's tensor_parallel defaults to WORLD_SIZE, else ${MII_DEFAULT_TP} (mii/config.py ModelConfig); say tp ${n} (tensor_parallel=${n}) to shard the model over the ${n} GPUs`;
}
