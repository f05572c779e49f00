import { readFileSync } from 'node:fs';

/**
 * The node flags of `npm start` (package.json), so bench:load runs the bot as production does:
 * `node <flags> dist/src/main.js`. The Dockerfile's CMD carries the same flags
 * (test/ops/start-command.test.ts keeps the two equal).
 */
export function startScriptNodeArgs(packageJsonPath: string): string[] {
  const pkg = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { scripts?: { start?: string } };
  const words = (pkg.scripts?.start ?? '').trim().split(/\s+/);
  const main = words.indexOf('dist/src/main.js');
  if (words[0] !== 'node' || main < 0) throw new Error(`package.json "start" is not "node [flags] dist/src/main.js": ${pkg.scripts?.start}`);
  return words.slice(1, main);
}
