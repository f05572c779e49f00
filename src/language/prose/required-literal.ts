/**
 * A word every match of a rule's pattern holds, read off the pattern's source (issue 22's speed
 * target): the prose engine skips a rule whose word the text lacks with one `includes`, so the
 * rule's regex is neither compiled (the first answer's cost) nor run (every answer's). Only for
 * speed: a rule reads the same with the test or without it, because the word is one every match
 * must contain, and the reader below is conservative — it reads only the pattern's top level
 * (no group, class, escape of a letter or quantified character contributes), gives up on any
 * top-level alternative, and under the `i` flag keeps only ASCII characters (and, with `u`, not
 * `s` or `k`, which fold from `ſ` and the Kelvin sign). `lower` says the text is to be compared
 * lower-cased.
 */
export interface RequiredLiteral {
  word: string;
  lower: boolean;
}

/** Shorter words are not worth a test: most texts hold them. */
const MIN_LENGTH = 3;

const known = new WeakMap<RegExp, RequiredLiteral | null>();

/** The pattern's required word, read once per pattern; null where none is sure. */
export function requiredLiteral(pattern: RegExp): RequiredLiteral | null {
  let found = known.get(pattern);
  if (found === undefined) {
    found = readLiteral(pattern.source, pattern.flags);
    known.set(pattern, found);
  }
  return found;
}

/** The longest literal run at the top level of `source`, or null (see the file's comment). */
export function readLiteral(source: string, flags: string): RequiredLiteral | null {
  if (flags.includes('v')) return null;
  const fold = flags.includes('i');
  const unicode = flags.includes('u');
  const runs: string[] = [];
  let run = '';
  // Whether the last atom read was a literal character that ended `run` (a quantifier drops it).
  let lastLiteral = false;
  const end = () => {
    if (run) runs.push(run);
    run = '';
    lastLiteral = false;
  };
  const literal = (c: string) => {
    if (!keepable(c, fold, unicode)) return end();
    run += c;
    lastLiteral = true;
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '|') return null;
    if (c === '(') {
      end();
      i = skipGroup(source, i);
      continue;
    }
    if (c === '[') {
      end();
      i = skipClass(source, i);
      continue;
    }
    if (c === '*' || c === '+' || c === '?' || (c === '{' && QUANTIFIER.test(source.slice(i, i + 24)))) {
      if (lastLiteral) run = run.slice(0, -1);
      end();
      i = c === '{' ? source.indexOf('}', i) + 1 : i + 1;
      if (source[i] === '?') i++;
      continue;
    }
    if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined) return null;
      if (PUNCTUATION.includes(next)) {
        literal(next);
        i += 2;
        continue;
      }
      end();
      i = skipEscape(source, i, unicode);
      continue;
    }
    if (c === '.' || c === '^' || c === '$' || c === ')' || c === ']' || c === '}') {
      end();
      i++;
      continue;
    }
    literal(c);
    i++;
  }
  end();
  let best = '';
  for (const r of runs) if (r.length > best.length) best = r;
  if (best.length < MIN_LENGTH) return null;
  return { word: fold ? best.toLowerCase() : best, lower: fold };
}

const QUANTIFIER = /^\{\d+(?:,\d*)?\}/;
const PUNCTUATION = '.*+?()[]{}|^$/\\-,:;=!<>#%&\'"` ~@';

/** A character the test may require: under `i`, ASCII only, and with `u` not the letters other characters fold to. */
function keepable(c: string, fold: boolean, unicode: boolean): boolean {
  const code = c.charCodeAt(0);
  if (code >= 0xd800 && code <= 0xdfff) return false;
  if (!fold) return true;
  if (code > 0x7f) return false;
  return !(unicode && (c === 's' || c === 'S' || c === 'k' || c === 'K'));
}

/** The index after the group that opens at `at` (classes and escapes inside it read as such). */
function skipGroup(source: string, at: number): number {
  let depth = 0;
  let i = at;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') i += 2;
    else if (c === '[') i = skipClass(source, i);
    else {
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return i + 1;
      i++;
    }
  }
  return source.length;
}

/** The index after the class that opens at `at`. */
function skipClass(source: string, at: number): number {
  let i = at + 1;
  if (source[i] === '^') i++;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') i += 2;
    else if (c === ']') return i + 1;
    else i++;
  }
  return source.length;
}

/** The index after an escape of a letter or digit at `at` (`\d`, `\u0041`, `\p{L}`, `\k<name>`, `\12`). */
function skipEscape(source: string, at: number, unicode: boolean): number {
  const next = source[at + 1]!;
  const closing = (c: string) => {
    const to = source.indexOf(c, at);
    return to < 0 ? source.length : to + 1;
  };
  if (next === 'u' && unicode && source[at + 2] === '{') return closing('}');
  if (next === 'u' && /^[\da-f]{4}/i.test(source.slice(at + 2, at + 6))) return at + 6;
  if (next === 'x' && /^[\da-f]{2}/i.test(source.slice(at + 2, at + 4))) return at + 4;
  if (next === 'c' && /^[a-z]/i.test(source[at + 2] ?? '')) return at + 3;
  if ((next === 'p' || next === 'P') && source[at + 2] === '{') return closing('}');
  if (next === 'k' && source[at + 2] === '<') return closing('>');
  let i = at + 1;
  if (/\d/.test(next)) {
    while (i < source.length && /\d/.test(source[i]!)) i++;
    return i;
  }
  return at + 2;
}
