import type { ErrorReply } from '../reply/types.js';
import { programSeq, programSeqWords } from '../catalog/program-seq.js';
import { settable } from './check-set-aside.js';
import { DEFAULT_WORDS } from './defaults.js';
import { namesTrl } from './trl-preset.js';
import type { Resolution } from './resolution.js';
import { DRIVERS, unstatedDrivers, withUnstated } from './unstated.js';

/** The batch step of a resolution (resolve-steps.ts): sequence length, micro-batch, accumulation and global batch. */

export function batchStep(r: Resolution): ErrorReply | null {
  const s = r.s;
  const seq = r.patch.value<number>('seq');
  const mbs = r.patch.value<number>('mbs');
  const ga = r.patch.value<number>('ga');
  const gbs = r.patch.value<number>('gbs');
  // Learned position embeddings (BERT 512, GPT-2 1024) bound the sequence: the default is that bound.
  const positions = s.model.arch.positions === 'learned' ? s.model.arch.maxPositions : undefined;
  if (seq !== undefined) {
    s.seq = seq;
    if (positions !== undefined && seq > positions) {
      return r.err('seq', `${s.model.name} has ${positions} learned positions: a sequence of ${seq} tokens cannot run on it (say seq ${positions} or less).`, { expected: [`seq ${positions} or less`] });
    }
  } else if (positions !== undefined && positions < s.seq) {
    const was = r.isNew ? '' : `; the thread's seq ${s.seq} is longer`;
    s.seq = positions;
    r.assume(`seq ${positions} (${s.model.name}'s learned positions, the longest it takes${was})`);
  } else if (r.isNew) {
    // A named training framework's own default length is a better point than ours (catalog/program-seq.ts).
    const own = s.mode === 'inference' ? null : programSeq(programOf(r), s.llamafactoryVersion);
    if (own && (positions === undefined || own.seq <= positions)) {
      s.seq = own.seq;
      r.assume(programSeqWords(own));
    } else r.assume(DEFAULT_WORDS.seq);
  }
  const derived = mbs === undefined ? microBatchOfGlobal(r, gbs, ga) : undefined;
  if (mbs !== undefined) s.microBatch = mbs;
  else if (derived !== undefined) {
    s.microBatch = derived.microBatch;
    r.assume(`micro-batch ${derived.microBatch} per GPU: gbs ${gbs} ÷ (${derived.replicas} data-parallel replicas × ga ${ga}), as DeepSpeed derives train_micro_batch_size_per_gpu`);
  } else if (r.isNew) r.assume(DEFAULT_WORDS.microBatch);
  if (ga !== undefined) s.gradAccum = ga;
  if (gbs !== undefined) {
    const p = s.parallel;
    const replicas = Math.max(1, Math.floor(r.gpus() / (p.tp * p.pp * p.cp)));
    const perStep = s.microBatch * replicas;
    const steps = gbs / perStep;
    if (!Number.isInteger(steps) || steps < 1) {
      return settable(r.err(
        'gbs',
        `global batch ${gbs} is not a whole multiple of micro-batch ${s.microBatch} × ${replicas} data-parallel replicas (${perStep}); choose a multiple of ${perStep}.`,
        { suggestion: `gbs ${Math.max(1, Math.round(gbs / perStep)) * perStep}` },
      ), 'gbs');
    }
    if (ga !== undefined && ga !== steps) {
      return r.err('gbs', `gbs ${gbs} means ${steps} accumulation steps with micro-batch ${s.microBatch} on ${replicas} replicas, which contradicts ga ${ga}. Keep one.`);
    }
    // A count derived from other numbers is said with its derivation (issue 22, item 5): the
    // replicas rest on the GPU count and the split, either of which may be misread.
    if (ga === undefined && steps > 1) r.assume(`gradient accumulation ${steps} from global batch ${gbs} ÷ (micro-batch ${s.microBatch} × ${replicas} data-parallel replica${replicas === 1 ? '' : 's'})`);
    s.gradAccum = steps;
  } else if (ga === undefined && r.isNew && s.mode !== 'inference') r.assume(DEFAULT_WORDS.gradAccum);
  // What the user left to the defaults, kept through the thread until they say it (issue 23).
  // Learned positions bound the sequence by the model itself: no envelope over it.
  const unstated = new Set(r.isNew ? DRIVERS : unstatedDrivers(r.base!));
  if (seq !== undefined || positions !== undefined) unstated.delete('seq');
  if (mbs !== undefined || derived !== undefined) unstated.delete('batch');
  r.s = withUnstated(s, [...unstated]);
  return null;
}

/**
 * The program whose own default length applies: the framework, or "trl" where TRL was named bare
 * (the 'hf' framework read from the word "trl", as resolve-framework.ts's bareTrl): its SFTTrainer.
 */
function programOf(r: Resolution): string {
  const word = r.patch.get<string>('framework')?.item.text ?? '';
  return r.s.framework === 'hf' && namesTrl(word) ? 'trl' : r.s.framework;
}

/**
 * A global batch with its accumulation steps and no micro-batch (a DeepSpeed config's
 * train_batch_size and gradient_accumulation_steps) fixes the micro-batch per GPU:
 * train_batch_size = micro-batch × accumulation × data-parallel replicas (DeepSpeed config docs).
 */
function microBatchOfGlobal(r: Resolution, gbs: number | undefined, ga: number | undefined): { microBatch: number; replicas: number } | undefined {
  if (gbs === undefined || ga === undefined) return undefined;
  const p = r.s.parallel;
  const replicas = Math.max(1, Math.floor(r.gpus() / (p.tp * p.pp * p.cp)));
  const microBatch = gbs / (replicas * ga);
  return Number.isInteger(microBatch) && microBatch >= 1 ? { microBatch, replicas } : undefined;
}
