import { GPUS, findGpu, gpuById } from '../catalog/index.js';
import { estimate } from '../memory/estimate.js';
import { MiB, gib } from '../memory/format.js';
import type { Scenario } from '../scenario/schema.js';
import { gpuCountOf, onCards } from '../scenario/gpus.js';
import { carriedPipelineFitted, isLayerSplitOverAllCards } from '../scenario/split.js';
import { reresolved } from '../scenario/resolve.js';
import { applyChange, isSetting, settled } from './levers.js';
import type { Solved } from './solvers.js';

/**
 * "How many H100s?" (DESIGN §3.7): the fewest cards of one type, trying the cheapest changes
 * first. Changes come in tiers (addition tiers below); inside a tier the answer is the smallest
 * count at which any of the tier's candidates fits, and among those the first in order.
 *
 * The count is found by bisection, not by trying every count. For one candidate (a ZeRO stage
 * with gc, offload or tp), more cards never raise the per-GPU peak within each of two stretches:
 * while the cards hold one model replica (its tp × pp group spans them all), and from two
 * replicas up (ZeRO/FSDP divide by the data-parallel degree, tp and pp split the layers, NCCL's
 * buffers are the same for 2 cards as for 1024). Between the two the peak can rise (a second
 * replica brings DDP's gradient buckets; a second card brings NCCL), so one card is tried on its
 * own and each stretch is searched apart. test/plan/how-many.test.ts holds the monotony, and the
 * answer against trying every count. A candidate's setup is worked out once and moved onto each
 * count's cards, its one-setting changes set as fields rather than read (class Setups): the
 * estimates are what is left, one per candidate per probe.
 */

/** Counts people buy or rent: single cards, nodes of 8, and multiples of nodes. */
export const GPU_COUNTS: readonly number[] = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024];

/** Sharding choices to try, from the least communication to the most; the user's stage is kept if given. */
function shardingLadder(s: Scenario): string[] {
  if (s.sharding.kind !== 'none' && s.sharding.kind !== 'ddp') return [''];
  return s.mode === 'inference' ? [''] : ['', 'zero1', 'zero2', 'zero3'];
}

/**
 * What practitioners add when sharding the states alone is not enough, tier by tier: activation
 * checkpointing first (it costs compute only, so it is weighed against more cards), then CPU
 * offload of the optimizer (step time and host RAM: only when no count fits without it), then
 * tensor parallelism inside a node, the one change that also splits activations. Changes the
 * user already made are skipped.
 */
function additionTiers(s: Scenario, count: number): string[][][] {
  const tp = count > 1 ? [`tp ${Math.min(count, 8)}`] : null;
  // Past one node a served model is split further by pipeline stages across nodes (vLLM's
  // --pipeline-parallel-size with tp inside the node), which adds KV room as it adds GPUs.
  const pp = count > 8 && count % 8 === 0 ? [`tp 8`, `pp ${count / 8}`] : null;
  if (s.mode === 'inference') return [[[]], tp ? [tp] : [], pp ? [pp] : []];
  const gc = s.recompute === 'full' ? null : ['gc'];
  const offload = s.mode === 'full' && s.offload.optimizer === 'none' ? ['offload optimizer'] : null;
  const present = (sets: (string[] | null)[]) => sets.filter((set): set is string[] => set !== null);
  return [
    present([[], gc]),
    present([offload, gc && offload ? [...gc, ...offload] : null]),
    present([tp && gc ? [...gc, ...tp] : tp, tp && gc && offload ? [...gc, ...offload, ...tp] : null]),
  ];
}

/** How many tiers of additions `s` has (the same at every count). */
export function tierCount(s: Scenario): number {
  return additionTiers(s, 2).length;
}

/** The candidates of one tier at one count, in the order a tie is settled: each its list of changes. */
export function candidatesAt(s: Scenario, tier: number, count: number): string[][] {
  const out: string[][] = [];
  for (const added of additionTiers(s, count)[tier] ?? []) for (const sharding of shardingLadder(s)) out.push([sharding, ...added].filter((c) => c !== ''));
  return out;
}

export type Card = ReturnType<typeof gpuById>;

function cardsOf(gpu: Card, count: number) {
  return { gpuId: gpu.id, capacityBytes: gpu.usableMiB * MiB, count, perNode: Math.min(count, 8) };
}

/** `s` as a plain question on `count` cards: several cards are data parallel unless a sharding was said. */
export function onCount(s: Scenario, gpu: Card, count: number): Scenario {
  return { ...onCards(s, cardsOf(gpu, count)), question: { kind: 'none' }, sharding: count > 1 && s.sharding.kind === 'none' ? { kind: 'ddp', stage: 0 } : s.sharding };
}

