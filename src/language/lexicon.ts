import { GPUS, MODELS } from '../catalog/index.js';
import { compact } from './spelling.js';
import { KEYWORDS, type Keyword } from './vocabulary.js';

/**
 * Everything the lexer recognises by name, as lookup tables keyed by the compact spelling
 * (names.ts matches them), generated from the vocabulary and the catalog (which grows
 * independently: nothing here names a model or GPU).
 */

export interface KeywordMeaning {
  type: string;
  value: string;
}

function buildKeywordIndex(keywords: readonly Keyword[]): Map<string, KeywordMeaning> {
  const index = new Map<string, KeywordMeaning>();
  for (const k of keywords) {
    for (const s of k.spellings) {
      const key = compact(s);
      const prior = index.get(key);
      if (prior && (prior.type !== k.type || prior.value !== k.value)) {
        throw new Error(`vocabulary: "${s}" means both ${prior.type}:${prior.value} and ${k.type}:${k.value}`);
      }
      index.set(key, { type: k.type, value: k.value });
    }
  }
  return index;
}

export const KEYWORD_INDEX = buildKeywordIndex(KEYWORDS);

export function keywordMeaning(text: string): KeywordMeaning | undefined {
  return KEYWORD_INDEX.get(compact(text));
}

/** Spellings of one catalog entry: id, display name and aliases. */
function spellingsOf(entry: { id: string; name: string; aliases: string[] }): string[] {
  return [entry.id, entry.name, ...entry.aliases];
}

function nameIndex(entries: readonly { id: string; name: string; aliases: string[] }[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const e of entries) {
    for (const s of spellingsOf(e)) {
      const key = compact(s);
      if (!index.has(key)) index.set(key, e.id);
    }
  }
  return index;
}

export const MODEL_NAMES = nameIndex(MODELS);
export const GPU_NAMES = nameIndex(GPUS);


export const FAMILIES = [...new Set(MODELS.map((m) => m.family.toLowerCase()))];

export function modelIdOf(text: string): string | undefined {
  return MODEL_NAMES.get(compact(text));
}

export function gpuIdOf(text: string): string | undefined {
  return GPU_NAMES.get(compact(text)) ?? GPU_NAMES.get(compact(text).replace(/s$/, ''));
}
