#!/usr/bin/env node
import { existsSync } from 'node:fs';
import type { Config } from './config/index.js';

// .env first, before any other module runs. dotenv loads only when there is something for it to
// read (a .env here, or a DOTENV_* setting): its import alone was ~10 ms of a one-answer start.
if (existsSync('.env') || Object.keys(process.env).some((k) => k.startsWith('DOTENV_'))) await import('dotenv/config');
const { answerOnce, parseArgs, runInteractive } = await import('./adapters/console/index.js');

/**
 * Entry point. With chat credentials in the environment it starts every configured platform;
 * with none, or with a request on the command line, it is the terminal assistant.
 */
async function startPlatforms(config: Config): Promise<void> {
  const { startServices } = await import('./services.js');
  await startServices(config);
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  if (options.request !== null) return answerOnce(options, (s) => process.stdout.write(`${s}\n`));
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
  await runInteractive(process.stdin, process.stdout);
  return 0;
}

main().then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`headroom failed to start: ${(err as Error).message}\n`);
    process.exitCode = 1;
  },
);
