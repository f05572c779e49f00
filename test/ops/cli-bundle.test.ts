import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The `headroom` bin is dist/cli/headroom.js, the terminal CLI bundled for its cold start
 * (scripts/bundle-cli.mjs, issue 11). It must be the same program as dist/src/main.js, which
 * `npm start` and the container run. `npm test` builds first (pretest).
 */
const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { bin: { headroom: string } };
const BIN = fileURLToPath(new URL(pkg.bin.headroom, root));
const MAIN = fileURLToPath(new URL('dist/src/main.js', root));
// A folder with no .env, so that neither run reads the developer's settings.
const cwd = mkdtempSync(join(tmpdir(), 'headroom-cli-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const CONFIG_JSON = `inference on a 4090 \`\`\`{"model_type": "llama", "hidden_size": 4096, "intermediate_size": 11008, "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 32, "vocab_size": 32000, "max_position_embeddings": 4096, "torch_dtype": "float16"}\`\`\``;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `node file ...args` with `input` on stdin; killed after 20 s. Not spawnSync: two runs go side by side. */
function run(file: string, args: string[], input = ''): Promise<Run> {
  // Hub look-ups go to a closed local port: refused at once, the same way for both.
  const env = { ...process.env, SLACK_BOT_TOKEN: '', DISCORD_TOKEN: '', HEADROOM_HUB_CACHE_DIR: 'off', HF_ENDPOINT: 'http://127.0.0.1:9' };
  const child = spawn(process.execPath, [file, ...args], { cwd, env, timeout: 20_000 });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.on('error', () => undefined); // a program that exits before reading its input (EPIPE), as spawnSync allowed
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The bundle and dist/src/main.js on the same input, at once (they share nothing but the folder, which neither writes). */
const both = (args: string[], input = '') => Promise.all([run(BIN, args, input), run(MAIN, args, input)]);

describe('the bundled CLI (package bin)', () => {
  it('is the bundle, with the shebang npm links', () => {
    expect(pkg.bin.headroom).toBe('dist/cli/headroom.js');
    expect(readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it.each([
    ['an estimate', ['13b bf16 zero3 seq 4096 on 4xA100-80G'], 0],
    ['JSON output', ['--json', 'llama-3-8b qlora on a 4090'], 0],
    ['a refused request', ['zer3', '13b', 'bf16', 'seq'], 2],
    ['a pasted config', ['per_device_train_batch_size=4 gradient_checkpointing=True bf16=True llama 2 7b lora on 1x A100 40GB'], 0],
    ['a Hub id it cannot fetch (client loaded on demand)', ['someorg/some-model lora on a 4090'], 2],
    // A name the Hub cannot be asked about but that holds a size reads by it (stated).
    ['a Hub id it cannot fetch whose name holds a size', ['someorg/some-model-7b lora on a 4090'], 0],
    ['a pasted config.json (reader loaded on demand)', [CONFIG_JSON], 0],
    // The reader's Chinese patterns are written as escapes in terminal.cjs (scripts/ascii-script.mjs);
    // host memory named first, as in kvcache-ai/ktransformers (corpus c477), with 梯度累积 (DeepSpeed-Chat-ChatGLM#1).
    ['a Chinese message (the bundle writes its patterns escaped)', ['我现在有内存640GB，显卡一张L40，能否跑 qwen2.5 7b lora 微调，梯度累积是1'], 0],
  ])('answers %s exactly as dist/src/main.js does', async (_what, args, status) => {
    const [bundled, main] = await both(args);
    expect(bundled.status).toBe(status);
    expect(bundled.stdout.length).toBeGreaterThan(50);
    expect(bundled).toEqual(main);
  });

  it('answers in the interactive terminal exactly as dist/src/main.js does', async () => {
    const input = '7b on a 4090\nnow lora\nexit\n';
    const [bundled, main] = await both([], input);
    expect(bundled).toEqual(main);
  });

  it('loads no package up front: platforms, their config schemas and the chart renderer stay on-demand dist/src modules', () => {
    const dir = dirname(BIN);
    const files = readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.js') || f.endsWith('.cjs'));
    expect(files.sort()).toEqual(['headroom.js', 'terminal.cjs']);
    const read = (f: string) => readFileSync(join(dir, f), 'utf8');
    // The bin is CommonJS (dist/cli/package.json): it require()s Node's built-ins only.
    expect(JSON.parse(read('package.json'))).toEqual({ type: 'commonjs' });
    const specifiers = [...read('headroom.js').matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(specifiers.length).toBeGreaterThan(0);
    for (const specifier of specifiers) expect(isBuiltin(specifier), specifier).toBe(true);
    // The terminal script require()s Node's built-ins only.
    const required = [...read('terminal.cjs').matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(required.length).toBeGreaterThan(0);
    for (const specifier of required) expect(isBuiltin(specifier), specifier).toBe(true);
    for (const onDemand of ['../src/services.js', '../src/config/index.js']) expect(read('headroom.js')).toContain(`import("${onDemand}")`);
    // A vm.Script cannot import() on Node 20: the terminal's one import() is the loader's (src/ops/cached-script.ts).
    expect(read('terminal.cjs')).toContain('importOutside("../src/render/chart/index.js")');
  });

  it('writes the chart a request asks for, from the renderer outside the bundle', async () => {
    const png = join(cwd, 'chart.png');
    const r = await run(BIN, ['--png', png, '7b on a 4090']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`Saved breakdown chart to ${png}`);
    expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
  });
});
