import { estimate } from '../memory/estimate.js';
import { gib } from '../memory/format.js';
import { withZeroOffload } from '../memory/offload.js';
import type { Estimate } from '../memory/types.js';
import type { Scenario } from '../scenario/schema.js';
import { followUpScenario, reresolved } from '../scenario/resolve.js';
import { onQuantisedKernels } from '../scenario/resolve-quantised-serving.js';
import type { Lever } from '../reply/types.js';
import { defaultInference, defaultWeights } from '../scenario/defaults.js';
import { inRange } from '../scenario/ranges.js';
import { gpuCountOf } from '../scenario/gpus.js';
import { settleDefaultMark, unstatedDrivers, withUnstated, type Driver } from '../scenario/unstated.js';

/**
 * The levers a careful engineer pulls, in the order they are tried (DESIGN §3.7, after the seed
 * articles' priority): each is a change in the request language, applied as a follow-up and
 * re-estimated with the same model.
 */
interface Candidate {
  /** The change as request-language text: the same words for every scenario, or written for this one. */
  change: string | ((s: Scenario) => string);
  /** What it costs; for a change whose cost differs between training and serving, per scenario. */
  cost: string | ((s: Scenario) => string);
  applies: (s: Scenario) => boolean;
  /**
   * For a change whose whole effect on the resolution is a few fields (recompute, attention,
   * batch, loss, optimizer, optimizer offload, ZeRO stage, pure bf16, seq, int4, KV dtype):
   * those fields set on the scenario re-resolved with nothing set, which is what reading the
   * change as a follow-up gives, without a resolution per lever (issue 11;
   * test/plan/setting-levers.test.ts holds each to applyChange). Null where the follow-up would
   * be refused.
   */
  set?: (resolved: Scenario, asked: Scenario) => Scenario | null;
}

/** The scenario with `driver` no longer unstated: a change that writes it states it. */
function stated(s: Scenario, driver: Driver): Scenario {
  return withUnstated(s, unstatedDrivers(s).filter((d) => d !== driver));
}

