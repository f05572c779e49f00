import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startScriptNodeArgs } from '../../bench/load/start-command.js';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The container and `npm start` must run the bot with the same V8 heap settings, and bench:load measures those. */
describe('the production start command', () => {
  const flags = startScriptNodeArgs(new URL('package.json', root).pathname);

  it('sets the heap settings docs/operations.md describes', () => {
    expect(flags).toEqual(expect.arrayContaining(['--heap-growing-percent=50', '--max-semi-space-size=4']));
    for (const flag of flags) expect(read('docs/operations.md')).toContain(flag);
  });

  it('is the Dockerfile CMD, flag for flag', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(cmd).toBeDefined();
    expect(JSON.parse(cmd!)).toEqual(['node', ...flags, 'dist/src/main.js']);
  });

  it('is flags node itself accepts', async () => {
    const { execFileSync } = await import('node:child_process');
    expect(execFileSync(process.execPath, [...flags, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' })).toBe('ok');
  });
});
