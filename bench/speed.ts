import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { respond } from '../src/core/assistant.js';
import { renderText } from '../src/render/text.js';
import { SPEED_CORPUS } from './speed-corpus.js';
import { solverRows } from './speed-solvers.js';

/**
 * `npm run bench:speed`: latency of the whole request path (parse → estimate → reply model →
 * text) per request over a fixed corpus, and of chart rendering. Prints a table; asserts nothing.
 */

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * Each round prefixes a different number of filler words, so every timed text is new to the
 * parser's cache of recent texts (as a user's request is); lever changes still hit it, as in use.
 */
function variant(text: string, round: number): string {
  return `${'please '.repeat(round + 1)}${text}`;
}

function measure(label: string, inputs: string[], run: (text: string) => unknown, rounds: number): string[] {
  // Warm-up (JIT, first old-space collection) on variants the timed rounds never use.
  for (let w = 0; w < 3; w++) for (const text of inputs) run(variant(text, rounds + w));
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const text of inputs) {
      const input = variant(text, r);
      const start = performance.now();
      run(input);
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  return [label, String(times.length), quantile(times, 0.5).toFixed(3), quantile(times, 0.99).toFixed(3), times.at(-1)!.toFixed(3)];
}

async function chartRows(): Promise<string[][]> {
  try {
    const { chartPng } = await import('../src/render/chart/index.js');
    const rows: string[][] = [];
    const replies = SPEED_CORPUS.slice(0, 10)
      .map((t) => respond(t, null).reply)
      .filter((r) => r.kind === 'estimate');
    for (const kind of ['breakdown', 'sweep-batch', 'timeline'] as const) {
      const times: number[] = [];
      for (const reply of replies) {
        const start = performance.now();
        await chartPng(reply, kind);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      rows.push([`chart ${kind} (PNG)`, String(times.length), quantile(times, 0.5).toFixed(1), quantile(times, 0.99).toFixed(1), times.at(-1)!.toFixed(1)]);
    }
    return rows;
  } catch (err) {
    return [[`charts unavailable: ${(err as Error).message}`, '', '', '', '']];
  }
}

/**
 * Cold start (issue 11): one CLI answer as a new process (the package's `bin`, as `headroom "…"`
 * starts it), against a bare `node -e 0` on the same machine, as medians of interleaved runs
 * (interleaving shares any load between both).
 */
function coldStart(runs = 9): { cli: number; bare: number; ratio: number } {
  const main = cliPath();
  const time = (args: string[]) => {
    const start = performance.now();
    const r = spawnSync(process.execPath, args, { stdio: 'ignore', env: { ...process.env, SLACK_BOT_TOKEN: '', DISCORD_TOKEN: '' } });
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
    return performance.now() - start;
  };
  const cli: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    bare.push(time(['-e', '0']));
    cli.push(time([main, '13b bf16 zero3 seq 4096 on 4x A100-80G']));
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { cli: median(cli), bare: median(bare), ratio: median(cli) / median(bare) };
}

/** The `headroom` bin from package.json (dist/cli/headroom.js: the bundled CLI, scripts/bundle-cli.mjs). */
function cliPath(): string {
  const root = new URL('../../', import.meta.url);
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { bin: Record<string, string> };
  return fileURLToPath(new URL(pkg.bin.headroom!, root));
}

async function main(): Promise<void> {
  const rows = [
    measure('request → text reply', SPEED_CORPUS, (t) => renderText(respond(t, null).reply), 5),
    ...(await chartRows()),
  ];
  const headers = ['path', 'samples', 'median ms', 'p99 ms', 'max ms'];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`headroom speed — ${SPEED_CORPUS.length} requests in the corpus, Node ${process.version}`);
  console.log([line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n'));
  const solvers = solverRows();
  const solverHeaders = ['solver request', 'median ms', 'vs plain', 'CPU ms', 'CPU vs plain'];
  const solverWidths = solverHeaders.map((h, i) => Math.max(...solvers.rows.map((r) => r[i]!.length), h.length));
  const solverLine = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(solverWidths[i]!) : c.padStart(solverWidths[i]!))).join(' | ')} |`;
  console.log('');
  console.log([solverLine(solverHeaders), `|${solverWidths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...solvers.rows.map(solverLine)].join('\n'));
  console.log(
    `Slowest solver request: ${solvers.ratio.toFixed(2)}× a plain request (${solvers.slowest}; target ≤ 3×; medians of 25 rounds, the plain request timed before each with the same prefix); slowest by CPU time ${solvers.cpuRatio.toFixed(2)}×`,
  );
  console.log('');
  const cold = coldStart();
  console.log(
    `Cold start: one CLI answer (${relative(process.cwd(), cliPath())}) ${cold.cli.toFixed(0)} ms, bare node ${cold.bare.toFixed(0)} ms: ratio ${cold.ratio.toFixed(2)}× (medians of 9 interleaved runs)`,
  );
  console.log('Targets: request median < 0.5 ms, p99 < 2 ms; charts < 50 ms; slowest solver ≤ 3× a plain request; cold start ≤ 2.5× bare node.');
}

void main();