/** `changes` applied in order, as follow-ups; null when one does not resolve. */
export function applyAll(s: Scenario, changes: readonly string[]): Scenario | null {
  let out: Scenario | null = s;
  for (const change of changes) out = out ? applyChange(out, change) : null;
  return out;
}

/** tp and pp are written for one count ("tp 4", "pp 16"); every other change reads the same at any count. */
const PER_COUNT = /^(tp|pp) /;

/** Whether `count` cards split into whole model replicas of the setup's tp × pp × cp (the resolver's check, scenario/checks.ts). */
function splitsInto(count: number, s: Scenario): boolean {
  return count % (s.parallel.tp * s.parallel.pp * s.parallel.cp) === 0;
}

/** Count-free changes the resolver refuses whatever the count. */
const REFUSED = Symbol('refused');

/**
 * Candidate setups on `count` cards: each what reading its changes in order as follow-ups on the
 * question on those cards gives (the old path, `applyAll`), worked out with as few readings as
 * possible. A list starts from the question as a follow-up that sets nothing resolves it; each
 * one-setting change (gc, zero1–3, offload optimizer) then sets its fields, as the levers do
 * (levers.ts `settled`); only `tp n` / `pp n` are read and resolved, once per list, on the
 * question alone when every other change is a setting (the settings go on top: they commute).
 * On several cards each list is worked out on the first count it is asked for and moved onto
 * other counts' cards (the resolver's one count check, whole replicas, is made here): count-free
 * changes read the same at any count, and `tp n` / `pp n` at every count they are written for.
 * test/plan/how-many-setups.test.ts holds every setup, asked in any order, to the old path.
 */
export class Setups {
  /** On one card, by changes. */
  private readonly onOne = new Map<string, Scenario | null>();
  /** The question on one card, resolved: where each list of changes on one card starts. */
  private resolvedOne: Scenario | null | undefined;
  /** On several cards, by count-free changes: the setup, or REFUSED when the changes never resolve. */
  private readonly onSeveral = new Map<string, Scenario | typeof REFUSED>();
  /** On several cards, by changes with `tp n` / `pp n`: the setup on the cards it was first resolved on. */
  private readonly split = new Map<string, Scenario>();
  /** Each setup asked for, by count and changes. */
  private readonly onCount = new Map<string, Scenario | null>();

  constructor(
    private readonly asked: Scenario,
    private readonly gpu: Card,
  ) {}

  /**
   * The tp × pp of the setup on `count` cards, without reading `tp n` / `pp n`: the degrees they
   * write, the rest the count-free changes' setup has. Null where the count-free changes are
   * refused on these cards (the setup is then refused too); the setup itself may still be
   * refused (a split that does not divide the heads, or these cards).
   */
  splitOf(count: number, changes: readonly string[]): number | null {
    const free = changes.filter((c) => !PER_COUNT.test(c));
    // The question on other cards keeps its split (onCount changes only the cards).
    const shared = free.length === 0 ? this.asked : this.several(count, free);
    if (!shared) return null;
    let { tp, pp } = shared.parallel;
    let tpSaid = false;
    let ppSaid = false;
    for (const change of changes) {
      const [dimension, degree] = change.split(' ');
      if (dimension === 'tp') [tp, tpSaid] = [Number(degree), true];
      else if (dimension === 'pp') [pp, ppSaid] = [Number(degree), true];
    }
    // A new tp replaces inference's layer split over every card, as reading it does (scenario/split.ts).
    const said = { count: false, tp: tpSaid, pp: ppSaid };
    const fitted = carriedPipelineFitted({ tp, pp, cp: shared.parallel.cp }, count, said, isLayerSplitOverAllCards(shared, count));
    return tp * (fitted?.pp ?? pp);
  }

  at(count: number, changes: readonly string[]): Scenario | null {
    if (count === 1) return this.single(changes);
    const key = `${count}: ${changes.join(' + ')}`;
    let setup = this.onCount.get(key);
    if (setup === undefined) {
      setup = this.withSplit(count, changes);
      this.onCount.set(key, setup);
    }
    return setup;
  }