const CANDIDATES: Candidate[] = [
  { change: 'gc', cost: 'about +20–35% step time (layers run forward twice)', applies: (s) => s.mode !== 'inference' && s.recompute !== 'full', set: (r) => ({ ...r, recompute: 'full' }) },
  { change: 'flash', cost: 'none: usually faster than eager attention', applies: (s) => s.attention === 'eager', set: (r) => ({ ...r, attention: 'flash' }) },
  {
    change: (s) => {
      const { mbs, ga } = halvedBatch(s);
      return `mbs ${mbs} ga ${ga}`;
    },
    cost: 'same effective batch through gradient accumulation; more, smaller steps',
    applies: (s) => s.mode !== 'inference' && s.microBatch > 1,
    set: (r, s) => {
      const { mbs, ga } = halvedBatch(s);
      // The range check refuses what the follow-up's would (a huge accumulation count).
      return inRange('mbs', mbs) && inRange('ga', ga) ? { ...stated(r, 'batch'), microBatch: mbs, gradAccum: ga } : null;
    },
  },
  {
    change: 'chunked ce',
    cost: 'little or none (torchtune/Liger chunk the loss)',
    applies: (s) => s.mode !== 'inference' && (s.loss === 'full' || s.loss === 'bf16') && !s.model.arch.encoderOnly,
    set: (r) => ({ ...r, loss: 'chunked' }),
  },
  {
    change: 'adam8bit',
    cost: '8-bit optimizer states: check convergence',
    applies: (s) => s.mode !== 'inference' && (s.optimizer === 'adamw' || s.optimizer === 'adam'),
    set: (r) => ({ ...r, optimizer: 'adamw-8bit' }),
  },
  { change: 'zero1', cost: 'more communication per step', applies: (s) => zeroApplies(s, 1), set: zeroSet(1) },
  { change: 'zero2', cost: 'more communication per step', applies: (s) => zeroApplies(s, 2), set: zeroSet(2) },
  { change: 'zero3', cost: 'parameters gathered every layer: more communication', applies: (s) => zeroApplies(s, 3), set: zeroSet(3) },
  { change: 'lora', cost: 'trains adapters only: a different (often slightly worse) result', applies: (s) => s.mode === 'full' },
  { change: 'qlora', cost: '4-bit base: slower matmuls, small quality cost', applies: (s) => s.mode === 'lora' || s.mode === 'full' },
  {
    change: 'offload optimizer',
    cost: 'last resort: often 2–6× slower',
    applies: (s) => s.mode === 'full' && s.offload.optimizer === 'none',
    // Under no named sharding it runs ZeRO-Offload, as the follow-up resolves it (memory/offload.ts).
    set: (r) => withZeroOffload({ ...r, offload: { ...r.offload, optimizer: 'cpu' } }),
  },
  {
    change: (s) => `seq ${Math.floor(s.seq / 2)}`,
    cost: (s) => (s.mode === 'inference' ? `a shorter context window (${contextSettingOf(s)}): longer requests are refused` : 'shorter samples: truncation or packing changes'),
    applies: (s) => s.seq >= 1024,
    // A sequence length written in the change is stated, as the follow-up reads it.
    set: (r, s) => ({ ...stated(r, 'seq'), seq: Math.floor(s.seq / 2) }),
  },
  {
    change: 'pure bf16',
    cost: 'no fp32 master copy: small updates can be lost in bf16',
    applies: (s) => s.mode === 'full' && (s.recipe === 'mixed' || s.recipe === 'amp'),
    // As the precision step sets it in a full fine-tune: float weights and a training run's
    // inference block follow the compute dtype.
    // A precision written is stated: the thread's default mark goes (scenario/unstated.ts precisionUnstated).
    set: ({ precisionUnstated: _default, ...r }) => ({ ...r, recipe: 'pure', compute: 'bf16', weights: defaultWeights(r.mode, 'bf16'), inference: defaultInference('bf16') }),
  },
  {
    change: 'int4',
    cost: '4-bit weights: small quality cost',
    applies: (s) => s.mode === 'inference' && (s.weights === 'bf16' || s.weights === 'fp16' || s.weights === 'fp32'),
    // llama.cpp runs GGUF only: its 4-bit is Q4_K_M, as the precision step reads "int4" there; a GGUF file
    // computes in f16 as the quantised-serving step says (resolve-quantised-serving.ts), like vLLM's GPTQ kernels.
    set: (r) => onQuantisedKernels(r.framework === 'llamacpp' ? { ...r, weights: 'q4_k_m' } : { ...r, weights: 'gptq' }),
  },
  {
    change: 'kv fp8',
    // llama.cpp has no fp8 cache: its 8-bit one is q8_0 (--cache-type-k/-v; V quantised needs flash attention).
    cost: (s) => (s.framework === 'llamacpp' ? 'an 8-bit KV cache (--cache-type-k q8_0 --cache-type-v q8_0, with -fa): small quality cost' : 'fp8 KV cache: small quality cost'),
    applies: (s) => s.mode === 'inference' && s.inference.kvDtype !== 'fp8' && s.inference.kvDtype !== 'int4',
    set: (r) => ({ ...r, inference: { ...r.inference, kvDtype: 'fp8' } }),
  },
];

/**
 * A ZeRO stage as the sharding step sets it: DeepSpeed takes over from FSDP, other frameworks
 * stay; parameter offload without stage 3 is refused (checks.ts), as the follow-up would be.
 */
function zeroSet(stage: number): (r: Scenario) => Scenario | null {
  return (r) =>
    r.offload.params !== 'none' && stage !== 3 ? null : { ...r, sharding: { kind: 'zero', stage }, framework: r.framework === 'fsdp' ? 'deepspeed' : r.framework };
}

function zeroApplies(s: Scenario, stage: number): boolean {
  if (s.mode === 'inference' || gpuCountOf(s) < 2) return false;
  const current = s.sharding.kind === 'zero' || s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp' ? s.sharding.stage : 0;
  return stage > current;
}

