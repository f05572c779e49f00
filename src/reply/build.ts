import { gpuById } from '../catalog/index.js';
import { followUpsFor } from './follow-ups.js';
import { tipsFor } from '../knowledge/tips.js';
import { peakPhaseLabel } from '../memory/estimate.js';
import { gib, grouped } from '../memory/format.js';
import { countParams } from '../memory/parameters.js';
import type { Estimate } from '../memory/types.js';
import { levers } from '../plan/levers.js';
import { compare, howMany, maxBatch, maxSeq, whichGpu, type Solved } from '../plan/solvers.js';
import { canonicalText, readingText } from '../scenario/canonical.js';
import type { Scenario } from '../scenario/schema.js';
import type { FactTrace } from '../scenario/facts.js';
import type { NotUsed } from '../language/accounting.js';
import { estimate, type EstimateOptions } from '../memory/estimate.js';
import { assumedLayout } from '../plan/megatron-layout.js';
import { layoutAssumption, withLayoutSummary, withLayoutVerdict } from './layout-words.js';
import { withLazyCompact } from './lazy-compact.js';
import { summaryOf } from './summary.js';
import { envelopeOf } from '../plan/envelope.js';
import { envelopeAsk, envelopeHeadline } from './envelope-words.js';
import { theCard } from './card-name.js';
import { cannotStart, servedFitDetail, servedFitHeadline } from './served-words.js';
import { fitsOf, sequencesHeld, TIGHT_SHARE } from './fits.js';
import type { Envelope, EstimateReply, Verdict } from './types.js';
import { gpuCountOf, unnamedGpusWords } from '../scenario/gpus.js';
import { rlAlternativeWords } from '../memory/rl-flips.js';


/** "Fits on one card: RTX 4090 24GB, A10G 24GB, L4 24GB …" — the smallest cards that hold it first. */
function fitsOnText(e: Estimate): string {
  const gpus = gpuCountOf(e.scenario);
  if (e.fitsOn.length === 0) {
    return gpus > 1
      ? `No catalog card holds this per-GPU share: shard it further or add GPUs (ask "how many h100").`
      : 'No single catalog card holds this: shard it over several GPUs (ask "how many h100").';
  }
  const cards = e.fitsOn.map(gpuById).sort((a, b) => a.usableMiB - b.usableMiB || a.priceRank - b.priceRank);
  const shown = cards.slice(0, 5).map((c) => c.name);
  const list = `${shown.join(', ')}${cards.length > shown.length ? ' and larger' : ''}`;
  return gpus > 1 ? `Each of the ${gpus} GPUs can be one of: ${list}.` : `Fits on one card: ${list}.`;
}

/**
 * The verdict on the scenario as read, and, when the user left the sequence length or the batch
 * unsaid on a named card, the envelope that answers instead (src/plan/envelope.ts): its headline
 * says what fits along what was not said, its detail asks, then gives the fit as read.
 */
export function verdictOf(s: Scenario, e: Estimate, envelope: Envelope | null = null): Verdict {
  const read = verdictAsRead(s, e);
  if (!envelope) return read;
  const asRead = read.headline.replace(/^[✓⚠✗] /, '');
  return { ...read, envelope, headline: `${envelopeHeadline(s, e, envelope)}.`, detail: `${envelopeAsk(s, e, envelope)} ${asRead} ${read.detail}` };
}

function verdictAsRead(s: Scenario, e: Estimate): Verdict {
  const phase = peakPhaseLabel(e);
  const need = `${gib(e.deviceBytes)} GiB per GPU at the ${phase}`;
  const numbers = { envelope: null, deviceBytes: e.deviceBytes, capacityBytes: e.capacityBytes, headroomBytes: e.headroomBytes };
  const status = fitsOf(s, e);
  if (status === null || e.capacityBytes === null || e.headroomBytes === null) {
    const perGpu = unnamedGpusWords(s) ? `${gib(e.deviceBytes)} GiB per GPU on ${gpuCountOf(s)} GPUs (no card named) at the ${phase}` : need;
    return { ...numbers, status: 'unknown', headline: `Needs ${perGpu} (what nvidia-smi would show).`, detail: fitsOnText(e) };
  }
  const offers = `${theCard(s)} offers ${gib(e.capacityBytes)} GiB`;
  if (e.headroomBytes < 0) {
    // "Fits only with gc": the unstated settings that alone would make it fit (memory/flips.ts) are
    // computed for a ✗ only; the detail says them (a9baa6b moved them here from the terminal's
    // renderer but into the ✓ branch, where flipsOn is always empty).
    return { ...numbers, status, headline: `✗ Does not fit: ${need}; ${offers}.`, detail: [`Short by ${gib(-e.headroomBytes)} GiB.`, ...fitConditions(e)].join(' ') };
  }
  if ((e.hostShortBytes ?? 0) > 0) {
    const host = `offload keeps ${gib(e.hostBytes)} GiB of host RAM per node, ${gib(e.hostShortBytes!)} GiB more than the node has`;
    return { ...numbers, status, headline: `✗ Does not fit in host RAM: ${host} (the GPU needs ${need}; ${offers}).`, detail: 'Offload less (the parameters, then the optimizer), or spread the states over more nodes.' };
  }
  // Served: the memory fits (the KV pool takes what is left), but the pool may hold fewer
  // sequences than the batch asked for ("for 50 users" at 32k, --max-num-seqs 64). The server
  // still starts (vLLM needs room for one sequence of max-model-len); the rest wait their turn.
  const held = sequencesHeld(s, e);
  // Not even one sequence of max-model-len: vLLM refuses to start ("larger than the maximum number
  // of tokens that can be stored in KV cache").
  if (held === 0) return { ...numbers, status, ...cannotStart(s, e, `${need}; ${offers}`) };
  if (held !== null) {
    return {
      ...numbers,
      status,
      headline: `⚠ Runs, but its KV cache holds ${held} of the ${s.microBatch} sequences of ${grouped(s.seq)} tokens at once; the rest wait (${need}; ${offers}).`,
      detail: `Short by ${s.microBatch - held} sequence${s.microBatch - held === 1 ? '' : 's'} of KV cache: add GPUs (tp, pp), shorten seq, or kv fp8.`,
    };
  }
  const share = e.headroomBytes / e.capacityBytes;
  const mark = status === 'yes' ? '✓ Fits' : '⚠ Tight fit';
  // A server's budget is full by design: say what is in use and what its KV pool holds, not a "headroom".
  if (e.serving) return { ...numbers, status, headline: servedFitHeadline(s, e, mark), detail: servedFitDetail(s, e, status === 'tight') };
  const tight = status === 'tight' ? `: under ${Math.round(TIGHT_SHARE * 100)}% of the card, which fragmentation or one longer batch can take` : '';
  const detail = [`Headroom ${gib(e.headroomBytes)} GiB (${Math.round(share * 100)}%)${tight}.`, ...fitConditions(e)].join(' ');
  return { ...numbers, status, headline: `${mark}: ${need}; ${offers}.`, detail };
}

