import { GPUS, MODELS } from '../catalog/index.js';
import { isFiller } from './filler.js';
import { tokenize, type Token } from './lexer.js';
import { expectedTypesAfter } from './parser.js';
import { compact } from './spelling.js';
import { KEYWORDS } from './vocabulary.js';

export { EXAMPLES, USAGE, USAGE_ITEMS } from './usage.js';

/** Discord allows at most 25 autocomplete choices, each at most 100 characters. */
const DISCORD_MAX = 25;
const CHOICE_CHARS = 100;

/** One spelling per keyword meaning (the first, the canonical one). */
const SUGGESTIONS_BY_TYPE = (() => {
  const map = new Map<string, string[]>();
  for (const k of KEYWORDS) {
    const list = map.get(k.type) ?? [];
    const first = k.spellings[0]!;
    list.push(k.numeric ? `${first} ` : first);
    map.set(k.type, list);
  }
  map.set('model', MODELS.map((m) => m.id));
  map.set('gpu', GPUS.map((g) => g.id));
  map.set('size', ['7b', '13b', '70b']);
  map.set('capacity', ['24gb', '48gb', '80gb']);
  map.set('count', ['8x ']);
  map.set('loraRank', ['r8', 'r16', 'r64']);
  map.set('loraTargets', ['q,v', 'q,k,v,o']);
  map.set('knum', ['4k', '8k', '32k']);
  map.set('number', []);
  return map;
})();

/**
 * Completions for Discord autocomplete: what the grammar accepts after the text so far, plus
 * catalog models and GPUs matching the last word. Each choice is the whole request text.
 */
export function completions(partial: string, limit = DISCORD_MAX): string[] {
  const max = Math.max(0, Math.min(limit, DISCORD_MAX));
  if (partial.length > 500 || /[^\x20-\x7e×]/.test(partial)) return [];
  const lower = partial.toLowerCase();
  const cut = /\S*$/.exec(lower)!.index;
  const head = partial.slice(0, cut);
  const last = lower.slice(cut);
  const kept = keptTokens(lower.slice(0, cut));
  // "on 4x " / "4xa1": a GPU count is followed by a card, never a model.
  const count = /(?:^|\s)\d+x\s*$/.test(lower.slice(0, cut)) ? '' : /^\d+x(?=$|[a-z])/.exec(last)?.[0];
  if (count !== undefined) return cardCompletions(partial.slice(0, cut) + count, last.slice(count.length), max);
  const { types } = kept ? expectedTypesAfter(kept) : { types: ['model', 'gpu'] };
  const key = compact(last);
  const pool: string[] = [];
  // Keywords first, then the long catalog lists.
  const ordered = [...types.filter((t) => t !== 'model' && t !== 'gpu'), ...types.filter((t) => t === 'gpu' || t === 'model')];
  for (const type of ordered) pool.push(...(SUGGESTIONS_BY_TYPE.get(type) ?? []));
  if (key) {
    // Catalog names matching anywhere in the word, for "70b" → llama-3-70b and friends.
    for (const m of MODELS) if (compact(m.id).includes(key) || compact(m.name).includes(key)) pool.push(m.id);
    for (const g of GPUS) if (compact(g.id).includes(key) || compact(g.name).includes(key)) pool.push(g.id);
  }
  const matching = [...new Set(pool)].filter((s) => !key || compact(s).startsWith(key) || compact(s).includes(key));
  matching.sort((a, b) => Number(!compact(a).startsWith(key)) - Number(!compact(b).startsWith(key)));
  return matching
    .map((s) => `${head}${s}`)
    .filter((s) => s.length <= CHOICE_CHARS)
    .slice(0, max);
}

/** Catalog cards (then card sizes) completing `rest` after a count: "on 4x " → "on 4x h100-80g", "4xa1" → "4xa100-80g". */
function cardCompletions(head: string, rest: string, max: number): string[] {
  const key = compact(rest);
  const cards = [...GPUS.map((g) => g.id), ...(SUGGESTIONS_BY_TYPE.get('capacity') ?? [])].filter((id) => !key || compact(id).includes(key));
  cards.sort((a, b) => Number(!compact(a).startsWith(key)) - Number(!compact(b).startsWith(key)));
  return cards.map((id) => `${head}${id}`).filter((text) => text.length <= CHOICE_CHARS).slice(0, max);
}

/** The meaningful tokens of complete words, or null when they do not lex cleanly. */
function keptTokens(text: string): Token[] | null {
  const kept: Token[] = [];
  for (const t of tokenize(text)) {
    if (t.type === 'ws' || t.type === 'sep' || t.type === 'mention') continue;
    if (t.type === 'word' && isFiller(t.text)) continue;
    if (t.type === 'word' || t.type === 'other') return null;
    kept.push(t);
  }
  return kept;
}
