// Runs `npm run build` only when dist/ is older than what it is built from, so a second
// `npm start -- "<request>"`, `npm test` or `npm run bench:*` on a built tree starts at once
// instead of spending 10–40 s on grammar + tsc + bundle (issue 25).
//
//   node scripts/build-if-stale.mjs            build if stale, else nothing
//   node scripts/build-if-stale.mjs --check    print "fresh" or "stale: <why>"; exit 0 / 1
//   node scripts/build-if-stale.mjs --stamp begin|end
//                                              used by the build itself (prebuild / postbuild)
//   --root <dir>                               a tree other than this script's (the tests' copies)
//
// The build writes dist/.build-started when it begins (the wall time, and no stamp) and renames it
// to dist/.build-stamp when the bundle is written. The tree is fresh when that stamp exists, the
// outputs the scripts run exist, and nothing it is built from, file or directory (a directory's
// mtime moves when a file is added, removed or renamed in it), changed at or after the build began:
// an edit made while tsc was running is newer than the start and so still counts.
//
// Inputs: src/ (less src/language/generated/, which the build writes from grammar/), grammar/,
// bench/, scripts/, test/ less its *.test.ts files, tsconfig.json, package.json,
// package-lock.json. The benches import test/'s stand-ins, so those count; the test files do not:
// vitest runs them from their sources and nothing runs dist/test, so editing a test costs no build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const INPUT_DIRS = ['src', 'grammar', 'bench', 'scripts', 'test'];
/** Files under the input directories that nothing built from dist/ runs. */
const NOT_INPUTS = /\.test\.ts$/;
const INPUT_FILES = ['tsconfig.json', 'package.json', 'package-lock.json'];
/** Written by the build from inputs, so not inputs themselves. */
const GENERATED = [join('src', 'language', 'generated')];
/** What `npm start`, `npm test` and the benches need the build to have left. */
const OUTPUTS = [join('dist', 'src', 'main.js'), join('dist', 'cli', 'headroom.js'), join('src', 'language', 'generated')];

const stampPath = (root) => join(root, 'dist', '.build-stamp');
const startedPath = (root) => join(root, 'dist', '.build-started');

/** Every input path under root with its mtime, directories included. */
function* inputs(root) {
  for (const file of INPUT_FILES) {
    const path = join(root, file);
    if (existsSync(path)) yield { path, mtimeMs: statSync(path).mtimeMs };
  }
  const generated = new Set(GENERATED.map((p) => join(root, p)));
  const walk = function* (dir) {
    yield { path: dir, mtimeMs: statSync(dir).mtimeMs };
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (generated.has(path)) continue;
      if (entry.isDirectory()) yield* walk(path);
      else if (!NOT_INPUTS.test(entry.name)) yield { path, mtimeMs: statSync(path).mtimeMs };
    }
  };
  for (const dir of INPUT_DIRS) {
    const path = join(root, dir);
    if (existsSync(path)) yield* walk(path);
  }
}

/** `{ fresh: true }`, or `{ fresh: false, why }` naming the first reason found. */
export function buildState(root) {
  if (!existsSync(stampPath(root))) return { fresh: false, why: 'no finished build (dist/.build-stamp)' };
  const missing = OUTPUTS.find((p) => !existsSync(join(root, p)));
  if (missing) return { fresh: false, why: `${missing} is missing` };
  const { startedMs } = JSON.parse(readFileSync(stampPath(root), 'utf8'));
  if (typeof startedMs !== 'number') return { fresh: false, why: 'dist/.build-stamp is unreadable' };
  for (const { path, mtimeMs } of inputs(root)) {
    if (mtimeMs >= startedMs) return { fresh: false, why: `${relative(root, path).split(sep).join('/') || '.'} changed since the last build` };
  }
  return { fresh: true };
}

/** The build's own marks: 'begin' (prebuild) and 'end' (postbuild, after the bundle). */
export function stamp(root, phase) {
  mkdirSync(join(root, 'dist'), { recursive: true });
  if (phase === 'begin') {
    rmSync(stampPath(root), { force: true });
    // Made before the start is taken: on a fresh clone the grammar step would otherwise create
    // src/language/generated/, move src/language's mtime past the start, and leave the tree stale.
    for (const dir of GENERATED) mkdirSync(join(root, dir), { recursive: true });
    // The start is strictly after those folders' parents moved: mtimes carry fractions of a ms
    // that Date.now() drops, and an mtime equal to the start counts as a change.
    const madeAt = Math.max(0, ...GENERATED.map((dir) => statSync(dirname(join(root, dir))).mtimeMs));
    writeFileSync(startedPath(root), JSON.stringify({ startedMs: Math.max(Date.now(), Math.floor(madeAt) + 1) }) + '\n');
  } else if (phase === 'end') {
    // A build run in pieces (tsc alone) has no start to vouch for: leave the tree stale.
    if (existsSync(startedPath(root))) renameSync(startedPath(root), stampPath(root));
  } else {
    throw new Error(`--stamp takes begin or end, not ${phase}`);
  }
}

function build(root) {
  // Under npm, npm_execpath is npm's own script: run it with this node rather than look up a shell.
  const npm = process.env.npm_execpath;
  const [cmd, args] = npm ? [process.execPath, [npm, 'run', 'build', '--silent']] : ['npm', ['run', 'build', '--silent']];
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: !npm && process.platform === 'win32' });
  return result.status ?? 1;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const i = args.indexOf(name);
    return i === -1 ? undefined : args[i + 1];
  };
  const root = option('--root') ?? join(dirname(fileURLToPath(import.meta.url)), '..');
  const phase = option('--stamp');
  if (phase) {
    stamp(root, phase);
  } else {
    const state = buildState(root);
    if (args.includes('--check')) {
      console.log(state.fresh ? 'fresh' : `stale: ${state.why}`);
      process.exitCode = state.fresh ? 0 : 1;
    } else if (!state.fresh) {
      console.error(`build-if-stale: building (${state.why})`);
      process.exitCode = build(root);
    }
  }
}
