import type { ErrorReply } from '../reply/types.js';
import { errorReply } from './errors.js';
import { isFiller } from './filler.js';
import { nearestSpelling } from './fuzzy.js';
import { impossibleCardSize } from './card-sizes.js';
import { checkInput } from './input-check.js';
import type { Item, ParseOutcome } from './items.js';
import { tokenize, type Token } from './lexer.js';
import { numbersWhereCardsCannotGo } from './numeric-cards.js';
import { expectedAfter, runParser } from './parser.js';

export type { Item, ParseOutcome } from './items.js';

/** Token types that separate items and carry no meaning. */
const DROPPED = new Set(['ws', 'sep', 'mention']);

/**
 * Text → typed items, no defaults (DESIGN §2). Filler words are dropped and listed in `ignored`;
 * any other unknown word is an error (with the nearest spelling when there is one). Never throws.
 */
export function parseRequest(text: string): ParseOutcome {
  const cached = recent.get(text);
  if (cached) {
    recent.delete(text);
    recent.set(text, cached);
    return cached;
  }
  const outcome = parseSafely(text);
  remember(text, outcome);
  return outcome;
}

/**
 * Parsing depends on the text alone, and the same short texts come back all the time (every
 * reply re-applies the same lever changes: "gc", "zero3", "chunked ce"). A small LRU of frozen
 * outcomes keeps the lexer's catalog-wide regex off that hot path.
 */
const RECENT_LIMIT = 512;
const recent = new Map<string, ParseOutcome>();

function remember(text: string, outcome: ParseOutcome): void {
  if (text.length > 200) return;
  if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value!);
  recent.set(text, deepFreeze(outcome));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function parseSafely(text: string): ParseOutcome {
  try {
    return parseUnsafe(text);
  } catch (e) {
    // A bug here must not take a bot down: answer with an error the user can act on.
    return { ok: false, error: errorReply(text, 0, `I could not read this request (${(e as Error).message}). Try a simpler one.`) };
  }
}

function parseUnsafe(text: string): ParseOutcome {
  const bad = checkInput(text);
  if (bad) return { ok: false, error: bad };
  const tokens = tokenize(text.toLowerCase());
  const kept: Token[] = [];
  const ignored: string[] = [];
  for (const t of tokens) {
    if (DROPPED.has(t.type)) continue;
    if (t.type === 'other') return { ok: false, error: badCharacter(text, t) };
    if (t.type === 'word') {
      if (isFiller(t.text)) {
        ignored.push(text.slice(t.offset, t.offset + t.text.length));
        continue;
      }
      return { ok: false, error: unknownWord(text, t, kept) };
    }
    kept.push(t);
  }
  if (kept.length === 0) {
    return {
      ok: false,
      error: errorReply(text, 0, `I found nothing to estimate in "${text.trim()}": only filler words. Name a model or a size and what you run.`, {
        expected: expectedAfter([]),
      }),
    };
  }
  const read = numbersWhereCardsCannotGo(kept);
  const run = runParser(read);
  if (!run.ok) return { ok: false, error: parseError(text, read, run.index, run.expected) };
  const items = run.results[0]!.map((item) => withText(item, text));
  return { ok: true, items, ignored };
}

/** How many parses the grammar finds for a request (0 when it does not lex or parse); for tests. */
export function parseCount(text: string): number {
  if (checkInput(text)) return 0;
  const kept = tokenize(text.toLowerCase()).filter((t) => !DROPPED.has(t.type) && !(t.type === 'word' && isFiller(t.text)));
  if (kept.some((t) => t.type === 'word' || t.type === 'other')) return 0;
  const run = runParser(numbersWhereCardsCannotGo(kept));
  return run.ok ? run.results.length : 0;
}

function withText(item: Item, text: string): Item {
  const filled = { ...item, text: text.slice(item.at, item.end) } as Item;
  if (filled.kind === 'compare') {
    filled.a = withText(filled.a, text);
    filled.b = withText(filled.b, text);
  }
  return filled;
}

function badCharacter(text: string, t: Token): ErrorReply {
  const ch = text[t.offset] ?? '';
  return errorReply(text, t.offset, `I can't read the character "${ch}" at position ${t.offset + 1}. Requests are words, numbers, spaces and commas.`);
}

function unknownWord(text: string, t: Token, before: Token[]): ErrorReply {
  const word = text.slice(t.offset, t.offset + t.text.length);
  const noSuchCard = impossibleCardSize(word);
  if (noSuchCard) return errorReply(text, t.offset, noSuchCard, { expected: expectedAfter(before) });
  const suggestion = nearestSpelling(t.text);
  const expected = expectedAfter(before);
  const message = suggestion
    ? `I don't know "${word}" (position ${t.offset + 1}). Did you mean "${suggestion}"?`
    : `I don't know "${word}" (position ${t.offset + 1}). It is not a keyword, model or GPU I know; say "help" for the items I read.`;
  return errorReply(text, t.offset, message, { expected, suggestion });
}

function parseError(text: string, kept: Token[], index: number, expected: string[]): ErrorReply {
  const t = kept[index];
  const last = kept[kept.length - 1]!;
  if (!t && last.type === 'number') return bareNumber(text, last, expected);
  if (!t) {
    const end = last.offset + last.text.length;
    return errorReply(text, end, `The request ends too early: "${last.text}" needs ${expected.join(' or ') || 'more'} after it.`, {
      expected,
    });
  }
  const written = text.slice(t.offset, t.offset + t.text.length);
  if (t.type === 'number') return bareNumber(text, t, expected);
  const previous = kept[index - 1];
  // A bare number only fails at the token after it ("7b 13 bf16"): point at the number.
  if (previous?.type === 'number') return bareNumber(text, previous, expected);
  const after = previous ? ` after "${text.slice(previous.offset, previous.offset + previous.text.length)}"` : ' at the start';
  return errorReply(
    text,
    t.offset,
    `"${written}" can't go here${after} (position ${t.offset + 1}). I expected ${expected.join(', or ') || 'the end of the request'}.`,
    { expected },
  );
}

function bareNumber(text: string, t: Token, expected: string[]): ErrorReply {
  const written = text.slice(t.offset, t.offset + t.text.length);
  return errorReply(
    text,
    t.offset,
    `"${written}" is a number with no unit (position ${t.offset + 1}). Say what it counts: "${written}b" for a model size, "seq ${written}", "bs ${written}" or "${written}x H100".`,
    { expected, suggestion: `${written}b` },
  );
}