/** Half the micro-batch, with gradient accumulation raised to keep the effective batch. */
function halvedBatch(s: Scenario): { mbs: number; ga: number } {
  const mbs = Math.max(1, Math.floor(s.microBatch / 2));
  return { mbs, ga: Math.ceil((s.microBatch * s.gradAccum) / mbs) };
}

/** `change` read as a follow-up on `s`: the scenario it resolves to, null where it is refused. */
export function applyChange(s: Scenario, change: string): Scenario | null {
  return followUpScenario(change, s);
}

/**
 * Changes written the same for every scenario whose whole effect is a few fields ("gc", "zero3",
 * "offload optimizer" …), by their words: what `leverChanges` sets instead of reading the change.
 */
const SETTINGS = new Map(
  CANDIDATES.flatMap(({ change, set }) => (typeof change === 'string' && set ? [[change, set] as const] : [])),
);

/** Whether `change` is a one-setting change: its fields are set, never read (`settled`). */
export function isSetting(change: string): boolean {
  return SETTINGS.has(change);
}

/**
 * `change` read as a follow-up on `setup`, when `setup` is already what a follow-up that sets
 * nothing resolves it to (a resolved scenario, or one a setting led to): a one-setting change
 * sets its fields, as `leverChanges` does (test/plan/setting-levers.test.ts holds each to
 * `applyChange`); any other change is read and resolved. Null where the follow-up is refused.
 * (A fixed change's setting reads nothing of the scenario it was asked on, so `setup` is both.)
 */
export function settled(setup: Scenario, change: string): Scenario | null {
  const set = SETTINGS.get(change);
  return set ? settleDefaultMark(set(setup, setup)) : applyChange(setup, change);
}

/** The setting that sets the context window in the engine that serves `s`, by the engine's own name for it. */
function contextSettingOf(s: Scenario): string {
  if (s.framework === 'llamacpp') return '-c / --ctx-size, num_ctx in Ollama';
  if (s.framework === 'tgi') return '--max-total-tokens';
  if (s.framework === 'exllamav2') return 'max_seq_len';
  if (s.inference.server === 'sglang') return '--context-length';
  if (s.inference.server === 'lmdeploy') return '--session-len';
  return s.inference.engine === 'vllm' ? '--max-model-len' : 'max_length';
}

/**
 * Host RAM the lever's setup keeps, said where it is something and, beside the setup it changes, where the lever
 * changes it (llama.cpp keeps token_embd in host RAM on every lever: saying it on each is noise).
 */
function hostNote(e: Estimate, base?: Estimate): string {
  const least = 0.05 * 2 ** 30;
  if (e.hostBytes < least || (base && Math.abs(e.hostBytes - base.hostBytes) < least)) return '';
  return `host RAM ${gib(e.hostBytes, e.hostBytes < 2 ** 30 ? 1 : 0)} GiB per node`;
}

/** Each candidate that applies to `s`: its change and the scenario that change leads to (null where it is refused). */
export function leverChanges(s: Scenario): { candidate: Candidate; rank: number; change: string; next: Scenario | null }[] {
  let resolved: Scenario | null | undefined;
  const out: { candidate: Candidate; rank: number; change: string; next: Scenario | null }[] = [];
  CANDIDATES.forEach((candidate, rank) => {
    if (!candidate.applies(s)) return;
    const change = typeof candidate.change === 'string' ? candidate.change : candidate.change(s);
    if (candidate.set) {
      if (resolved === undefined) resolved = reresolved(s);
      out.push({ candidate, rank, change, next: resolved && settleDefaultMark(candidate.set(resolved, s)) });
    } else out.push({ candidate, rank, change, next: applyChange(s, change) });
  });
  return out;
}

/**
 * Every lever that applies, re-estimated. Ordered: the ones that make it fit in priority order,
 * then the rest by the memory they leave; levers that save under 1% are dropped.
 */
