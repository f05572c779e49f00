import { isAscii } from 'node:buffer';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

/**
 * Runs a script that scripts/bundle-cli.mjs wrote (dist/cli/terminal.cjs: the terminal and all it
 * imports, one CommonJS function) from V8's code cache for it, where the build left one beside it.
 *
 * Why (issue 22, cold start ≤ 2.5 × a bare node): Node 20 compiles an ES module from its source on
 * every start (`module.enableCompileCache` came in Node 22.1), and the terminal is ~1.5 MB of it:
 * ~40 ms of a ~190 ms one-answer start went to compiling it, and more to compiling lazily the
 * functions the first answer runs. `vm.Script` takes `cachedData` (V8's serialized bytecode) on
 * Node 20; the cache the build writes after a warm-up answer holds those functions compiled too.
 *
 * A cache V8 does not accept (another Node or V8 version, other V8 flags, a file cut short) is
 * rejected by V8's own checks and the script compiles from its source: the same program, started
 * the slower way. A missing cache is the same. V8 checks a cache against its script's length
 * only, so a cache older than its script (the script edited or rebuilt after the cache was
 * written; the build writes the script first) is not offered to it.
 *
 * The script is `(function (exports, require, module, __filename, __dirname, importOutside) {…})`:
 * `importOutside` is this module's `import()`, resolved from the script's folder, for the modules
 * the bundle leaves outside (a `vm.Script` cannot `import()` on Node 20 without an experimental
 * flag or warning).
 */
export interface CachedScript<T> {
  /** What the script put on `module.exports`. */
  exports: T;
  /** The compiled script, for `createCachedData()` (the build's warm-up). */
  script: Script;
  /** 'used'; else the script compiled from source: 'rejected' by V8, 'stale' (older than the script) or 'none' (no file). */
  cache: 'used' | 'rejected' | 'stale' | 'none';
}

type Wrapper = (exports: object, require: NodeJS.Require, module: { exports: object }, filename: string, dirname: string, importOutside: (specifier: string) => Promise<unknown>) => void;

/** The code cache's path for a script: beside it, `.v8cache` added. */
export const cachePathOf = (file: string): string => `${file}.v8cache`;

/**
 * Executions a regular expression runs in V8's regexp interpreter before V8 compiles it to machine
 * code (V8's own default is 1: the second execution compiles it).
 *
 * Why (issue 22, cold start): the reader holds ~650 regexes and one answer runs most of them a
 * few times each, so a one-answer start compiled hundreds of them to machine code to run each
 * once or twice more: ~20 ms of CPU of the first answer's ~100 (and ~5 of the second's 11),
 * measured side by side in one process. Interpreted, a short text's match costs less than that
 * compile; a regex the terminal keeps running (a long interactive session) still tiers up.
 *
 * V8 hashes its flags into a code cache and rejects a cache made under other flags, so the flags
 * (V8_FLAGS) are set here, before the script compiles, where the build's warm-up
 * (scripts/warm-code-cache.mjs, through this function) sets them too. They are set before the
 * reader's regexes exist: V8 reads them when a regex is created or compiled.
 */
export const REGEXP_TIER_UP_TICKS = 100;

/**
 * The V8 flags the script runs under: the tier-up above, no peephole pass over a regex's
 * bytecode, and a young generation that grows to its full size at its first collection.
 *
 * Why no peephole (issue 22, cold start): one answer compiles ~600 regexes to interpreter bytecode
 * on their first execution, and V8's peephole pass over that bytecode (it fuses instruction
 * sequences so the interpreter dispatches fewer) was half of compiling them: the regexes' first
 * executions took ~56 ms of CPU with it and ~24 without (one answer, the same regexes). A regex run
 * only a few times never earns that pass back; one run more than REGEXP_TIER_UP_TICKS times is
 * compiled to machine code, which the pass does not touch.
 *
 * Why the young generation's growth (issue 22, cold start): the terminal's tables and rules are
 * ~5 MB built at load, nearly all kept, and V8 starts a process with a 1 MB semi-space that it
 * doubles only after collections that found most of it alive: a one-answer start ran ~9
 * scavenges, each copying survivors it would promote, and the promoted megabytes then set off a
 * full mark-compact during the answer. Growing sixteenfold (to V8's usual 16 MB cap in one step;
 * the initial size can be set only on the command line, which `headroom` does not get) leaves
 * ~4 scavenges and no mark-compact: ~20 ms less CPU in one answer, measured side by side. The
 * cap is unchanged, so a long terminal session's memory is what it was.
 */
export const V8_FLAGS = [`--regexp-tier-up-ticks=${REGEXP_TIER_UP_TICKS}`, '--no-regexp-peephole-optimization', '--semi-space-growth-factor=16'];

/** Loads and runs `file` (an absolute path), from its code cache where V8 accepts it. */
export function runCachedScript<T>(file: string): CachedScript<T> {
  for (const flag of V8_FLAGS) setFlagsFromString(flag);
  // The build writes it in ASCII where it can (scripts/ascii-script.mjs): latin1 reads that ~5× faster than UTF-8 decodes it.
  const bytes = readFileSync(file);
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const cachePath = cachePathOf(file);
  const found = statSync(cachePath, { throwIfNoEntry: false });
  const stale = found !== undefined && found.mtimeMs < statSync(file).mtimeMs;
  const cachedData = found && !stale ? readFileSync(cachePath) : undefined;
  const script = new Script(source, { filename: file, cachedData });
  const cache = !found ? 'none' : stale ? 'stale' : script.cachedDataRejected ? 'rejected' : 'used';
  const wrapper = script.runInThisContext() as Wrapper;
  const module = { exports: {} };
  const base = pathToFileURL(file);
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file), (specifier) => import(new URL(specifier, base).href));
  return { exports: module.exports as T, script, cache };
}
