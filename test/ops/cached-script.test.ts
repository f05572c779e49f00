import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * dist/cli/terminal.cjs runs from the V8 code cache the build wrote beside it
 * (src/ops/cached-script.ts, scripts/bundle-cli.mjs, issue 22's cold start). Each run is a new
 * `node` with no flags, as the bin starts: V8 accepts a cache only from the same version and flags
 * (the loader sets its V8 flags, V8_FLAGS, before it compiles, in the build's warm-up too).
 * `npm test` builds first (pretest).
 */
const root = new URL('../../', import.meta.url);
const SCRIPT = fileURLToPath(new URL('dist/cli/terminal.cjs', root));
const LOADER = new URL('dist/src/ops/cached-script.js', root).href;
const dir = mkdtempSync(join(tmpdir(), 'headroom-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const REQUEST = '13b bf16 zero3 seq 4096 on 4xA100-80G';

/** The cache verdict and the answer of the script at `file`, in a fresh node. */
function runScript(file: string): { cache: string; status: number; answer: string } {
  const program = `
    const { runCachedScript } = await import(${JSON.stringify(LOADER)});
    const { exports: t, cache } = runCachedScript(${JSON.stringify(file)});
    let answer = '';
    const status = await t.answerOnce(t.parseArgs([${JSON.stringify(REQUEST)}]), (s) => (answer += s + '\\n'), null);
    process.stdout.write(JSON.stringify({ cache, status, answer }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8', timeout: 20_000 });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as { cache: string; status: number; answer: string };
}

/** terminal.cjs copied into its own folder, with `cache` (or none) as its code cache. */
function copyWith(name: string, cache: Buffer | null): string {
  const file = join(dir, `${name}.cjs`);
  copyFileSync(SCRIPT, file);
  if (cache) writeFileSync(`${file}.v8cache`, cache);
  return file;
}

describe('the terminal script and its code cache', () => {
  const built = runScript(SCRIPT);
  const cache = readFileSync(`${SCRIPT}.v8cache`);

  it("is run from the build's cache by the node that built it", () => {
    expect(built.cache).toBe('used');
    expect(built.status).toBe(0);
    expect(built.answer).toContain('A100 80GB');
  });

  it.each([
    ['no cache file', null, 'none'],
    ['a cache cut in half', cache.subarray(0, cache.length >> 1), 'rejected'],
    ['a cache of another script (one byte longer source)', null, 'rejected'],
    ['bytes that are no cache', Buffer.from('not a V8 code cache, just bytes'), 'rejected'],
    ['a cache older than its script (edited since)', cache, 'stale'],
  ] as const)('with %s, compiles from source and answers the same', (name, bytes, verdict) => {
    const file = copyWith(name.replace(/\W+/g, '-'), bytes);
    if (name.startsWith('a cache of another script')) {
      writeFileSync(file, readFileSync(SCRIPT, 'utf8') + '\n');
      writeFileSync(`${file}.v8cache`, cache);
    }
    if (verdict === 'stale') utimesSync(`${file}.v8cache`, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const run = runScript(file);
    expect(run.cache).toBe(verdict);
    expect(run).toEqual({ ...built, cache: verdict });
  });
});
