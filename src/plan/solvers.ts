import { GPUS, findGpu, gpuById } from '../catalog/index.js';
import { estimate } from '../memory/estimate.js';
import type { Estimate } from '../memory/types.js';
import { profileSeqBreaks } from '../memory/serving.js';
import { gib, grouped, MiB } from '../memory/format.js';
import type { Scenario } from '../scenario/schema.js';
import type { Answer } from '../reply/types.js';
import { applyChange } from './levers.js';
import { largestFitting, type Probe } from './largest.js';
import { gpuCountOf, gpusPerNodeOf, onCards } from '../scenario/gpus.js';
import { withArticle } from '../language/article.js';
import { servedContextLimit } from './served-context.js';

/**
 * Solvers (DESIGN §3.7): the largest micro-batch or sequence that fits, the fewest GPUs of a
 * type, the cheapest card, and A-vs-B. Each one only calls `estimate`, which is monotone in
 * batch, sequence and (for shardable terms) GPU count, so a search for where it stops fitting
 * (largest.ts; how-many.ts for counts) is exact.
 */

/**
 * Whether `s` fits, and how far it is from the limit: served, the tokens its KV pool holds beyond
 * the asked sequences at the asked length (the pool, not the card, is what runs out); else the
 * card's bytes left. The margin only steers the search (largest.ts).
 */
function probe(s: Scenario): Probe {
  return probeOf(s, estimate(s, { numbersOnly: true }));
}

function probeOf(s: Scenario, e: Estimate): Probe {
  const margin = e.serving ? e.serving.kvCapacityTokens - s.microBatch * s.seq : (e.headroomBytes ?? 0);
  return { ok: e.fits === true, margin };
}

/** The setup as asked, where its estimate is at hand (the reply's own): the search's first point at `n`. */
function askedPoint(s: Scenario, asEstimated: Estimate | undefined, n: number): (Probe & { n: number }) | undefined {
  return asEstimated?.scenario === s && Number.isInteger(n) ? { n, ...probeOf(s, asEstimated) } : undefined;
}

/** A question about limits needs a card: without one, answer for the most common training card and say so. */
function onSomeCard(s: Scenario): { scenario: Scenario; prefix: string } {
  if (s.hardware) return { scenario: s, prefix: '' };
  const gpu = findGpu('h100') ?? GPUS[0]!;
  // "8 GPUs, no card named" keeps its count: the solver answers per GPU on 8 of the default card.
  const count = gpuCountOf(s);
  const hardware = { gpuId: gpu.id, capacityBytes: gpu.usableMiB * MiB, count, perNode: gpusPerNodeOf(s) };
  const on = count > 1 ? `${count}× ${gpu.name}` : `one ${gpu.name}`;
  return { scenario: onCards(s, hardware), prefix: `No GPU named, so on ${on}: ` };
}

/**
 * A solver's answer and the configuration it found (or, when nothing fits, the one it stopped
 * at): the reply shows that configuration's breakdown and levers, not the question's.
 */
export interface Solved {
  answer: Answer;
  setup: Scenario;
}

/** The question answered: a found setup is a plain estimate, so its levers and follow-ups read as such. */
function answered(s: Scenario): Scenario {
  return { ...s, question: { kind: 'none' } };
}

function cardLabel(s: Scenario): string {
  if (!s.hardware) return 'one card';
  const name = s.hardware.gpuId ? gpuById(s.hardware.gpuId).name : `${withArticle(`${gib(s.hardware.capacityBytes, 0)} GiB`)} card`;
  return s.hardware.count > 1 ? `${s.hardware.count}× ${name}` : name;
}

/**
 * The largest micro-batch of `s` (on its card) that fits, or null; the number alone, as the
 * envelope reads it. `asEstimated`: the estimate of `s`, when the caller has it (the reply's own).
 */
export function largestBatch(s: Scenario, asEstimated?: Estimate): number | null {
  return largestFitting(1, 65_536, (n) => probe({ ...s, microBatch: n }), askedPoint(s, asEstimated, s.microBatch));
}

export function maxBatch(asked: Scenario): Solved {
  const { scenario: s, prefix } = onSomeCard(asked);
  const b = largestBatch(s);
  // Served, the batch is the sequences in flight at once (users, requests), not a training micro-batch.
  const served = s.mode === 'inference';
  const text =
    b === null
      ? `${prefix}not even ${served ? 'one sequence' : 'micro-batch 1'} fits; see the levers below.`
      : served
        ? `${prefix}${b} sequence${b === 1 ? '' : 's'} of ${grouped(s.seq)} tokens at once at most (concurrent requests; shorter ones take less).`
        : `${prefix}the largest micro-batch that fits is ${b} (seq ${s.seq}). Reach a larger effective batch with gradient accumulation.`;
  const headline =
    b === null
      ? `Not even ${served ? 'one sequence' : 'micro-batch 1'} fits on ${cardLabel(s)} at seq ${grouped(s.seq)}`
      : served
        ? `At most ${b} sequence${b === 1 ? '' : 's'} at once on ${cardLabel(s)} at seq ${grouped(s.seq)}`
        : `Max micro-batch on ${cardLabel(s)}: ${b} at seq ${grouped(s.seq)}`;
  return { answer: { kind: 'maxBatch', value: b, text: capitalise(text), headline }, setup: answered({ ...s, microBatch: b ?? 1 }) };
}

