import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { SqliteStore } from '../../src/state/sqlite-store.js';

/**
 * SQLite stores on a fresh file per test, for the describe block it is called in: a new folder
 * before each test, and every store opened through `store` closed and the folder removed after.
 */
export function useTempSqlite(prefix: string, ...file: string[]) {
  let dir = '';
  let path = '';
  const open: SqliteStore[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    path = join(dir, ...file);
  });
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** The database file of the running test. */
    path: () => path,
    store(options: Partial<ConstructorParameters<typeof SqliteStore>[0]> = {}): SqliteStore {
      const s = new SqliteStore({ path, ...options });
      open.push(s);
      return s;
    },
  };
}