export function levers(s: Scenario, base: Estimate): Lever[] {
  const results: (Lever & { rank: number })[] = [];
  const firstStep: EstimatedChange[] = [];
  for (const { candidate, rank, change, next } of leverChanges(s)) {
    if (!next) continue;
    const e = estimate(next, { numbersOnly: true });
    firstStep.push({ candidate, change, next, e });
    // A served model fills the card with KV blocks whatever the lever, so a lever that serves
    // more sequences is kept even when the memory stays the same.
    const moreSequences = (e.serving?.concurrentSequences ?? 0) > (base.serving?.concurrentSequences ?? 0);
    if (e.deviceBytes > base.deviceBytes * 0.99 && !moreSequences) continue;
    const served = e.serving?.concurrentSequences ?? 0;
    const held = moreSequences ? `KV cache for ${served} ${served === 1 ? 'sequence' : 'sequences'} of ${next.seq}` : '';
    const cost = typeof candidate.cost === 'function' ? candidate.cost(s) : candidate.cost;
    const lever: Lever = { change, deviceBytes: e.deviceBytes, fits: e.fits, cost, note: [held, hostNote(e, base)].filter(Boolean).join('; ') };
    results.push({ ...lever, ...sequencesHeld(next, e), rank });
  }
  const partial = partialOffload(s, base) ?? ggufOffload(s, base);
  if (partial) results.push({ ...partial, rank: -1 });
  const together = results.some((r) => r.fits) ? null : stacked(s, base, firstStep);
  if (together) results.push({ ...together, rank: -2 });
  const fitting = results.filter((r) => r.fits).sort((a, b) => a.rank - b.rank);
  const rest = results.filter((r) => !r.fits).sort((a, b) => a.deviceBytes - b.deviceBytes);
  return [...fitting, ...rest].map(({ rank: _rank, ...lever }) => lever);
}

/** A lever that applies and is not refused, with the scenario it leads to, estimated numbers-only. */
interface EstimatedChange {
  candidate: Candidate;
  change: string;
  next: Scenario;
  e: Estimate;
}

/** Each lever of `s` a stack may take (not refused, not one that changes the data), estimated, in `leverChanges`' order. */
function stackable(s: Scenario): EstimatedChange[] {
  return leverChanges(s).flatMap(({ candidate, change, next }) =>
    next && !CHANGES_THE_DATA.test(change) ? [{ candidate, change, next, e: estimate(next, { numbersOnly: true }) }] : [],
  );
}

/** Levers a stack never takes: they shrink the user's data (a shorter length), not the run's memory. */
const CHANGES_THE_DATA = /^seq /;
const MOST_STACKED = 3;

/**
 * Where no lever fits alone, the fewest that fit together (a stranger's "两张4090微调Qwen2.5-14B，lora，
 * 序列长度2048，batch size 4" got qlora, gc and seq 1024, each ✗, and no way out): from the setup,
 * take at each step the lever that leaves the least memory, up to three, and offer the stack once it
 * fits — one change the user can send as a follow-up, each step re-estimated, every cost said.
 */
function stacked(s: Scenario, base: Estimate, firstStep: readonly EstimatedChange[]): Lever | null {
  let current = s;
  let bytes = base.deviceBytes;
  const changes: string[] = [];
  const costs: string[] = [];
  for (let step = 0; step < MOST_STACKED; step++) {
    let best: { change: string; next: Scenario; e: Estimate; cost: string } | null = null;
    // The first step's levers are the ones `levers` has just estimated on `s`: taken as they are,
    // not read and estimated again (an estimate depends on its scenario alone).
    const options = step === 0 ? firstStep : stackable(current);
    for (const { candidate, change, next, e } of options) {
      if (CHANGES_THE_DATA.test(change)) continue;
      if (!best || e.deviceBytes < best.e.deviceBytes) best = { change, next, e, cost: typeof candidate.cost === 'function' ? candidate.cost(current) : candidate.cost };
    }
    if (!best || best.e.deviceBytes > bytes * 0.99) return null;
    // The batch halved twice is one change: its last split ("mbs 1 ga 4") stands for both.
    const kind = best.change.split(' ')[0];
    if (kind === 'mbs') changes.splice(0, changes.length, ...changes.filter((c) => !c.startsWith('mbs ')));
    changes.push(best.change);
    if (!costs.includes(best.cost)) costs.push(best.cost);
    current = best.next;
    bytes = best.e.deviceBytes;
    if (best.e.fits) return step === 0 ? null : { change: changes.join(' '), deviceBytes: bytes, fits: true, cost: costs.join('; '), note: hostNote(best.e) };
  }
  return null;
}

