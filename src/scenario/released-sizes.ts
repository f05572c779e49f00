import { MODELS, modelById } from '../catalog/index.js';
import type { ModelSpec } from '../catalog/types.js';

/**
 * A size written the way a release was named ("345M", "the 117M model", "GPT-2 762M") names that
 * checkpoint, not a shape of that size. GPT-2 was published as 117M, 345M, 762M and 1542M (the
 * paper's Table 2, OpenAI's first downloads) and recounted as 124M, 355M, 774M and 1558M; DialoGPT
 * and Megatron-LM's GPT-345M reuse those shapes and names (microsoft/DialoGPT README: "The 117M and
 * 345M model can be loaded in a single GPU with 12G memory. The 762M model …"). Real lines:
 * nshepperd/gpt-2#69 "train using **345M**", openai/gpt-2#173 "training the model 345M",
 * openai/gpt-2#150 "train the 345M model" (corpus c870 c875 c884), none naming GPT-2.
 *
 * The catalog lists the labels (ModelSpec.releasedAs); a label is matched as written, never by
 * nearness, so "350m" stays a 350M shape. Named with a family, the label must be that family's.
 */

const sizeLabel = (params: number) => `${Number((params / 1e6).toPrecision(4))}m`;

let byLabel: Map<string, ModelSpec[]> | null = null;

function labels(): Map<string, ModelSpec[]> {
  if (byLabel) return byLabel;
  byLabel = new Map();
  for (const m of MODELS) for (const label of m.releasedAs ?? []) byLabel.set(label, [...(byLabel.get(label) ?? []), m]);
  return byLabel;
}

/** The checkpoint a size names by its release label, or null (no label, another family's label, or a label two releases share). */
export function releasedCheckpoint(params: number, family: string | null): ModelSpec | null {
  const found = (labels().get(sizeLabel(params)) ?? []).filter((m) => family === null || m.family.toLowerCase() === family);
  return found.length === 1 ? found[0]! : null;
}

/** Whether a catalog model was read from its release label (the words hold the label and no family word). */
export function readFromReleaseLabel(id: string, words: string): boolean {
  const m = modelById(id);
  if (!m.releasedAs) return false;
  const w = words.trim().toLowerCase().replace(/\s+/g, '');
  return m.releasedAs.includes(w);
}
