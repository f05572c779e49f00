import { gib } from '../memory/format.js';
import { layoutWords, type AssumedLayout } from '../plan/megatron-layout.js';
import { gpuCountOf } from '../scenario/gpus.js';
import type { Summary, Verdict } from './types.js';

/**
 * What the reply says when a Megatron run's layout was not stated (plan/megatron-layout.ts): the
 * verdict names the split it was given at and that the user did not say it, on the first screen;
 * the second line asks for their split and gives the figure as read with none (replicated weights).
 */

/** "with tp 8 (the smallest split that holds it; you did not say your layout)". */
function withSplit(a: AssumedLayout): string {
  const which = a.holds ? 'the smallest split that holds it' : `the split of these ${gpuCountOf(a.setup)} GPUs that needs least`;
  return `with ${layoutWords(a.degrees)} (${which}; you did not say your layout)`;
}

/** A headline ("✓ Fits: …", "⚠ Tight fit: …", "Fits up to seq …", "✗ Does not fit: …") with the split said after its verdict word. */
export function layoutHeadline(headline: string, a: AssumedLayout): string {
  const said = withSplit(a);
  const verdictWord = /^(✓ Fits|⚠ Tight fit|Fits|✗ Does not fit)/;
  const m = verdictWord.exec(headline);
  if (!m) return `${said[0]!.toUpperCase()}${said.slice(1)}: ${headline}`;
  return `${m[1]}${m[1] === '✗ Does not fit' ? ' even' : ''} ${said}${headline.slice(m[1]!.length)}`;
}

/** The second line: ask for their split, and the figure with none. */
export function layoutAsk(a: AssumedLayout): string {
  return `Say tp / pp / ep if your layout differs: with none (whole weights and fp32 main gradients on every GPU) it needs ${gib(a.replicatedBytes)} GiB per GPU.`;
}

/** The assumption the reply lists (and the JSON carries) for the split. */
export function layoutAssumption(a: AssumedLayout): string {
  const words = layoutWords(a.degrees);
  const gpus = gpuCountOf(a.setup);
  return a.holds
    ? `Megatron layout not stated: estimated at ${words}, the smallest split of the ${gpus} GPUs that holds it (tp within a node, then pp, ep for MoE); replicated on every GPU it needs ${gib(a.replicatedBytes)} GiB per GPU`
    : `Megatron layout not stated: no split of the ${gpus} GPUs holds it (tp within a node, then pp, ep for MoE); shown at the one that needs least, ${words}; replicated on every GPU it needs ${gib(a.replicatedBytes)} GiB per GPU`;
}

export function withLayoutVerdict(v: Verdict, a: AssumedLayout): Verdict {
  return { ...v, headline: layoutHeadline(v.headline, a), detail: `${layoutAsk(a)} ${v.detail}`.trim() };
}

export function withLayoutSummary(s: Summary, a: AssumedLayout): Summary {
  return { ...s, verdict: layoutHeadline(s.verdict, a), ask: s.ask ? `${layoutAsk(a)} ${s.ask}` : layoutAsk(a) };
}
