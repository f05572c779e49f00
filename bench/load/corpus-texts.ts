import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What bench:load sends: the real requests of test/corpus/requests.jsonl (prose, pasted configs,
 * CLI lines, Hub ids, the lines that must be refused), each one made distinct so that no text
 * is ever seen twice and none is served from the parser's 512-entry cache of recent texts.
 *
 * The n-th text is corpus line n mod L; from the second pass on it ends with a sign-off naming
 * the pass ("thanks, bruno chen"), words the reader ignores: on the 307 lines the reply's kind
 * and verdict changed for 2 (measured with respond() on both forms). Names, not digits, so no
 * number can be read as a batch, a sequence or a count.
 */

/** test/corpus/requests.jsonl of the checkout, from bench/ or bench/load (tests) and their dist/ copies (the benches). */
export function corpusPath(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const path = join(dir, 'test/corpus/requests.jsonl');
    if (existsSync(path)) return path;
  }
  throw new Error('test/corpus/requests.jsonl not found above this bench');
}

const NAMES = ['alice', 'bruno', 'chen', 'dana', 'emeka', 'farah', 'goran', 'hana', 'ivan', 'jun', 'kofi', 'lena', 'mateo', 'nadia', 'omar', 'priya', 'quinn', 'rosa', 'sven', 'tomas', 'uma', 'vera', 'wei', 'ximena', 'yusuf', 'zara'];

export function corpusLines(path = corpusPath()): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { text: string }).text);
}

/** Pass p ≥ 1 written in base 26 with names for digits: 1 → "bruno", 26 → "bruno alice". */
function passName(pass: number): string {
  const words: string[] = [];
  for (let rest = pass; rest > 0; rest = Math.floor(rest / NAMES.length)) words.unshift(NAMES[rest % NAMES.length]!);
  return words.join(' ');
}

/** Text number n (n ≥ 0): every n gives a different text while n < lines × 26⁴. */
export function distinctText(lines: readonly string[], n: number): string {
  const line = lines[n % lines.length]!;
  const pass = Math.floor(n / lines.length);
  return pass === 0 ? line : `${line}\n\nthanks, ${passName(pass)}`;
}
