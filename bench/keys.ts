import { pathToFileURL } from 'node:url';
import { coverage, type EngineCoverage } from '../src/language/config-keys/engines/coverage.js';

/**
 * `npm run bench:keys [--verbose]`: the serving engines' option lists (src/language/config-keys/
 * engines/, each read from the engine's source) against the reader. Per engine: the options listed,
 * their spellings (flags, keys, environment variables, short flags), how many are read as a fact,
 * set aside as changing no memory, or said as not modelled, and how many spellings the reader does
 * not know when a message names the engine (each written as its users write it: `--flag 4096`,
 * `KEY=4096`, `key: 4096`). --verbose lists those spellings.
 */

const COLUMNS = ['engine', 'options', 'spellings', 'read', 'no effect', 'unmodelled', 'unknown'] as const;

function row(c: EngineCoverage): string[] {
  return [c.engine.name, String(c.options), String(c.spellings), String(c.read), String(c.noMemoryEffect), String(c.notModelled), String(c.unknown.length)];
}

export function report(verbose: boolean): string[] {
  const all = coverage();
  const rows = all.map(row);
  const total = ['all', ...COLUMNS.slice(1).map((_, i) => String(rows.reduce((sum, r) => sum + Number(r[i + 1]), 0)))];
  const table = [[...COLUMNS], ...rows, total];
  const widths = COLUMNS.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  const out = ['headroom keys bench — serving engines\' option lists from their source, against the reader', '', line(table[0]!), ...table.slice(1).map(line), ''];
  for (const c of all) out.push(`${c.engine.name}: ${c.engine.source}`);
  if (verbose) for (const c of all) if (c.unknown.length) out.push('', `${c.engine.name} — not known to the reader: ${c.unknown.join(', ')}`);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(report(process.argv.includes('--verbose')).join('\n'));
}
