import nearley from 'nearley';
import grammar from './generated/request.js';
import { itemsOf, type ItemList } from './build.js';
import type { Item } from './items.js';
import type { Token } from './lexer.js';
import { TokenListLexer } from './token-stream.js';
import { TERMINAL_NAMES } from './vocabulary.js';

/**
 * Runs the compiled grammar over a token list. On failure it reports which token failed and
 * what the parse table expected there, by item name (nearley's own message is a state dump).
 */

const compiled = nearley.Grammar.fromCompiled(grammar as unknown as nearley.CompiledRules);

/**
 * The parse before any token: nearley's constructor predicts every item of the grammar into column
 * 0, the same column for every parse (~1.5% of a request, issue 22). It is made once and each
 * parser starts from it, as runParserWithout resumes from a parse's earlier columns: a column is
 * never changed once the parser has moved past it, and the states in it are built, not re-finished.
 */
const start = new nearley.Parser(compiled) as nearley.Parser & ParserInternals;

/** A parser at column 0 (what `new nearley.Parser(compiled, { keepHistory })` builds), without predicting it again. */
function freshParser(keepHistory: boolean): nearley.Parser {
  const parser = Object.create(nearley.Parser.prototype) as nearley.Parser & ParserInternals;
  parser.grammar = start.grammar;
  parser.options = { keepHistory, lexer: start.options.lexer };
  parser.lexer = start.options.lexer!;
  parser.lexerState = undefined;
  parser.table = [start.table[0]!];
  parser.current = 0;
  return parser;
}

/**
 * What the grammar did with a token list: the items, or which token failed and what it expected
 * there. `table` is the parse's column list (column i: the parse after tokens [0, i)), which a
 * parse of the same tokens with one set aside resumes from (runParserWithout). `work` counts what
 * this run cost: tokens fed and Earley states made (bounded per token for this grammar).
 */
export type ParserRun = (
  | { ok: true; results: Item[][] }
  /** `index` is the failing token's position in the list (tokens.length: the text ended early). */
  | { ok: false; index: number; expected: string[] }
) & { tokens: readonly Token[]; table: readonly Column[]; work: ParseWork };

export interface ParseWork {
  tokens: number;
  states: number;
}

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
 * With `history` it keeps every column, for runParserWithout to resume from.
 */
function parserFor(tokens: readonly Token[], history = false): nearley.Parser {
  const parser = freshParser(history);
  parser.lexer = new TokenListLexer(tokens) as unknown as nearley.Lexer;
  const quiet = parser as unknown as { reportError: () => string; reportLexerError: () => string };
  quiet.reportError = quiet.reportLexerError = () => 'syntax error';
  return parser;
}

interface ParserInternals {
  table: Column[];
  current: number;
}

export function runParser(tokens: readonly Token[]): ParserRun {
  return feedFrom(parserFor(tokens, true), tokens, 0);
}

/**
 * `previous`'s tokens with token `skip` set aside, parsed from the column before it: the
 * columns up to there are the same for both lists and are shared, not recomputed, so setting
 * aside a token late in a long message costs what follows it, not the whole message again.
 * (Columns are never changed once the parser has moved past them.)
 */
export function runParserWithout(previous: ParserRun, skip: number): ParserRun {
  const tokens = previous.tokens.filter((_, k) => k !== skip);
  // A parse that failed before `skip` has no column there; it fails at the same token again.
  const from = Math.min(skip, previous.ok ? previous.tokens.length : previous.index);
  const parser = parserFor(tokens.slice(from), true);
  const internals = parser as unknown as ParserInternals;
  internals.table = previous.table.slice(0, from + 1);
  internals.current = from;
  return feedFrom(parser, tokens, from);
}

function feedFrom(parser: nearley.Parser, tokens: readonly Token[], from: number): ParserRun {
  const { table } = parser as unknown as ParserInternals;
  const work = (): ParseWork => {
    const made = (parser as unknown as ParserInternals).table.slice(from + 1);
    return { tokens: made.length, states: made.reduce((n, column) => n + (column?.states.length ?? 0), 0) };
  };
  try {
    parser.feed('');
  } catch (e) {
    const index = (e as { offset?: number }).offset ?? 0;
    return { ok: false, index, expected: expectedIn(table[table.length - 2]), tokens, table, work: work() };
  }
  const results = (parser.results as ItemList[]).map(itemsOf);
  if (results.length === 0) {
    return { ok: false, index: tokens.length, expected: expectedIn(table[table.length - 1]), tokens, table, work: work() };
  }
  return { ok: true, results, tokens, table, work: work() };
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
