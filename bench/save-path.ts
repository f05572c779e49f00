import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { respond } from '../src/core/assistant.js';
import { withPending } from '../src/state/pending-answer.js';
import { SqliteStore } from '../src/state/sqlite-store.js';

/**
 * The SQLite writes one thread answer costs, before and after issue 26 (durability): the state
 * saved after posting, against the journal entry (committed at once), the pending state and the
 * posting mark (one batch, awaited before posting), the confirmed state and the journal removal
 * (batched). Many threads at once, as under load, so batches carry several answers.
 * Run: npm run build && node dist/bench/save-path.js. Asserts nothing.
 */

const ANSWERS = 4000;
const THREADS = 64;
const state = respond('13b zero3 seq 4096', null).state!;
const ts = (n: number) => `1700000000.${String(n).padStart(6, '0')}`;

type Path = 'state after posting (before)' | 'journal + pending + confirm (now)';

async function run(path: Path): Promise<{ cpuUs: number; wallUs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'headroom-save-path-'));
  const store = new SqliteStore({ path: join(dir, 'state.sqlite') });
  const journal = store.journal();
  let done = 0;
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: THREADS }, async (_, thread) => {
      const key = `slack:T:C:${thread}`;
      let last = ts(1);
      while (done < ANSWERS) {
        const n = (done += 1);
        const answer = ts(10_000 + n);
        if (path === 'state after posting (before)') {
          await store.set(key, { ...state, answerTs: answer });
        } else {
          const id = `slack:T:C:${n}`;
          await journal.add({ id, platform: 'slack', channel: 'C', threadTs: String(thread), request: ts(n), user: 'U', ackedAt: Date.now(), phase: 'acked' });
          await Promise.all([store.set(key, withPending({ ...state, answerTs: last }, state, ts(n))), journal.posting(id, last)]);
          await store.set(key, { ...state, answerTs: answer });
          await journal.remove(id);
        }
        last = answer;
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  const wallUs = ((performance.now() - wall0) * 1000) / ANSWERS;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return { cpuUs: (cpu.user + cpu.system) / ANSWERS, wallUs };
}

console.log(`${ANSWERS} answers over ${THREADS} threads, SQLite WAL synchronous=NORMAL`);
console.log(['path'.padEnd(36), 'CPU µs/answer'.padStart(14), 'wall µs/answer'.padStart(15)].join(' '));
for (let round = 0; round < 3; round++) {
  for (const path of ['state after posting (before)', 'journal + pending + confirm (now)'] as const) {
    const { cpuUs, wallUs } = await run(path);
    console.log([path.padEnd(36), cpuUs.toFixed(0).padStart(14), wallUs.toFixed(0).padStart(15)].join(' '));
  }
}