/**
 * What a serving lever changes when the pool is preallocated: the asked sequences (the served
 * micro-batch) that its KV cache holds at the asked length, never more than were asked; with no
 * concurrency said, all it holds.
 */
function sequencesHeld(next: Scenario, e: Estimate): Pick<Lever, 'sequences'> {
  if (next.mode !== 'inference' || !e.serving) return {};
  const held = e.serving.concurrentSequences;
  if (unstatedDrivers(next).includes('batch')) return { sequences: { held, asked: null } };
  const asked = next.microBatch;
  return { sequences: { held: Math.min(held, asked), asked } };
}

/**
 * llama.cpp keeps on the GPU only the layers `-ngl` names (and their KV); the rest run on the CPU
 * from host RAM. When the whole model does not fit, the most layers that do is the first lever
 * people pull ("can I run llama 3 70b on my 3090?"): found by halving over the layer count.
 */
function partialOffload(s: Scenario, base: Estimate, prefix = ''): Lever | null {
  if (s.mode !== 'inference' || s.framework !== 'llamacpp' || base.fits !== false || base.capacityBytes === null) return null;
  const layers = s.model.arch.layers;
  // `ngl N` sets only the layer count: estimated straight from the scenario (test/plan/partial-offload checks the text reads the same).
  const at = (n: number) => estimate({ ...s, inference: { ...s.inference, gpuLayers: n } }, { numbersOnly: true });
  // The card's side alone: fewer layers on the GPU put more of the model in host RAM, so a host the
  // user said is too small for ngl 0 ("a 3090 and 32GB RAM" for a 39 GiB Q4_K_M 70B) may still hold
  // what the card leaves over at the most layers it takes; the host is checked there, at the end.
  const onCard = (e: Estimate) => e.headroomBytes !== null && e.headroomBytes >= 0;
  const none = at(0);
  if (!onCard(none)) return null;
  // Each layer on the GPU adds its weights and KV: the count that fits is read off the line through
  // none and all, then checked (the output layer and rounding can move it by one).
  const perLayer = (base.deviceBytes - none.deviceBytes) / layers;
  let n = Math.max(0, Math.min(layers - 1, Math.floor((base.capacityBytes - none.deviceBytes) / perLayer)));
  let e = at(n);
  while (n > 0 && !onCard(e)) e = at(--n);
  for (let next = at(n + 1); n + 1 < layers && onCard(next); next = at(n + 1)) {
    n += 1;
    e = next;
  }
  if (!e.fits) return null;
  return {
    change: `${prefix}ngl ${n}`,
    deviceBytes: e.deviceBytes,
    fits: e.fits,
    cost: `${layers - n} of ${layers} layers run on the CPU from host RAM: generation slows toward RAM bandwidth`,
    note: hostNote(e),
  };
}

/**
 * A model that does not fit even in 4-bit on the card, run by Hugging Face generate ("can I run
 * llama 3 70b on my 4090?"): what people do is llama.cpp (or Ollama) with a 4-bit GGUF and only
 * the layers that fit on the GPU. Offered when nothing else on the list fits.
 */
function ggufOffload(s: Scenario, base: Estimate): Lever | null {
  if (s.mode !== 'inference' || s.framework === 'llamacpp' || s.inference.engine !== 'hf' || base.fits !== false) return null;
  const gguf = applyChange(s, 'q4_k_m llamacpp');
  if (!gguf) return null;
  const whole = estimate(gguf, { numbersOnly: true });
  if (whole.fits) return { change: 'q4_k_m llamacpp', deviceBytes: whole.deviceBytes, fits: true, cost: 'llama.cpp / Ollama with a 4-bit GGUF: small quality cost', note: hostNote(whole) };
  const partial = partialOffload(gguf, whole, 'q4_k_m llamacpp ');
  return partial ? { ...partial, cost: `llama.cpp / Ollama with a 4-bit GGUF; ${partial.cost}` } : null;
}
