import { gpuById } from '../catalog/index.js';
import { gib } from '../memory/format.js';
import type { Scenario } from '../scenario/schema.js';
import { withArticle } from '../language/article.js';

/** The card as a reply names it, article included: "the H100 80GB", or "a 32 GiB card" for a card known only by its memory. */
export function theCard(s: Scenario): string {
  if (!s.hardware) return 'the card';
  return s.hardware.gpuId ? `the ${gpuById(s.hardware.gpuId).name}` : `${withArticle(`${gib(s.hardware.capacityBytes, 0)} GiB`)} card`;
}
