import nearley from 'nearley';
import grammar from './generated/request.js';
import type { Item } from './items.js';
import type { Token } from './lexer.js';
import { TokenListLexer } from './token-stream.js';
import { TERMINAL_NAMES } from './vocabulary.js';

/**
 * Runs the compiled grammar over a token list. On failure it reports which token failed and
 * what the parse table expected there, by item name (nearley's own message is a state dump).
 */

const compiled = nearley.Grammar.fromCompiled(grammar as unknown as nearley.CompiledRules);

export type ParserRun =
  | { ok: true; results: Item[][] }
  /** `index` is the failing token's position in the list (tokens.length: the text ended early). */
  | { ok: false; index: number; expected: string[] };

interface State {
  rule: { name: string; symbols: unknown[] };
  dot: number;
}
interface Column {
  states: State[];
}

/** Summary used when any new item could start here. */
export const ANY_ITEM =
  'a new item: a model or size, mode, precision, optimizer, sharding, seq, batch, recompute, GPU, question or help';

/** Item names the parser could accept next, read from a parse-table column. */
export function expectedIn(column: Column | undefined): string[] {
  if (!column) return [];
  const names: string[] = [];
  let itemBoundary = false;
  for (const state of column.states) {
    if (state.rule.name === 'simple' && state.dot === 0) itemBoundary = true;
    const next = state.rule.symbols[state.dot] as { type?: string } | string | undefined;
    if (next && typeof next === 'object' && next.type) names.push(next.type);
  }
  // Tokens that start an item are summarised as ANY_ITEM; the rest are what this item still takes.
  const starts = itemBoundary ? ITEM_START_TYPES : new Set<string>();
  const specific = [...new Set(names)].filter((t) => !starts.has(t)).map((t) => TERMINAL_NAMES[t] ?? t);
  return itemBoundary ? [...specific, ANY_ITEM] : specific;
}

/** Terminals that can begin an item (the first symbols of `simple`, `compare` and helpers). */
const ITEM_START_TYPES = new Set(
  (() => {
    const rules = compiled.rules;
    const firsts = new Set<string>();
    const visit = (name: string, seen: Set<string>) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const rule of rules.filter((r) => r.name === name)) {
        for (const symbol of rule.symbols as ({ type?: string } | string)[]) {
          if (typeof symbol === 'string') visit(symbol, seen);
          else if (symbol.type) firsts.add(symbol.type);
          // Keep walking only past nullable prefixes (%on:?, %family:?, count:?).
          if (!(typeof symbol === 'string' && /\$ebnf\$\d+$/.test(symbol))) break;
        }
      }
    };
    visit('simple', new Set());
    firsts.add('compare');
    return [...firsts];
  })(),
);

/**
 * A parser over `tokens`. nearley's own error message (a dump of the parse table, built on every
 * failed parse) is never shown: the callers read where it failed and the table itself. Not
 * building it saves ~2% of reading real prose, where the tolerant reading fails and retries.
 */
function parserFor(tokens: readonly Token[]): nearley.Parser {
  const parser = new nearley.Parser(compiled);
  parser.lexer = new TokenListLexer(tokens) as unknown as nearley.Lexer;
  const quiet = parser as unknown as { reportError: () => string; reportLexerError: () => string };
  quiet.reportError = quiet.reportLexerError = () => 'syntax error';
  return parser;
}

export function runParser(tokens: readonly Token[]): ParserRun {
  const parser = parserFor(tokens);
  try {
    parser.feed('');
  } catch (e) {
    const table = (parser as unknown as { table: Column[] }).table;
    const index = (e as { offset?: number }).offset ?? 0;
    return { ok: false, index, expected: expectedIn(table[table.length - 2]) };
  }
  const results = parser.results as Item[][];
  if (results.length === 0) {
    const table = (parser as unknown as { table: Column[] }).table;
    return { ok: false, index: tokens.length, expected: expectedIn(table[table.length - 1]) };
  }
  return { ok: true, results };
}

/** What could come after these tokens (for errors at a word, and for completions). */
export function expectedAfter(tokens: readonly Token[]): string[] {
  const parser = parserFor(tokens);
  try {
    parser.feed('');
  } catch {
    return [];
  }
  const table = (parser as unknown as { table: Column[] }).table;
  return expectedIn(table[table.length - 1]);
}

/** Raw terminal types expected after these tokens (completions map them to spellings). */
export function expectedTypesAfter(tokens: readonly Token[]): { types: string[]; boundary: boolean } {
  const parser = parserFor(tokens);
  try {
    parser.feed('');
  } catch {
    return { types: [], boundary: false };
  }
  const table = (parser as unknown as { table: Column[] }).table;
  const column = table[table.length - 1]!;
  const types = new Set<string>();
  let boundary = false;
  for (const state of column.states) {
    if (state.rule.name === 'simple' && state.dot === 0) boundary = true;
    const next = state.rule.symbols[state.dot] as { type?: string } | string | undefined;
    if (next && typeof next === 'object' && next.type) types.add(next.type);
  }
  return { types: [...types], boundary };
}
