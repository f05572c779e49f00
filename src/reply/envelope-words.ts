import { programBatch } from '../catalog/program-batch.js';
import type { Estimate } from '../memory/types.js';
import type { Scenario } from '../scenario/schema.js';
import type { Driver } from '../scenario/unstated.js';
import type { Envelope } from './types.js';
import { grouped } from '../memory/format.js';

/**
 * The envelope in words (issue 23, item 8): the headline answers with what fits along what the
 * user did not say, "Fits up to seq 6,144 at batch 1, or batch 3 at seq 2,048 (you did not say
 * your sequence length or micro-batch)"; the ask says it depends on that and asks for it.
 * Served (vLLM, SGLang, TGI: a KV pool), the sequence is max-model-len and the batch is the
 * sequences in flight at once.
 */

interface Words {
  /** The driver as the user would name it, for "you did not say your …". */
  unsaid: Record<Driver, string>;
  question: Record<Driver | 'both', string>;
}

const TRAINING: Words = {
  unsaid: { seq: 'sequence length', batch: 'micro-batch' },
  question: {
    seq: 'what sequence length do you train at?',
    batch: 'what micro-batch per GPU do you train with?',
    both: 'what sequence length and micro-batch do you train at?',
  },
};

const INFERENCE: Words = {
  unsaid: { seq: 'context length', batch: 'batch' },
  question: {
    seq: 'what context length (prompt + generated) do you run?',
    batch: 'what batch do you run?',
    both: 'what context length (prompt + generated) and batch do you run?',
  },
};

const SERVED: Words = {
  unsaid: { seq: 'max-model-len', batch: 'concurrency' },
  question: {
    seq: 'what max-model-len do you serve?',
    batch: 'how many requests run at once?',
    both: 'what max-model-len, and how many requests at once?',
  },
};

function wordsFor(s: Scenario, e: Estimate): Words {
  if (e.serving) return SERVED;
  return s.mode === 'inference' ? INFERENCE : TRAINING;
}

function plural(n: number, one: string, many: string): string {
  return `${grouped(n)} ${n === 1 ? one : many}`;
}

/**
 * The drivers left to ask about: served with a stated client load ("for 10 concurrent users"), the sequences at once are
 * answered by holding the capacity against that load, not asked.
 */
function unsaidDrivers(s: Scenario, e: Estimate, env: Envelope): Driver[] {
  return e.serving && s.inference.clientLoad !== undefined ? env.unstated.filter((d) => d !== 'batch') : env.unstated;
}

/** "(you did not say your sequence length or micro-batch)"; nothing when all was said. */
function unsaid(drivers: readonly Driver[], words: Words): string {
  return drivers.length ? ` (you did not say your ${drivers.map((d) => words.unsaid[d]).join(' or ')})` : '';
}

/**
 * The served capacity held against the load the user stated (rserve17): "— enough for your 10 concurrent users", or
 * ": of your 10 concurrent users, 3 wait in the queue" (vLLM, SGLang and TGI queue what their KV cache cannot hold).
 */
function againstLoad(held: number, load: number): string {
  const users = plural(load, 'concurrent user', 'concurrent users');
  if (held >= load) return ` — enough for your ${users}`;
  const waiting = load - held;
  return `: of your ${users}, ${grouped(waiting)} ${waiting === 1 ? 'waits' : 'wait'} in the queue`;
}

/** The fits along each driver, served or not: "seq 6,144 at batch 1" / "max-model-len 6,144 for 1 sequence". */
function seqBound(seq: number, batch: number, served: boolean): string {
  return served ? `max-model-len ${grouped(seq)} for ${plural(batch, 'sequence', 'sequences at once')}` : `seq ${grouped(seq)} at batch ${grouped(batch)}`;
}