/**
 * A fit that rests on something the request did not say (a setting the defaults leave off, or the
 * checkpointing a framework's examples turn on) says so in the verdict itself, so that every
 * surface (terminal, Slack, Discord, JSON) carries it, not only the terminal's.
 */
function fitConditions(e: Estimate): string[] {
  const flips = e.flipsOn ?? [];
  const said: string[] = [];
  if (flips.length) said.push(`Fits only with ${flips.join(' or ')} (not in your request; the defaults leave ${flips.length > 1 ? 'them' : 'it'} off).`);
  // Issue 23 §8 for sharding: an unnamed sharding over several GPUs is read as plain DDP, which the
  // verdict turns on as much as on any unstated length; say which reading it is and how to change it.
  if (flips.includes('zero3')) said.push('No sharding was named, so each GPU is read as holding a whole replica (plain DDP); ZeRO-3, the rest as read, fits: say zero3 or fsdp if you shard.');
  if (e.holdsOnlyWithGc) said.push(`Fits only with the gradient checkpointing assumed above (not in your request): without it ${gib(e.holdsOnlyWithGc.withoutBytes)} GiB per GPU.`);
  // Online RL: a verdict one unsaid RL setting would turn (memory/rl-flips.ts), with that figure.
  if (e.rlRestsOn?.length) said.push(`It turns on RL settings you did not state: ${e.rlRestsOn.map((a) => rlAlternativeWords(e.scenario, a, gib)).join('; ')}.`);
  return said;
}

/** The canonical reading of any scenario, with its parameter total counted from the architecture. */
export function readingOf(s: Scenario): string {
  return readingText(s, countParams(s.model.arch).total);
}

function solve(s: Scenario, reading: (x: Scenario) => string): Solved | null {
  switch (s.question.kind) {
    case 'none':
      return null;
    case 'maxBatch':
      return maxBatch(s);
    case 'maxSeq':
      return maxSeq(s);
    case 'howMany':
      return howMany(s, s.question.gpuId);
    case 'whichGpu':
      return whichGpu(s);
    case 'compare':
      return compare(s, s.question.a, s.question.b, reading);
  }
}

/** How the request was read: its facts traced and what no fact used (absent for a restated scenario). */
export interface ReadTrace {
  trace?: FactTrace[];
  notUsed?: NotUsed[];
}

/**
 * A question's reply shows the configuration that answers it (the batch, count, card or side
 * found): its reading, breakdown, verdict and levers. `canonical` and `scenario` stay the
 * request's, so follow-ups and buttons ask the question again on the changed request.
 */
export function buildEstimateReply(s: Scenario, e: Estimate, assumptions: string[], ignored: string[], notices: string[] = [], read: ReadTrace = {}, options: EstimateOptions = {}): EstimateReply {
  const solved = solve(s, readingOf);
  // A Megatron run with no layout said is shown at the smallest split that holds it (issue 23, plan/megatron-layout.ts).
  const layout = solved ? null : assumedLayout(s, e, options);
  const shown = solved?.setup ?? layout?.setup ?? s;
  const shownEstimate = solved ? estimate(shown) : (layout?.estimate ?? e);
  const answer = solved?.answer ?? null;
  // A question is answered by its solver; a half-stated setup by its envelope (issue 23).
  const envelope = solved ? null : envelopeOf(shown, shownEstimate);
  const summary = summaryOf(shown, shownEstimate, answer, envelope);
  const verdict = verdictOf(shown, shownEstimate, envelope);
  const reply: Omit<EstimateReply, 'compact'> = {
    kind: 'estimate',
    summary: layout ? withLayoutSummary(summary, layout) : summary,
    reading: readingText(shown, shownEstimate.params.total),
    canonical: canonicalText(s),
    scenario: s,
    assumptions: layout ? [...assumptions, layoutAssumption(layout)] : assumptions,
    notices,
    ignored,
    ...read,
    verdict: layout ? withLayoutVerdict(verdict, layout) : verdict,
    breakdown: shownEstimate.components,
    answer,
    levers: shownEstimate.fits === true ? [] : levers(shown, shownEstimate),
    tips: tipsFor(shown, shownEstimate),
    followUps: followUpsFor(s),
    estimate: shownEstimate,
  };
  // The short request only buttons carry (Discord custom_ids, footers): re-read item by item, so
  // it is worked out when a surface first asks for it, once; the terminal never does.
  return withLazyCompact(reply);
}
