// Bundles the terminal CLI (dist/src/main.js, as tsc emitted it) into dist/cli/headroom.js, the
// package's `bin`, with the chunks it imports (dist/cli/*-HASH.js). Run by `npm run build` after tsc.
//
// Why (issue 11, "Measure": cold start ≤ 2.5 × a bare `node -e 0`): one answer from the CLI loaded
// ~220 ES modules (95 of them zod's), and Node's ESM loader spends ~0.7 ms resolving, reading and
// linking each: two thirds of the start. Bundled, the terminal's path is three files.
//
// What the code imports on demand with import() stays on demand, in its own chunk: the Hub client
// and the config.json reader, with zod that they validate with, cost a terminal answer nothing
// until a message names a Hub id or pastes a config. Three import() targets stay outside the
// bundle, loaded from dist/src as tsc emitted them when the code asks: the platforms
// (services.js), their config schemas (config/index.js) and the chart renderer, because they
// import packages that cannot or should not be bundled (Bolt, discord.js, pino, better-sqlite3,
// the native resvg). The build fails if a chunk imports a package statically.
//
// esbuild is the bundler vite (a devDependency) builds with. Where it cannot be loaded, the bin is
// a one-line module that imports dist/src/main.js: the same CLI, started the slower way.
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const entry = join(dist, 'src', 'main.js');
const outdir = join(dist, 'cli');
const out = join(outdir, 'headroom.js');
/** import() targets that stay dist/src modules (see above), by their path under dist/src. */
const OUTSIDE = new Set(['services.js', 'config/index.js', 'render/chart/index.js'].map((p) => join(dist, 'src', p)));

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

rmSync(outdir, { recursive: true, force: true });
await esbuild.build({
  entryPoints: { headroom: entry },
  outdir,
  bundle: true,
  splitting: true,
  // Chunks next to the entry: an import() left outside is written relative to dist/cli.
  chunkNames: '[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // The CommonJS packages bundled (moo, nearley) call require() for Node's built-ins.
  banner: { js: "import { createRequire as __headroomRequire } from 'node:module';\nconst require = __headroomRequire(import.meta.url);" },
  plugins: [onDemand],
  sourcemap: 'linked',
  logLevel: 'warning',
});
chmodSync(out, 0o755);

// Every chunk: a package imported statically anywhere would be loaded with that chunk.
const packages = readdirSync(outdir, { recursive: true })
  .filter((f) => f.endsWith('.js'))
  .flatMap((f) => [...readFileSync(join(outdir, f), 'utf8').matchAll(/^import\s[^;]*?from\s*["']([^"']+)["']/gm)].map((m) => `${m[1]} (${f})`))
  .filter((spec) => !spec.startsWith('node:') && !spec.startsWith('.'));
if (packages.length) {
  console.error(`bundle-cli: the bundle imports ${packages.join(', ')} statically; add the import() that reaches it to OUTSIDE in scripts/bundle-cli.mjs.`);
  process.exit(1);
}
