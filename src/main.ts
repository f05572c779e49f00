#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { parseArgs } from './adapters/console/args.js';
import type { Config } from './config/index.js';
import { holdSignals } from './ops/shutdown.js';

// Before anything slow: a SIGTERM during start is remembered and drained once the services'
// own handlers exist, instead of killing a half-started process (issue 26).
const heldSignals = holdSignals();

/**
 * .env first, before any other module runs (main's first step). dotenv loads only when there is
 * something for it to read (a .env here, or a DOTENV_* setting): its import alone was ~10 ms of a
 * one-answer start. Not a top-level await: the bin is bundled as CommonJS (scripts/bundle-cli.mjs),
 * which has none.
 */
async function loadDotenv(): Promise<void> {
  if (existsSync('.env') || Object.keys(process.env).some((k) => k.startsWith('DOTENV_'))) await import('dotenv/config');
}

/**
 * The terminal (its core, renderers and session) loads only where this process is the terminal,
 * still while the signals are held. A bot's main thread does not need it (its answers come from
 * the compute worker, or from the core it imports on first use): its start is ~60 modules shorter.
 */
const terminal = () => import('./adapters/console/index.js');

/**
 * Entry point. With chat credentials in the environment it starts every configured platform;
 * with none, or with a request on the command line, it is the terminal assistant.
 */
async function startPlatforms(config: Config): Promise<void> {
  const { startServices } = await import('./services.js');
  await startServices(config, { heldSignals });
}

async function main(): Promise<number> {
  await loadDotenv();
  const options = parseArgs(process.argv.slice(2));
  if (options.request !== null) {
    const { answerOnce } = await terminal();
    return asTerminal(() => answerOnce(options, (s) => process.stdout.write(`${s}\n`)));
  }
  let config: Config;
  try {
    // Loaded only to start platforms: one CLI answer does not pay for the config schemas.
    const { loadConfig } = await import('./config/index.js');
    config = loadConfig(process.env);
  } catch (err) {
    process.stderr.write(`Configuration error: ${(err as Error).message}\nSee .env.example.\n`);
    return 1;
  }
  if (config.slack || config.discord) {
    await startPlatforms(config);
    return -1;
  }
  const { runInteractive } = await terminal();
  return asTerminal(async () => {
    await runInteractive(process.stdin, process.stdout);
    return 0;
  });
}

/** The terminal assistant keeps the signals' usual meaning: one that came during start ends it as the default would have. */
async function asTerminal(run: () => Promise<number>): Promise<number> {
  heldSignals.release();
  const early = heldSignals.received();
  if (early) return early === 'SIGINT' ? 130 : 143;
  return run();
}

main().then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (err: unknown) => {
    // One line naming what failed (e.g. "Slack HTTP mode (PORT): 0.0.0.0 port 3000 is already
    // in use"), then exit: open handles (a Discord socket, a timer) must not keep a failed start alive.
    process.stderr.write(`headroom failed to start: ${(err as Error).message.split('\n')[0]}\n`);
    process.exit(1);
  },
);
