import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteStore } from '../src/state/sqlite-store.js';

/**
 * `node dist/bench/claims.js`: CPU per claim in the SQLite store, a claim committed on its own
 * (as every slash command, event and interaction did before issue 25) against claims riding the
 * turn's batch (src/state/sqlite-store.ts), at several claims per event-loop turn (the number
 * of commands that arrive together under load). CPU time (process.cpuUsage), not wall time, so
 * other jobs on the machine move it little; median of 5 runs each. Prints a table, asserts nothing.
 */

const CLAIMS = 20_000;
const RUNS = 5;
const PER_TURN = [1, 4, 16, 64];
const TTL_MS = 10 * 60_000;

function cpuUsMedian(run: () => Promise<void>): Promise<number> {
  return (async () => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const before = process.cpuUsage();
      await run();
      const spent = process.cpuUsage(before);
      times.push(spent.user + spent.system);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(RUNS / 2)]!;
  })();
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'headroom-claims-bench-'));
  let file = 0;
  const freshPath = () => join(dir, `state-${file++}.sqlite`);
  console.log(`machine load average ${loadavg()[0]!.toFixed(1)}; ${CLAIMS} distinct claims per run, median CPU of ${RUNS} runs`);
  console.log(['claims per turn', 'one commit each µs', 'batched µs', 'ratio'].map((c) => c.padStart(20)).join(''));
  try {
    for (const perTurn of PER_TURN) {
      // Before: the same statement, one autocommit transaction per claim, on a file like the store's.
      const single = await cpuUsMedian(async () => {
        const db = new Database(freshPath());
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
        db.exec('CREATE TABLE claims (claim_key TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)');
        const claim = db.prepare(
          `INSERT INTO claims (claim_key, expires_at) VALUES (@key, @expiresAt)
           ON CONFLICT (claim_key) DO UPDATE SET expires_at = excluded.expires_at WHERE claims.expires_at <= @now`,
        );
        for (let turn = 0; turn < CLAIMS / perTurn; turn++) {
          const now = Date.now();
          await Promise.all(Array.from({ length: perTurn }, async (_, i) => claim.run({ key: `k${turn}:${i}`, expiresAt: now + TTL_MS, now }).changes === 1));
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        db.close();
      });
      const batched = await cpuUsMedian(async () => {
        const store = new SqliteStore({ path: freshPath() });
        for (let turn = 0; turn < CLAIMS / perTurn; turn++) {
          await Promise.all(Array.from({ length: perTurn }, (_, i) => store.claim(`k${turn}:${i}`, TTL_MS)));
        }
        await store.close();
      });
      const cells = [perTurn, (single / CLAIMS).toFixed(1), (batched / CLAIMS).toFixed(1), (batched / single).toFixed(2)];
      console.log(cells.map((c) => String(c).padStart(20)).join(''));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench:claims failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
