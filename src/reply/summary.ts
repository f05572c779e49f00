import { gpuById } from '../catalog/index.js';
import { gib, grouped } from '../memory/format.js';
import type { Component, Estimate } from '../memory/types.js';
import type { Scenario } from '../scenario/schema.js';
import { theCard } from './card-name.js';
import { servedMargin } from './served-words.js';
import { fitsOf, sequencesHeld } from './fits.js';
import { envelopeAsk, envelopeHeadline } from './envelope-words.js';
import type { Answer, Envelope, Summary } from './types.js';

export { sequencesHeld } from './fits.js';
import { gpuCountOf } from '../scenario/gpus.js';

/**
 * The first screen of a chat answer (DESIGN §3.8): one sentence that answers the question asked,
 * one line of why. Both are short enough for a phone notification and an embed title; every
 * number is the Estimate's.
 */

/** Components that are the run's own memory (not slack or context), biggest first: what "why" names. */
const OVERHEAD_GROUPS = new Set<Component['group']>(['overhead', 'buffers']);

function largest(e: Estimate): Component | null {
  const own = e.components.filter((c) => !OVERHEAD_GROUPS.has(c.group));
  return [...(own.length ? own : e.components)].sort((a, b) => b.bytes - a.bytes)[0] ?? null;
}

/** "KV cache for 92,773 tokens = 11 sequences of 8,192": what a serving deployment holds on its card. */
export function capacityLine(s: Scenario, e: Estimate): string | null {
  // Without a card the pool is sized for one sequence: a need, not a capacity.
  if (!e.serving || e.capacityBytes === null) return null;
  const { kvCapacityTokens, concurrentSequences } = e.serving;
  if (kvCapacityTokens === 0) return 'No room left for KV cache on this card';
  return `KV cache for ${grouped(kvCapacityTokens)} tokens = ${grouped(concurrentSequences)} sequence${concurrentSequences === 1 ? '' : 's'} of ${grouped(s.seq)}`;
}

function plainVerdict(s: Scenario, e: Estimate): string {
  if (e.capacityBytes === null || e.headroomBytes === null) {
    const gpus = gpuCountOf(s);
    return gpus > 1 ? `Needs ${gib(e.deviceBytes)} GiB per GPU on ${gpus} GPUs, no card named` : `Needs ${gib(e.deviceBytes)} GiB per GPU`;
  }
  const held = e.headroomBytes >= 0 ? sequencesHeld(s, e) : null;
  if (held === 0) return `✗ Cannot start: no room for one sequence of ${grouped(s.seq)} in its KV cache`;
  if (held !== null) return `⚠ Holds ${grouped(held)} of ${grouped(s.microBatch)} sequences of ${grouped(s.seq)} at once; the rest wait`;
  if (e.serving && e.headroomBytes >= 0) {
    return `Serves ${grouped(e.serving.kvCapacityTokens)} tokens of KV cache = ${grouped(e.serving.concurrentSequences)} sequences of ${grouped(s.seq)}`;
  }
  const card = theCard(s);
  if (e.headroomBytes < 0) return `✗ Does not fit: ${gib(e.deviceBytes)} GiB per GPU; ${card} offers ${gib(e.capacityBytes)} GiB`;
  const mark = fitsOf(s, e) === 'tight' ? '⚠ Tight fit' : '✓ Fits';
  return `${mark}: ${gib(e.deviceBytes)} of ${gib(e.capacityBytes)} GiB per GPU on ${card}`;
}

function why(e: Estimate): string {
  const top = largest(e);
  const parts = top ? [`Largest: ${top.name} ${gib(top.bytes)} GiB`] : [];
  const held = sequencesHeld(e.scenario, e);
  if (held !== null) {
    parts.push(`short by ${e.scenario.microBatch - held} sequence${e.scenario.microBatch - held === 1 ? '' : 's'} of KV cache`);
  } else if (e.headroomBytes !== null && e.capacityBytes !== null) {
    if (e.headroomBytes < 0) parts.push(`short by ${gib(-e.headroomBytes)} GiB`);
    else if (e.serving) parts.push(servedMargin(e.serving, e.headroomBytes, e.capacityBytes));
    else parts.push(`${gib(e.headroomBytes)} GiB to spare (${Math.round((e.headroomBytes / e.capacityBytes) * 100)}%)`);
  } else if (e.fitsOn.length === 0) {
    parts.push(gpuCountOf(e.scenario) > 1 ? 'no card holds the per-GPU share' : 'no single card holds it');
  } else {
    const gpus = gpuCountOf(e.scenario);
    parts.push(gpus > 1 ? `fits ${gpus}× ${gpuById(smallestCard(e.fitsOn)).name}` : `fits one ${gpuById(smallestCard(e.fitsOn)).name}`);
  }
  return parts.join(' · ');
}

/** The smallest card (then the cheapest), the first of equals: one pass, each id looked up once. */
function smallestCard(ids: string[]): string {
  let best = gpuById(ids[0]!);
  for (const id of ids.slice(1)) {
    const card = gpuById(id);
    if (card.usableMiB - best.usableMiB < 0 || (card.usableMiB === best.usableMiB && card.priceRank - best.priceRank < 0)) best = card;
  }
  return best.id;
}

/** `shown` is the Estimate of the setup the reply shows (a solver's found configuration, else the request's). */
export function summaryOf(shown: Scenario, e: Estimate, answer: Answer | null, envelope: Envelope | null = null): Summary {
  return {
    verdict: answer?.headline ?? (envelope ? envelopeHeadline(shown, e, envelope) : plainVerdict(shown, e)),
    why: why(e),
    capacity: capacityLine(shown, e),
    ask: envelope ? envelopeAsk(shown, e, envelope) : null,
  };
}
