// Bundles the terminal CLI (dist/src/main.js, as tsc emitted it) into dist/cli/headroom.js, the
// package's `bin`, and the terminal it starts into dist/cli/terminal.cjs with V8's code cache for
// it. Run by `npm run build` after tsc.
//
// Why (issue 11, "Measure": cold start ≤ 2.5 × a bare `node -e 0`): one answer from the CLI loaded
// ~220 ES modules (95 of them zod's), and Node's ESM loader spends ~0.7 ms resolving, reading and
// linking each: two thirds of the start. Bundled, the terminal's path is two files.
//
// Why the terminal is a script with a code cache (issue 22): Node 20 compiles an ES module from
// source on every start (no `module.enableCompileCache` before Node 22.1), and the terminal bundle
// is ~1.5 MB: ~40 ms of a one-answer start went to compiling it and more to compiling lazily what
// the first answer runs. So the terminal (src/adapters/console/index.ts and all it imports) is
// one CommonJS function, dist/cli/terminal.cjs, that src/ops/cached-script.ts runs through
// `vm.Script` with `cachedData`; the cache (terminal.cjs.v8cache) is written here, by
// scripts/warm-code-cache.mjs, after it has answered a few requests, so that the functions a first
// answer runs are in it compiled. A cache V8 rejects (another Node) costs only the compile.
//
// What the code imports on demand with import() stays on demand: inside terminal.cjs, esbuild runs
// such a module's top level on the first import() (the Hub client and the config.json reader, with
// zod that they validate with, cost a terminal answer nothing until a message names a Hub id or
// pastes a config). Three import() targets stay outside the bundles, loaded from dist/src as tsc
// emitted them when the code asks: the platforms (services.js), their config schemas
// (config/index.js) and the chart renderer, because they import packages that cannot or should
// not be bundled (Bolt, discord.js, pino, better-sqlite3, the native resvg). The build fails if
// either output loads a package up front.
//
// esbuild is the bundler vite (a devDependency) builds with. Where it cannot be loaded, the bin is
// a one-line module that imports dist/src/main.js: the same CLI, started the slower way.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asciiScript } from './ascii-script.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const entry = join(dist, 'src', 'main.js');
/** The terminal: main.js's import() of it is the one that becomes terminal.cjs. */
const terminalEntry = join(dist, 'src', 'adapters', 'console', 'index.js');
const loader = join(dist, 'src', 'ops', 'cached-script.js');
const outdir = join(dist, 'cli');
const out = join(outdir, 'headroom.js');
const terminalOut = join(outdir, 'terminal.cjs');
/** import() targets that stay dist/src modules (see above), by their path under dist/src. */
const OUTSIDE = new Set(['services.js', 'config/index.js', 'render/chart/index.js'].map((p) => join(dist, 'src', p)));
/** The parameter of terminal.cjs's function that stands for import() (src/ops/cached-script.ts). */
const IMPORT_OUTSIDE = 'importOutside';

const fallback = (why) => {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  writeFileSync(out, `#!/usr/bin/env node\n// Not bundled (${why}): the CLI as tsc emitted it.\nimport '../src/main.js';\n`, { mode: 0o755 });
  console.warn(`bundle-cli: ${why}; dist/cli/headroom.js imports dist/src/main.js instead.`);
};

let esbuild;
try {
  esbuild = await import('esbuild');
} catch (err) {
  fallback(`esbuild not available (${err.code ?? err.message})`);
  process.exit(0);
}

const fail = (message) => {
  console.error(`bundle-cli: ${message}`);
  process.exit(1);
};

/** import() of a package, or of a module in OUTSIDE, stays an import(), by its path from dist/cli. */
const onDemand = {
  name: 'on-demand-outside',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      if (!args.path.startsWith('.')) return { path: args.path, external: true };
      const target = resolve(args.resolveDir, args.path);
      if (!OUTSIDE.has(target)) return undefined;
      const path = relative(outdir, target).split(sep).join('/');
      return { path: path.startsWith('.') ? path : `./${path}`, external: true };
    });
  },
};

/** What the terminal module exports (answerOnce, runInteractive, …), for the module that stands for it. */
async function exportsOf(file) {
  const { metafile } = await esbuild.build({ entryPoints: [file], bundle: false, write: false, format: 'esm', metafile: true, logLevel: 'silent' });
  return Object.values(metafile.outputs)[0].exports;
}

/**
 * main.js's import() of the terminal loads terminal.cjs through the code-cache loader instead: a
 * module (bundled into headroom.js, run on that import()) with the terminal's exports.
 */
