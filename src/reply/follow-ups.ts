import type { Scenario } from '../scenario/schema.js';

/** Questions and help topics that apply to any thread: they change no setting. */
const ASK_TRAIN = ['max batch', 'oom', 'nan'];
const ASK_INFER = ['max batch'];

/** Weight formats already 4-bit or lower: "int4" would be no change. */
const FOUR_BIT_OR_LESS = new Set(['nf4', 'nf4-dq', 'gptq', 'awq', 'mxfp4', 'q4_k_m', 'q3_k_m', 'q2_k']);

/** "32k" for 32768, as people type context lengths; exact tokens otherwise. */
function tokens(n: number): string {
  return n % 1024 === 0 ? `${n / 1024}k` : String(n);
}

/** The next card up to try: an H100, or, already on H100s, twice as many. */
function biggerCard(s: Scenario): string {
  const h = s.hardware;
  if (!h || !h.gpuId?.startsWith('h100')) return 'on H100';
  return `on ${h.count * 2}x H100`;
}

/** The next sharding step, where there are GPUs to shard over: ZeRO-2, then ZeRO-3. */
function nextSharding(s: Scenario): string | null {
  const gpus = s.hardware?.count ?? s.unnamedGpus ?? 1;
  if (gpus < 2 || s.sharding.stage >= 3) return null;
  return s.sharding.stage < 2 ? 'now zero2' : 'zero3';
}

/**
 * What a thread's follow-up hint offers to type (issue 24: the hints change with the thread):
 * changes this setup does not have yet — checkpointing when it is off, the next ZeRO stage when
 * there are GPUs to shard over, twice the sequence, a bigger card; for serving a longer context,
 * int4 and an fp8 KV cache when not already so — then the questions any thread can ask.
 */
export function followUpsFor(s: Scenario): string[] {
  if (s.mode === 'inference') {
    return [
      `ctx ${tokens(s.seq * 2)}`,
      FOUR_BIT_OR_LESS.has(s.weights) ? null : 'int4',
      s.inference.kvDtype === 'fp8' || s.inference.kvDtype === 'int4' ? null : 'kv fp8',
      biggerCard(s),
      s.inference.engine === 'vllm' ? null : 'serve',
      ...ASK_INFER,
    ].filter((f): f is string => f !== null);
  }
  return [s.recompute === 'none' ? 'gc' : null, nextSharding(s), `seq ${s.seq * 2}`, biggerCard(s), ...ASK_TRAIN].filter((f): f is string => f !== null);
}
