// Bundles the terminal CLI (dist/src/main.js, as tsc emitted it) into one file, dist/headroom.js,
// the package's `bin`. Run by `npm run build` after tsc (postbuild).
//
// Why (issue 11, "Measure": cold start ≤ 2.5 × a bare `node -e 0`): one answer from the CLI loads
// ~220 ES modules (95 of them zod's), and Node's ESM loader spends ~0.7 ms resolving, reading and
// linking each: two thirds of the start. One file loads in one step.
//
// What stays outside: every module the code imports on demand with import() (the platforms via
// services.js, the config schemas, the chart renderer with its native resvg), loaded from dist/src
// as tsc emitted it, exactly when the code asks for it. esbuild would otherwise hoist their
// packages' imports (Bolt, discord.js, resvg) to the top of the bundle. The one exception is the
// terminal adapter, which main.ts imports after reading .env: that is the CLI's own path.
//
// esbuild is the bundler vite (a devDependency) builds with. Where it cannot be loaded, the bin is
// a one-line module that imports dist/src/main.js: the same CLI, started the slower way.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const entry = join(dist, 'src', 'main.js');
const out = join(dist, 'headroom.js');
/** Imported with import() but part of the terminal's own path (see above). */
const BUNDLED_ON_DEMAND = new Set([join(dist, 'src', 'adapters', 'console', 'index.js')]);

const fallback = (why) => {
  mkdirSync(dist, { recursive: true });
  writeFileSync(out, `#!/usr/bin/env node\n// Not bundled (${why}): the CLI as tsc emitted it.\nimport './src/main.js';\n`, { mode: 0o755 });
  console.warn(`bundle-cli: ${why}; dist/headroom.js imports dist/src/main.js instead.`);
};

let esbuild;
try {
  esbuild = await import('esbuild');
} catch (err) {
  fallback(`esbuild not available (${err.code ?? err.message})`);
  process.exit(0);
}

/** import() of our own modules stays a separate module, by its path from dist/ (see above). */
const onDemand = {
  name: 'on-demand-modules-stay-outside',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      if (!args.path.startsWith('.')) return { path: args.path, external: true };
      const target = resolve(args.resolveDir, args.path);
      if (BUNDLED_ON_DEMAND.has(target)) return undefined;
      return { path: `./${relative(dist, target).split(sep).join('/')}`, external: true };
    });
  },
};

await esbuild.build({
  entryPoints: [entry],
  outfile: out,
  bundle: true,
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