const terminalFromScript = (names) => ({
  name: 'terminal-from-script',
  setup(build) {
    build.onResolve({ filter: /console\/index\.js$/ }, (args) =>
      args.kind === 'dynamic-import' && resolve(args.resolveDir, args.path) === terminalEntry ? { path: 'terminal', namespace: 'terminal-script' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'terminal-script' }, () => ({
      resolveDir: outdir,
      loader: 'js',
      contents: [
        `import { runCachedScript } from ${JSON.stringify(loader)};`,
        `import { join } from 'node:path';`,
        `const { exports: terminal } = runCachedScript(join(__dirname, 'terminal.cjs'));`,
        ...names.map((name) => `export const ${name} = terminal.${name};`),
      ].join('\n'),
    }));
  },
});

rmSync(outdir, { recursive: true, force: true });

// 1. The terminal, one function: (function (exports, require, module, __filename, __dirname, importOutside) {…}).
const terminal = await esbuild.build({
  entryPoints: [terminalEntry],
  outfile: terminalOut,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // 2.8 MB instead of 3.8: reading it and V8's hashing and deserializing against it cost ~2 ms
  // less of a one-answer start (names stay; the source map maps positions back).
  minifyWhitespace: true,
  banner: { js: `(function (exports, require, module, __filename, __dirname, ${IMPORT_OUTSIDE}) {` },
  footer: { js: '})' },
  plugins: [onDemand],
  metafile: true,
  sourcemap: 'linked',
  logLevel: 'warning',
});
// A vm.Script cannot import() on Node 20 (no callback without --experimental-vm-modules): each
// import() esbuild left outside becomes a call of importOutside, which imports from dist/cli.
const outside = Object.values(terminal.metafile.outputs)
  .flatMap((o) => o.imports)
  .filter((i) => i.kind === 'dynamic-import' && i.external)
  .map((i) => i.path);
let script = readFileSync(terminalOut, 'utf8');
for (const path of new Set(outside)) {
  const call = `import(${JSON.stringify(path)})`;
  const count = script.split(call).length - 1;
  if (count === 0) fail(`terminal.cjs: esbuild reported ${call} but it is not in the output; see IMPORT_OUTSIDE in scripts/bundle-cli.mjs.`);
  script = script.split(call).join(`${IMPORT_OUTSIDE}(${JSON.stringify(path)})`);
}
// In ASCII, the loader reads it as latin1: ~1 ms, where decoding UTF-8 took 5–9 (scripts/ascii-script.mjs).
const ascii = asciiScript(script);
if (ascii.kept) console.warn(`bundle-cli: terminal.cjs stays UTF-8 (${ascii.kept}); it starts a few ms slower.`);
writeFileSync(terminalOut, ascii.text);
// A package the terminal require()s would be loaded with it: only Node's built-ins may be.
const required = [...script.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]).filter((spec) => !isBuiltin(spec));
if (required.length) fail(`terminal.cjs requires ${[...new Set(required)].join(', ')}; add the import() that reaches it to OUTSIDE in scripts/bundle-cli.mjs.`);

// 2. The bin: main.js, with its import() of the terminal going to terminal.cjs. CommonJS (dist/cli's
// package.json says so): Node starts a CommonJS main without its ES module loader, ~11 ms of CPU
// less of a one-answer start (3.14x -> 2.96x a bare node, side by side); the loader still starts
// on the first import() (a platform, the config schemas, the chart renderer, dotenv).
await esbuild.build({
  entryPoints: { headroom: entry },
  outdir,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  plugins: [terminalFromScript(await exportsOf(terminalEntry)), onDemand],
  sourcemap: 'linked',
  logLevel: 'warning',
});
writeFileSync(join(outdir, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
chmodSync(out, 0o755);
const packages = [...readFileSync(out, 'utf8').matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]).filter((spec) => !isBuiltin(spec) && !spec.startsWith('.'));
if (packages.length) fail(`the bin imports ${packages.join(', ')} statically; add the import() that reaches it to OUTSIDE in scripts/bundle-cli.mjs.`);

// 3. The code cache, from a process that has answered the warm-up requests (same Node, no flags).
const warm = spawnSync(process.execPath, [join(root, 'scripts', 'warm-code-cache.mjs'), terminalOut], { stdio: 'inherit' });
if (warm.status !== 0) fail(`scripts/warm-code-cache.mjs exited ${warm.status}: the terminal did not answer its warm-up requests.`);