/** A server that starts on a pool shorter than max-model-len (SGLang, TurboMind, vLLM before 0.2.7) serves requests only as long as the pool. */
function batchBound(batch: number, seq: number, served: boolean, poolTokens: number | null): string {
  if (served && poolTokens !== null && poolTokens < seq) return `${plural(batch, 'sequence', 'sequences')} at once of at most ${grouped(poolTokens)} tokens, its whole KV cache (not ${grouped(seq)})`;
  return served ? `${plural(batch, 'sequence', 'sequences')} at once of ${grouped(seq)}` : `batch ${grouped(batch)} at seq ${grouped(seq)}`;
}

/** The sentence that answers a half-stated setup: the first screen's headline. */
export function envelopeHeadline(s: Scenario, e: Estimate, env: Envelope): string {
  const words = wordsFor(s, e);
  const served = e.serving !== null;
  const verb = served ? 'Serves up to' : 'Fits up to';
  const { maxSeqAtBatch: atBatch, maxBatchAtSeq: atSeq } = env;
  const alongSeq = env.unstated.includes('seq') && atBatch.seq !== null ? seqBound(atBatch.seq, atBatch.batch, served) : null;
  const load = served ? s.inference.clientLoad : undefined;
  const alongBatch =
    env.unstated.includes('batch') && atSeq.batch !== null
      ? `${batchBound(atSeq.batch, atSeq.seq, served, e.serving?.clipsToPool && atSeq.seq === s.seq ? e.serving.kvCapacityTokens : null)}${load !== undefined ? againstLoad(atSeq.batch, load) : ''}`
      : null;
  // Both unsaid, but the default sequence is already too long: the batch has nowhere to grow.
  const notAtDefault = env.unstated.includes('batch') && atSeq.batch === null ? `, not at ${served ? 'max-model-len' : 'seq'} ${grouped(atSeq.seq)}${load !== undefined ? `: none of your ${plural(load, 'concurrent user', 'concurrent users')}` : ''}` : '';
  const bounds = [alongSeq, alongBatch].filter((b): b is string => b !== null).join(', or ');
  return `${verb} ${bounds}${notAtDefault}${unsaid(unsaidDrivers(s, e, env), words)}`;
}

/**
 * A framework's own micro-batch (catalog/program-batch.ts), when the batch was not said: whether it
 * fits at the envelope's sequence. "litgpt's own default micro_batch_size is 1 (4 before April
 * 2024, which does not fit at seq 2,048)."
 */
function programBatchWords(s: Scenario, e: Estimate, env: Envelope): string | null {
  const own = s.mode === 'inference' || e.serving || !env.unstated.includes('batch') ? null : programBatch(s.framework);
  if (!own) return null;
  const { seq, batch: most } = env.maxBatchAtSeq;
  const fits = (b: number) => (most !== null && b <= most ? 'fits' : 'does not fit');
  const before = own.before ? ` (${own.before.microBatch} before ${own.before.until}, which ${fits(own.before.microBatch)})` : '';
  return `${own.name} is ${own.microBatch}, which ${fits(own.microBatch)} at seq ${grouped(seq)}${before}.`;
}

/** "It depends on what you did not say: what sequence length do you train at? The table is for seq 2,048 at batch 1." */
export function envelopeAsk(s: Scenario, e: Estimate, env: Envelope): string {
  const words = wordsFor(s, e);
  const asked = unsaidDrivers(s, e, env);
  const served = e.serving !== null;
  const question = asked.length > 1 ? words.question.both : asked.length === 1 ? words.question[asked[0]!] : null;
  const shown = served ? `max-model-len ${grouped(s.seq)}, ${plural(s.microBatch, 'sequence', 'sequences')} at once` : `seq ${grouped(s.seq)} at batch ${grouped(s.microBatch)}`;
  const own = programBatchWords(s, e, env);
  if (question === null) return `The table is for ${shown}.${own ? ` ${own}` : ''}`;
  return `It depends on what you did not say: ${question} The table is for ${shown}.${own ? ` ${own}` : ''}`;
}
