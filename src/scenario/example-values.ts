import { withDoubt } from './doubt-chain.js';
import { allMatches } from '../language/all-matches.js';
import type { FactTrace } from './facts.js';

/**
 * A value given as an example (issue 22, item 5: weak evidence is said): "For example, with
 * Llama-3.3-70b, 2xRTX-3090 can process tokens 7.09x faster … than m3-max 64GB" (ml-explore/mlx-lm#92,
 * corpus c1975: the user's Mac set against someone's two 3090s), "I change all variables refering to
 * the sequence length to smaller size, such as 1k" (Open-Reasoner-Zero/Open-Reasoner-Zero#24, c2256:
 * one of several lengths, no single one). An example is one instance of something — a machine in a
 * comparison, one setting of several — and often the user's own case too, so the fact is still read,
 * but weak: said on the first screen with the example's words and the switch. Both lines had been
 * answered about the example in silence (session 36, rdoubt1: 2 of the 79 released silent lines).
 */
export const EXAMPLE_VALUE_RULE = {
  id: 'doubt.example-value',
  example: 'For example, with Llama-3.3-70b, 2xRTX-3090 can process tokens 7.09x faster than m3-max 64GB.',
  source: 'ml-explore/mlx-lm#92; Open-Reasoner-Zero/Open-Reasoner-Zero#24',
} as const;

/** The words that give an example, in the languages the corpus holds; not "i.e." (a restatement) nor "like" (a wish as often). */
const EXAMPLE_WORDS = /\b(?:for (?:example|instance)|e\.\s?g\b\.?|such as)|比如(?:说)?|例如|譬如|举个?例子|예를 들어|예컨대|例えば|たとえば/giu;
/** What every match holds, under its flags: most messages have none, and the scan is skipped (issue 22: the request path's speed). */
const NAMES_AN_EXAMPLE = /example|instance|e\.\s?g|such as|比如|例如|譬如|举|예를|예컨대|例えば|たとえば/iu;
/**
 * Where the example ends: its sentence's end, a line's, a closing bracket, a Chinese or full-width comma or
 * semicolon, a comma that goes back to the run (", and it still OOMs", ", on a single 4090"), or the user's own words
 * again ("so why does it OOM for me", "but my 4090", "我只有一张4090").
 */
const EXAMPLE_END = /[.!?](?=\s|$)|[\n。！？，；;)）]|,\s*(?:and|on|with|using|in|it|then|still)\b|\b(?:I|my|we|our|me|but|so|however|though|whereas|while)\b|我|但|而|可是/iu;
/** How far an example reaches at most: a clause, not a paragraph. */
const REACH = 160;

/** The facts an example's number or card sets: the hardware and the counted settings, not a model or a method named as an example of a kind. */
const EXAMPLE_FACTS = new Set(['gpus', 'card', 'nodes', 'seq', 'batch', 'grad accum', 'global batch', 'tp', 'pp', 'dp', 'cp', 'ep']);

/** The stretches of `text` that give an example: from its word to where the example ends. */
export function exampleSpans(text: string): { at: number; end: number }[] {
  if (!NAMES_AN_EXAMPLE.test(text)) return [];
  return allMatches(EXAMPLE_WORDS, text).map((m) => {
    // The example's own comma or colon ("For example, with …") opens it, never ends it.
    const from = m.index + m[0].length + (/^[\s,:：，]*/.exec(text.slice(m.index + m[0].length))?.[0].length ?? 0);
    const rest = text.slice(from, from + REACH);
    const stop = EXAMPLE_END.exec(rest);
    return { at: m.index, end: from + (stop ? stop.index : rest.length) };
  });
}

/**
 * Each fact whose value ends inside an example is weak, said with the words from the example's
 * start (or the fact's, where it starts before) to the value. A card and its count read from one
 * phrase are said once, by the card ("2× RTX 3090 24GB — from …").
 */
export function withExampleValues(facts: FactTrace[], text: string): FactTrace[] {
  const spans = exampleSpans(text);
  if (!spans.length) return facts;
  const inExample = (f: FactTrace) =>
    f.at !== null && f.end !== null && EXAMPLE_FACTS.has(f.fact) ? spans.find((sp) => sp.at < f.end! && f.end! <= sp.end) : undefined;
  const cardAt = new Set(facts.filter((f) => f.fact === 'card' && inExample(f)).map((f) => `${f.at}:${f.end}`));
  return facts.map((f) => {
    if (f.weak) return f;
    const span = inExample(f);
    if (!span || (f.fact === 'gpus' && cardAt.has(`${f.at}:${f.end}`))) return f;
    return { ...f, weak: true, weakWords: text.slice(Math.min(span.at, f.at!), f.end!).trim(), rules: withDoubt(f.rules, EXAMPLE_VALUE_RULE.id) };
  });
}
