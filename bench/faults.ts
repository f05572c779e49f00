import { CaseContext, NotRun, withTimeout, type FaultCase, type Outcome } from './faults/harness.js';
import { DOWNLOAD_CASES } from './faults/downloads.js';
import { INPUT_CASES } from './faults/input.js';
import { LIFECYCLE_CASES } from './faults/lifecycle.js';
import { CONNECTION_CASES } from './faults/connections.js';
import { RATE_LIMIT_CASES } from './faults/rate-limits.js';
import { READER_CASES } from './faults/reader.js';
import { ROUND1_CASES } from './faults/round1.js';
import { DURABILITY_CASES } from './faults/durability.js';

/**
 * `npm run bench:faults`: replays each fault of issue 26 (round 2) and of issue 15 (round 1)
 * against the compiled bot run as production runs it (`node dist/src/main.js`), with the real
 * SDKs inside it and loopback stand-ins of Slack, Discord and the Hub outside it, and prints one
 * row per fault: id · what was done · measured figure · threshold · held / broke.
 *
 * A bench, not a test: it exits 0 whatever broke; the last line counts held and broke.
 * `-- --only <id>[,<id>…]` runs some cases; `-- --round 1|2` one round. Only loopback traffic.
 */

const DEFAULT_CASE_TIMEOUT_MS = 60_000;

const CASES: FaultCase[] = [...READER_CASES, ...DOWNLOAD_CASES, ...RATE_LIMIT_CASES, ...CONNECTION_CASES, ...INPUT_CASES, ...DURABILITY_CASES, ...LIFECYCLE_CASES, ...ROUND1_CASES];

type Row = { c: FaultCase; outcome: Outcome | { figure: string; held: null } };

function selected(argv: string[]): FaultCase[] {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith(`${flag}=`))?.slice(flag.length + 1);
  };
  const only = value('--only')?.split(',').filter(Boolean);
  const round = value('--round');
  if (only) {
    const unknown = only.filter((id) => !CASES.some((c) => c.id === id));
    if (unknown.length > 0) throw new Error(`no fault case ${unknown.join(', ')}; known: ${CASES.map((c) => c.id).join(', ')}`);
  }
  return CASES.filter((c) => (!only || only.includes(c.id)) && (!round || String(c.round) === round));
}

async function runCase(c: FaultCase): Promise<Row['outcome']> {
  const ctx = new CaseContext(c.id);
  try {
    return await withTimeout(c.run(ctx), c.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS, c.id);
  } catch (error) {
    if (error instanceof NotRun) return { figure: `not run: ${error.message}`, held: null };
    return { figure: `error: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 160)}`, held: false };
  } finally {
    await ctx.close();
  }
}

function printTable(rows: Row[]): void {
  const width = (cells: string[]) => Math.max(...cells.map((c) => c.length));
  const verdicts = rows.map(({ outcome }) => (outcome.held === null ? 'not run' : outcome.held ? 'held' : 'BROKE'));
  const columns = [
    ['round', ...rows.map((r) => String(r.c.round))],
    ['fault id', ...rows.map((r) => r.c.id)],
    ['what was done', ...rows.map((r) => r.c.fault)],
    ['measured', ...rows.map((r) => r.outcome.figure)],
    ['threshold', ...rows.map((r) => r.c.threshold)],
    ['verdict', ...verdicts],
  ];
  const widths = columns.map(width);
  console.log('');
  for (let i = 0; i <= rows.length; i++) console.log(columns.map((column, c) => column[i]!.padEnd(widths[c]!)).join(' | ').trimEnd());
}

async function main(): Promise<void> {
  const cases = selected(process.argv.slice(2));
  const started = Date.now();
  console.log(`headroom fault bench: ${cases.length} cases against node ${process.version}, dist/src/main.js (loopback only)`);
  const rows: Row[] = [];
  for (const c of cases) {
    const t0 = Date.now();
    const outcome = await runCase(c);
    rows.push({ c, outcome });
    const verdict = outcome.held === null ? 'not run' : outcome.held ? 'held' : 'BROKE';
    console.log(`  ${c.id}: ${verdict} — ${outcome.figure} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  printTable(rows);
  const held = rows.filter((r) => r.outcome.held === true).length;
  const broke = rows.filter((r) => r.outcome.held === false).length;
  const notRun = rows.length - held - broke;
  console.log('');
  console.log(`whole run ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`${held} held, ${broke} broke${notRun > 0 ? `, ${notRun} not run` : ''}`);
}

main()
  .catch((error: unknown) => {
    console.error(`bench:faults failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  // A stuck socket or timer of a case must not keep the bench alive after its table.
  .finally(() => setTimeout(() => process.exit(), 200).unref());