  /** The setup of `changes` on these cards, from the setups of the lists it starts with. */
  private withSplit(count: number, changes: readonly string[]): Scenario | null {
    const free = changes.filter((c) => !PER_COUNT.test(c));
    const split = changes.filter((c) => PER_COUNT.test(c));
    if (free.length > 0 && split.length > 0 && free.every(isSetting)) {
      // Refused where the settings alone are refused on these cards; else the settings on the split.
      if (!this.several(count, free)) return null;
      return free.reduce<Scenario | null>((setup, change) => setup && settled(setup, change), this.at(count, split));
    }
    // No change at all is never refused: it is the question on these cards, as asked.
    const shared = free.length === 0 ? onCount(this.asked, this.gpu, count) : this.several(count, free);
    let setup = shared && onCards(shared, cardsOf(this.gpu, count));
    let key = free.join(' + ');
    for (const change of split) {
      if (!setup) return null;
      key = key ? `${key} + ${change}` : change;
      const known = this.split.get(key);
      if (known) setup = splitsInto(count, known) ? onCards(known, cardsOf(this.gpu, count)) : null;
      else {
        setup = applyChange(setup, change);
        // A refusal may be this count's alone (its cards not whole replicas of the new split): not kept.
        if (setup) this.split.set(key, setup);
      }
    }
    return setup;
  }

  private single(changes: readonly string[]): Scenario | null {
    if (changes.length === 0) return onCount(this.asked, this.gpu, 1);
    const key = changes.join(' + ');
    let setup = this.onOne.get(key);
    if (setup === undefined) {
      const before = changes.length === 1 ? this.resolvedOnOne() : this.single(changes.slice(0, -1));
      setup = before && settled(before, changes.at(-1)!);
      this.onOne.set(key, setup);
    }
    return setup;
  }

  private resolvedOnOne(): Scenario | null {
    if (this.resolvedOne === undefined) this.resolvedOne = reresolved(onCount(this.asked, this.gpu, 1));
    return this.resolvedOne;
  }

  private several(count: number, free: readonly string[]): Scenario | null {
    const key = free.join(' + ');
    const known = this.onSeveral.get(key);
    if (known === REFUSED) return null;
    if (known) return splitsInto(count, known) ? known : null;
    const before = free.length === 1 ? reresolved(onCount(this.asked, this.gpu, count)) : this.several(count, free.slice(0, -1));
    const setup = before && settled(onCards(before, cardsOf(this.gpu, count)), free.at(-1)!);
    if (setup) this.onSeveral.set(key, setup);
    // Refused on cards that split into whole replicas: refused on any count.
    else if (splitsInto(count, this.asked)) this.onSeveral.set(key, REFUSED);
    return setup;
  }
}

interface Fit {
  count: number;
  changes: string[];
  setup: Scenario;
  deviceBytes: number;
}

/**
 * The smallest index in [0, top] at which `fits` holds, given it holds at `top` and is monotone
 * (false, then true): plain bisection.
 */
