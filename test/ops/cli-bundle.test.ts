import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The `headroom` bin is dist/headroom.js, the terminal CLI bundled into one file for its cold
 * start (scripts/bundle-cli.mjs, issue 11). It must be the same program as dist/src/main.js,
 * which `npm start` and the container run. `npm test` builds first (pretest).
 */
const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { bin: { headroom: string } };
const BIN = fileURLToPath(new URL(pkg.bin.headroom, root));
const MAIN = fileURLToPath(new URL('dist/src/main.js', root));
// A folder with no .env, so that neither run reads the developer's settings.
const cwd = mkdtempSync(join(tmpdir(), 'headroom-cli-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

function run(file: string, args: string[], input = '') {
  const env = { ...process.env, SLACK_BOT_TOKEN: '', DISCORD_TOKEN: '', HEADROOM_HUB_CACHE_DIR: 'off' };
  const r = spawnSync(process.execPath, [file, ...args], { cwd, env, input, encoding: 'utf8', timeout: 20_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the bundled CLI (package bin)', () => {
  it('is the bundle, with the shebang npm links', () => {
    expect(pkg.bin.headroom).toBe('dist/headroom.js');
    expect(readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it.each([
    ['an estimate', ['13b bf16 zero3 seq 4096 on 4xA100-80G'], 0],
    ['JSON output', ['--json', 'llama-3-8b qlora on a 4090'], 0],
    ['a refused request', ['zer3', '13b', 'bf16', 'seq'], 2],
    ['a pasted config', ['per_device_train_batch_size=4 gradient_checkpointing=True bf16=True llama 2 7b lora on 1x A100 40GB'], 0],
  ])('answers %s exactly as dist/src/main.js does', (_what, args, status) => {
    const bundled = run(BIN, args);
    expect(bundled.status).toBe(status);
    expect(bundled.stdout.length).toBeGreaterThan(50);
    expect(bundled).toEqual(run(MAIN, args));
  });

  it('answers in the interactive terminal exactly as dist/src/main.js does', () => {
    const input = '7b on a 4090\nnow lora\nexit\n';
    expect(run(BIN, [], input)).toEqual(run(MAIN, [], input));
  });

  it('loads nothing but Node built-ins up front: platforms, the config schemas and the chart renderer stay on-demand modules', () => {
    const source = readFileSync(BIN, 'utf8');
    const staticImports = [...source.matchAll(/^import\s[^;]*?from\s*["']([^"']+)["']/gm)].map((m) => m[1]);
    expect(staticImports.length).toBeGreaterThan(0);
    for (const specifier of staticImports) expect(specifier).toMatch(/^node:/);
    for (const onDemand of ['./src/services.js', './src/config/index.js', './src/render/chart/index.js']) expect(source).toContain(`import("${onDemand}")`);
  });
});