/** The longest sequence of `s` (on its card) that fits, or null; the number alone, as `largestBatch`. */
export function longestSeq(s: Scenario, asEstimated?: Estimate): number | null {
  // Sequences are searched in steps of 128 tokens, the granularity people pad to. Fitting is
  // monotone in the length except where the engine changes its plan with it (vLLM V0 chunks
  // prefill above 32K, so its profile run shrinks there): past such a break the search starts again.
  const at = (n: number) => probe({ ...s, seq: n * 128 });
  const limit = 10_000_000 / 128;
  const breaks = profileSeqBreaks(s);
  // The length as asked is a point of the one search there is when no break splits it.
  const units = [...breaks].reverse().reduce<number | null>((found, seq) => found ?? largestFitting(seq / 128 + 1, limit, at), null) ?? largestFitting(1, limit, at, breaks.length ? undefined : askedPoint(s, asEstimated, s.seq / 128));
  return units === null ? null : units * 128;
}

export function maxSeq(asked: Scenario): Solved {
  const { scenario: s, prefix } = onSomeCard(asked);
  const room = longestSeq(s);
  // A server will not start past the model's own context, whatever room its KV cache has (served-context.ts).
  const limit = servedContextLimit(s);
  const capped = room !== null && limit !== undefined && room > limit.tokens ? limit : undefined;
  const seq = capped ? capped.tokens : room;
  const text =
    seq === null
      ? `${prefix}not even 128 tokens fit; see the levers below.`
      : capped
        ? `${prefix}the KV cache has room for ${grouped(room!)} tokens at micro-batch ${s.microBatch}, but ${capped.engine} serves at most ${grouped(capped.tokens)}, the model's own context: a longer --max-model-len is refused at start unless RoPE scaling is configured (or ${capped.override} is set, at the cost of output quality).`
        : `${prefix}the longest sequence that fits is ${seq} tokens at micro-batch ${s.microBatch}.`;
  const headline =
    seq === null
      ? `Not even 128 tokens fit on ${cardLabel(s)} at micro-batch ${s.microBatch}`
      : capped
        ? `Longest sequence on ${cardLabel(s)}: ${grouped(seq)} tokens, the model's own context (its KV cache has room for ${grouped(room!)})`
        : `Longest sequence on ${cardLabel(s)}: ${grouped(seq)} tokens at micro-batch ${s.microBatch}`;
  return { answer: { kind: 'maxSeq', value: seq, text: capitalise(text), headline }, setup: answered({ ...s, seq: seq ?? 128 }) };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export { howMany } from './how-many.js';

/** The catalog from the cheapest card up (then the smaller card at one price): the order "which GPU" answers in. */
const BY_PRICE = [...GPUS].sort((a, b) => a.priceRank - b.priceRank || a.usableMiB - b.usableMiB);

/** The cheapest card that fits, and the next cheapest three the reply names beside it. */
const NAMED_CARDS = 4;

export function whichGpu(s: Scenario): Solved {
  const count = gpuCountOf(s);
  // Cards are estimated from the cheapest up, and the search stops at the fourth that fits: the
  // reply names no other.
  const candidates: { gpu: (typeof GPUS)[number]; setup: Scenario; e: ReturnType<typeof estimate> }[] = [];
  for (const gpu of BY_PRICE) {
    const setup = answered(onCards(s, { gpuId: gpu.id, capacityBytes: gpu.usableMiB * MiB, count, perNode: gpusPerNodeOf(s) }));
    const e = estimate(setup, { numbersOnly: true });
    if (e.fits) candidates.push({ gpu, setup, e });
    if (candidates.length === NAMED_CARDS) break;
  }
  if (candidates.length === 0) {
    const text = `No single catalog card holds this at ${count} GPU(s); ask "how many h100".`;
    return { answer: { kind: 'whichGpu', value: null, text, headline: `No catalog card holds this at ${count} GPU${count > 1 ? 's' : ''}` }, setup: answered(s) };
  }
  const best = candidates[0]!;
  const others = candidates.slice(1, 4).map((c) => c.gpu.name);
  return {
    answer: {
      kind: 'whichGpu',
      value: best.gpu.id,
      text: `Cheapest card that fits: ${best.gpu.name} (${gib(best.e.deviceBytes)} of ${gib(best.gpu.usableMiB * MiB)} GiB)${others.length ? `; also ${others.join(', ')}` : ''}.`,
      headline: `Cheapest card that fits: ${best.gpu.name}${count > 1 ? ` ×${count}` : ''} (${gib(best.e.deviceBytes)} of ${gib(best.gpu.usableMiB * MiB)} GiB)`,
    },
    setup: best.setup,
  };
}

/**
 * One side of a comparison: what it needs per GPU and, with a card, whether that card holds it;
 * sides on two different cards ("a6000 vs 4090") need the same and differ only there.
 */
function sideText(side: { label: string; deviceBytes: number; fits: boolean | null; capacityBytes: number | null }): string {
  const need = `${side.label}: ${gib(side.deviceBytes)} GiB per GPU`;
  if (side.fits === null || side.capacityBytes === null) return need;
  return `${need}, ${side.fits ? 'fits' : 'does not fit'} in ${gib(side.capacityBytes)} GiB`;
}

/** "zero3" → "ZeRO-3"; other changes as written. */
function sideName(change: string): string {
  return change.replace(/\bzero(\d)\b/gi, 'ZeRO-$1');
}

/** Both sides on a named card, not the same one ("a100 vs h100", "A6000 vs 4090"). */
function twoCards(a: Scenario, b: Scenario): boolean {
  return a.hardware !== null && b.hardware !== null && (a.hardware.gpuId !== b.hardware.gpuId || a.hardware.capacityBytes !== b.hardware.capacityBytes);
}

/** A side's card as the catalog names it, memory included ("A100 80GB"), with the count when more than one. */
function cardName(s: Scenario): string {
  const h = s.hardware!;
  const name = h.gpuId ? gpuById(h.gpuId).name : `${gib(h.capacityBytes)} GiB GPU`;
  return h.count > 1 ? `${h.count}× ${name}` : name;
}

/**
 * Two cards compared (issue 24): the headline names both, memory included, in the order asked —
 * "A100 80GB vs H100 80GB SXM: neither fits — 95.1 of 79.1 GiB and 95.1 of 78.9 GiB per GPU".
 */
function cardsHeadline<S extends { card: string; fits: boolean | null }>(a: S, b: S, need: (side: S) => string): string {
  const verdict = a.fits && b.fits ? 'both fit' : !a.fits && !b.fits ? 'neither fits' : `only the ${a.fits ? a.card : b.card} fits`;
  return `${a.card} vs ${b.card}: ${verdict} — ${need(a)} and ${need(b)} per GPU`;
}

export function compare(s: Scenario, a: string, b: string, reading: (s: Scenario) => string): Solved {
  const sides = [a, b].map((change) => {
    const side = answered(applyChange(s, change) ?? s);
    const e = estimate(side, { numbersOnly: true });
    return { label: change, reading: reading(side), deviceBytes: e.deviceBytes, fits: e.fits, capacityBytes: e.capacityBytes, setup: side };
  });
  const [x, y] = sides as [(typeof sides)[0], (typeof sides)[0]];
  const diff = Math.abs(x.deviceBytes - y.deviceBytes);
  const smaller = x.deviceBytes <= y.deviceBytes ? x : y;
  const larger = smaller === x ? y : x;
  const state = (side: typeof x) => (side.fits === true ? 'fits' : side.fits === false ? 'does not' : 'needs');
  // Sides on two cards ("a6000 vs 4090") say what each card offers.
  const cardsDiffer = x.capacityBytes !== y.capacityBytes;
  const need = (side: typeof x) => `${gib(side.deviceBytes)}${cardsDiffer && side.capacityBytes !== null ? ` of ${gib(side.capacityBytes)}` : ''} GiB`;
  const headline = twoCards(x.setup, y.setup)
    ? cardsHeadline({ ...x, card: cardName(x.setup) }, { ...y, card: cardName(y.setup) }, need)
    : smaller.fits !== null && smaller.fits !== larger.fits
      ? `${sideName(smaller.label)} ${state(smaller)} (${gib(smaller.deviceBytes)} GiB); ${sideName(larger.label)} ${state(larger)} (${gib(larger.deviceBytes)} GiB)`
      : smaller.fits !== null && larger.fits !== null
        ? `${smaller.fits ? 'Both fit' : 'Neither fits'}: ${sideName(smaller.label)} ${need(smaller)}, ${sideName(larger.label)} ${need(larger)} per GPU`
        : `${sideName(smaller.label)}: ${gib(smaller.deviceBytes)} GiB vs ${sideName(larger.label)}: ${gib(larger.deviceBytes)} GiB per GPU`;
  return {
    answer: {
      kind: 'compare',
      value: smaller.label,
      text: `${sides.map(sideText).join(' · ')} — ${gib(diff) === gib(0) ? 'the same per GPU' : `${smaller.label} needs ${gib(diff)} GiB less`}.`,
      headline,
      sides: sides.map(({ setup: _setup, capacityBytes: _capacity, ...side }) => side),
    },
    setup: smaller.setup,
  };
}
