import { coverageOf } from '../src/language/config-keys/frameworks/coverage.js';
import { FRAMEWORKS } from '../src/language/config-keys/frameworks/index.js';

/**
 * `npm run bench:keys-train`: for each training framework whose option list was read from its
 * source (src/language/config-keys/frameworks/), how its options resolve in the reader: read as a
 * fact, set aside as changing no memory, said as not modelled, or unknown. Prints a table;
 * asserts nothing (test/language/framework-options.test.ts holds unknown at 0).
 */
const rows = FRAMEWORKS.map(coverageOf);
const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log('training frameworks: options from their source, as the reader resolves them\n');
console.log(`${'framework'.padEnd(34)}${pad('options', 8)}${pad('read', 7)}${pad('no-effect', 11)}${pad('unmodelled', 12)}${pad('unknown', 9)}`);
for (const r of rows) {
  const b = r.byResolution;
  console.log(`${r.framework.name.padEnd(34)}${pad(r.spellings, 8)}${pad(b.read.length, 7)}${pad(b['no-effect'].length, 11)}${pad(b.unmodelled.length, 12)}${pad(b.unknown.length, 9)}`);
}
const total = (k: 'read' | 'no-effect' | 'unmodelled' | 'unknown') => rows.reduce((n, r) => n + r.byResolution[k].length, 0);
console.log(`${'all'.padEnd(34)}${pad(rows.reduce((n, r) => n + r.spellings, 0), 8)}${pad(total('read'), 7)}${pad(total('no-effect'), 11)}${pad(total('unmodelled'), 12)}${pad(total('unknown'), 9)}`);
for (const r of rows) if (r.byResolution.unknown.length) console.log(`\n${r.framework.name} unknown: ${r.byResolution.unknown.join(', ')}`);
console.log('\nSources:');
for (const r of rows) console.log(`  ${r.framework.name}: ${r.framework.source}`);
