import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildState, stamp } from '../../scripts/build-if-stale.mjs';

/**
 * scripts/build-if-stale.mjs decides whether `npm start`, `npm test` and the benches rebuild.
 * Checked on a temp copy of the real inputs (src, grammar, bench, scripts, some of test, the configs), never
 * on the working tree: every input's mtime is set into the past, a build is stamped, then one
 * path at a time is touched after the stamp.
 */
const repo = join(import.meta.dirname, '..', '..');
const script = join(repo, 'scripts', 'build-if-stale.mjs');

/** The script as `npm start` runs it: its printed verdict. */
const cli = (root: string, ...args: string[]): string => {
  try {
    return execFileSync(process.execPath, [script, '--root', root, ...args], { encoding: 'utf8' }).trim();
  } catch (error) {
    const e = error as { status?: number; stdout?: string };
    if (e.status === 1 && e.stdout) return e.stdout.trim();
    throw error;
  }
};
/** The same verdict in process (a node per check would make this file slow). */
const check = (root: string): string => {
  const state = buildState(root);
  return state.fresh ? 'fresh' : `stale: ${state.why}`;
};

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? [join(dir, e.name), ...walk(join(dir, e.name))] : [join(dir, e.name)]));

let root: string;
const past = (Date.now() - 3_600_000) / 1000;
const setAll = (seconds: number) => {
  for (const path of [root, ...walk(root)]) utimesSync(path, seconds, seconds);
};
/** A build that began now, with every input older than it. */
const freshBuild = () => {
  setAll(past);
  stamp(root, 'begin');
  stamp(root, 'end');
};
const touch = (path: string) => {
  const later = Date.now() / 1000 + 60;
  utimesSync(path, later, later);
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'headroom-build-check-'));
  for (const p of ['src', 'grammar', 'bench', 'scripts', 'test/ops', 'test/slack/standin', 'tsconfig.json', 'package.json']) {
    if (existsSync(join(repo, p))) cpSync(join(repo, p), join(root, p), { recursive: true });
  }
  // The outputs the scripts run: stand-ins, since only their presence is checked.
  for (const out of ['dist/src/main.js', 'dist/cli/headroom.js', 'src/language/generated/reading.ts']) {
    mkdirSync(join(root, out, '..'), { recursive: true });
    writeFileSync(join(root, out), '// stand-in\n');
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('build-if-stale: is dist/ newer than its sources?', () => {
  it('an untouched tree after a finished build is fresh, a touched source stale (the script as npm runs it)', () => {
    setAll(past);
    cli(root, '--stamp', 'begin');
    cli(root, '--stamp', 'end');
    expect(cli(root, '--check')).toBe('fresh');
    touch(join(root, 'src', 'main.ts'));
    expect(cli(root, '--check')).toBe('stale: src/main.ts changed since the last build');
  });

  it('touching any source, grammar, bench, script or test stand-in file, or a config, makes it stale, naming the file', () => {
    const inputs = ['src', 'grammar', 'bench', 'scripts', 'test/slack/standin']
      .flatMap((d) => walk(join(root, d)))
      .filter((p) => statSync(p).isFile() && !p.includes(join('src', 'language', 'generated')))
      .concat([join(root, 'tsconfig.json'), join(root, 'package.json')]);
    expect(inputs.length).toBeGreaterThan(100);
    fc.assert(
      fc.property(fc.constantFrom(...inputs), (path) => {
        freshBuild();
        touch(path);
        expect(check(root)).toBe(`stale: ${relative(root, path).split('\\').join('/')} changed since the last build`);
      }),
      { numRuns: 12 },
    );
  });

  it('adding a file to a source directory makes it stale (the directory changed)', () => {
    freshBuild();
    writeFileSync(join(root, 'src', 'new-module.ts'), 'export {};\n');
    touch(join(root, 'src'));
    expect(check(root)).toBe('stale: src changed since the last build');
    rmSync(join(root, 'src', 'new-module.ts'));
  });

  it('what the build writes (generated grammar, dist) and the test files are not inputs: still fresh', () => {
    for (const p of ['src/language/generated/reading.ts', 'src/language/generated', 'dist/src/main.js', 'test/ops/build-check.test.ts']) {
      freshBuild();
      touch(join(root, p));
      expect(check(root)).toBe('fresh');
    }
  });

  it('a first build on a fresh clone, whose grammar step makes src/language/generated/, ends fresh', async () => {
    setAll(past);
    rmSync(join(root, 'src', 'language', 'generated'), { recursive: true });
    stamp(root, 'begin');
    // Past the kernel's coarse file clock, so a directory made now would be newer than the start.
    await new Promise((resolve) => setTimeout(resolve, 50));
    mkdirSync(join(root, 'src', 'language', 'generated'), { recursive: true }); // what the grammar step does
    writeFileSync(join(root, 'src', 'language', 'generated', 'reading.ts'), '// stand-in\n');
    stamp(root, 'end');
    expect(check(root)).toBe('fresh');
  });

  it('no finished build, an unfinished one, or a missing output is stale', () => {
    freshBuild();
    rmSync(join(root, 'dist', '.build-stamp'));
    expect(check(root)).toMatch(/^stale: no finished build/);

    freshBuild();
    stamp(root, 'begin'); // a build that began and never reached its end
    expect(check(root)).toMatch(/^stale: no finished build/);

    freshBuild();
    rmSync(join(root, 'dist', 'cli', 'headroom.js'));
    expect(check(root)).toBe('stale: dist/cli/headroom.js is missing');
    writeFileSync(join(root, 'dist', 'cli', 'headroom.js'), '// stand-in\n');
  });
});