export function smallestIndex(top: number, fits: (index: number) => boolean): number {
  let lo = -1;
  let hi = top;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Counts from two cards up. */
const SEVERAL = GPU_COUNTS.slice(1);

/** Whether `count` cards hold one model replica of a tp × pp `split` (the group spans them): no data parallelism. */
function holdsOneReplica(count: number, split: number): boolean {
  return count < 2 * split;
}

/** Whether a setup is one model replica on its cards. */
export function oneReplica(setup: Scenario): boolean {
  return holdsOneReplica(gpuCountOf(setup), setup.parallel.tp * setup.parallel.pp);
}

/**
 * The tier's answer: the smallest count at which one of its candidates fits, and the first such
 * candidate in order. One card first, all candidates in order. Then each candidate in turn, and
 * only where it could beat the best so far: a count below it (an earlier candidate wins a tie).
 * Counts on which the candidate is one replica (no data parallelism yet, so no NCCL or DDP
 * buckets: cheaper than two replicas) are tried one by one; from two replicas up its peak never
 * rises with the count, so one estimate at the top tells whether it can beat the best, and
 * bisection finds where it starts to fit.
 */
function fewestInTier(s: Scenario, tier: number, setups: Setups): Fit | null {
  const fitOf = (count: number, changes: string[] | undefined): Fit | null => {
    const setup = changes ? setups.at(count, changes) : null;
    if (!changes || !setup) return null;
    const e = estimate(setup, { numbersOnly: true });
    return e.fits ? { count, changes, setup, deviceBytes: e.deviceBytes } : null;
  };
  for (const changes of candidatesAt(s, tier, 1)) {
    const fit = fitOf(1, changes);
    if (fit) return fit;
  }
  let best: Fit | null = null;
  let bestIndex = SEVERAL.length;
  // The tier's candidates at each count, written once: only tp and pp differ between counts.
  const table = SEVERAL.map((count) => candidatesAt(s, tier, count));
  const slots = table.at(-1)!.length;
  for (let slot = 0; slot < slots; slot++) {
    const changesAt = (index: number) => table[index]![slot];
    const setupAt = (index: number) => {
      const changes = changesAt(index);
      return changes ? setups.at(SEVERAL[index]!, changes) : null;
    };
    const fits = new Map<number, Fit | null>();
    const fitAt = (index: number): Fit | null => {
      if (!fits.has(index)) fits.set(index, fitOf(SEVERAL[index]!, changesAt(index)));
      return fits.get(index)!;
    };
    // One replica (the counts where its tp × pp group spans every card, that it resolves on):
    // its peak falls with the count there too, so a probe at the last tells whether any fits.
    // Where it is one replica is known from the changes (Setups.splitOf); only the counts
    // probed are read and resolved.
    let from = 0;
    const maybeSingle: number[] = [];
    for (; from < bestIndex; from++) {
      const changes = changesAt(from);
      const split = changes ? setups.splitOf(SEVERAL[from]!, changes) : null;
      if (split === null) continue;
      if (holdsOneReplica(SEVERAL[from]!, split)) maybeSingle.push(from);
      else if (setupAt(from)) break;
    }
    let last = maybeSingle.length - 1;
    while (last >= 0 && !setupAt(maybeSingle[last]!)) last -= 1;
    if (last >= 0 && fitAt(maybeSingle[last]!)) {
      const single = maybeSingle.slice(0, last + 1).filter((index) => setupAt(index) !== null);
      const first = single[smallestIndex(single.length - 1, (i) => fitAt(single[i]!) !== null)]!;
      [best, bestIndex] = [fitAt(first)!, first];
      continue;
    }
    if (from >= bestIndex) continue;
    // Pipeline stages past the layer count do not resolve: such a candidate's top is lower.
    let top = bestIndex - 1;
    while (top >= from && !setupAt(top)) top -= 1;
    if (top < from) continue;
    const atTop = fitAt(top);
    if (!atTop) continue;
    const index = from + smallestIndex(top - from, (i) => fitAt(from + i) !== null);
    [best, bestIndex] = [fitAt(index)!, index];
  }
  return best;
}

/**
 * The setup trying every count would have tried last when nothing fits: the last candidate that
 * resolves, at the largest count where one does, in the last tier that has any.
 */
function lastTried(s: Scenario, setups: Setups): Scenario | null {
  for (let tier = tierCount(s) - 1; tier >= 0; tier--) {
    for (let i = GPU_COUNTS.length - 1; i >= 0; i--) {
      const count = GPU_COUNTS[i]!;
      const candidates = candidatesAt(s, tier, count);
      for (let slot = candidates.length - 1; slot >= 0; slot--) {
        const setup = setups.at(count, candidates[slot]!);
        if (setup) return setup;
      }
    }
  }
  return null;
}

/** ["zero3", "gc", "offload optimizer"] → "ZeRO-3, gc and offload optimizer". */
function describeAdded(changes: string[]): string {
  const words = changes.map((c) => c.replace(/^zero(\d)$/, 'ZeRO-$1'));
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export function howMany(s: Scenario, gpuId: string | null): Solved {
  const id = gpuId ?? s.hardware?.gpuId ?? null;
  const gpu = id ? gpuById(id) : (findGpu('h100') ?? GPUS[0]!);
  const setups = new Setups(s, gpu);
  for (let tier = 0; tier < tierCount(s); tier++) {
    const found = fewestInTier(s, tier, setups);
    if (!found) continue;
    const how = found.changes.length ? `, with ${describeAdded(found.changes)}` : '';
    return {
      answer: {
        kind: 'howMany',
        value: found.count,
        text: `Fewest ${gpu.name} cards: ${found.count}${how} (${gib(found.deviceBytes)} GiB of ${gib(gpu.usableMiB * MiB)} GiB per GPU).`,
        headline: `Fewest ${gpu.name}: ${found.count}${how}`,
      },
      setup: found.setup,
    };
  }
  const tried = s.mode === 'inference' ? 'tensor and pipeline parallelism' : 'ZeRO-3, gc, offload and tensor parallelism';
  const text = `No count of ${gpu.name} up to ${GPU_COUNTS.at(-1)} fits this, even with ${tried}.`;
  return { answer: { kind: 'howMany', value: null, text, headline: `No count of ${gpu.name} up to ${GPU_COUNTS.at(-1)} fits this` }, setup: lastTried(s, setups) ?? { ...s, question: { kind: 'none' } } };
}
