import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

/**
 * Peak memory of the terminal CLI answering a Hub id whose config.json never ends (issue 26: the
 * CLI reached 1.3 GB in 3 s). A loopback Hub stand-in streams the file until the client hangs
 * up; each build given on the command line (a dist/ folder) answers "org/endless inference on
 * h100" once, under /usr/bin/time, next to a control run on a normal repo.
 *
 *   npm run build --silent && node dist/bench/hub-download.js /work/main/dist dist
 */

const CHUNK = Buffer.from(`{"model_type": "llama", "padding": "${'x'.repeat(64 * 1024)}`);
const SMALL_CONFIG = { model_type: 'llama', hidden_size: 4096, num_hidden_layers: 32, num_attention_heads: 32, num_key_value_heads: 8, intermediate_size: 14336, vocab_size: 128256 };

interface Run {
  build: string;
  repo: string;
  peakRssMb: number;
  seconds: number;
  exit: number;
  sentMb: number;
  answer: string;
}

async function startEndlessHub(): Promise<{ url: string; sent: () => number; close(): Promise<void> }> {
  let sent = 0;
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/api/models/')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ id: path.slice('/api/models/'.length) }));
    }
    if (path === '/org/small/resolve/main/config.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(SMALL_CONFIG));
    }
    // A declared size the body does not keep to, and a body that never ends.
    res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    open.add(res);
    let alive = true;
    res.on('close', () => {
      alive = false;
      open.delete(res);
    });
    const pump = () => {
      while (alive) {
        sent += CHUNK.length;
        if (!res.write(CHUNK)) return void res.once('drain', pump);
      }
    };
    pump();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent: () => sent,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function runCli(dist: string, repo: string, endpoint: string): Promise<Omit<Run, 'build' | 'sentMb'>> {
  return new Promise((done, fail) => {
    const cli = resolve(dist, 'cli/headroom.js');
    const child = spawn('/usr/bin/time', ['-f', 'PEAK %M %e', process.execPath, cli, `${repo}`, 'inference', 'on', 'h100'], {
      env: { ...process.env, HF_ENDPOINT: endpoint, HEADROOM_HUB_CACHE_DIR: 'off', HF_TOKEN: '' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', fail);
    child.on('close', (code) => {
      const peak = /PEAK (\d+) ([\d.]+)/.exec(err);
      const firstLine = out.split('\n').find((l) => l.trim()) ?? err.split('\n')[0] ?? '';
      done({ repo, peakRssMb: peak ? Number(peak[1]) / 1024 : NaN, seconds: peak ? Number(peak[2]) : NaN, exit: code ?? -1, answer: firstLine.slice(0, 90) });
    });
  });
}

async function main(): Promise<void> {
  const builds = process.argv.slice(2);
  if (builds.length === 0) builds.push('dist');
  const hub = await startEndlessHub();
  const runs: Run[] = [];
  try {
    for (const build of builds) {
      if (!existsSync(resolve(build, 'cli/headroom.js'))) throw new Error(`${build}/cli/headroom.js not found: build it first`);
      for (const repo of ['org/small', 'org/endless']) {
        const before = hub.sent();
        const run = await runCli(build, repo, hub.url);
        runs.push({ build, ...run, sentMb: (hub.sent() - before) / 2 ** 20 });
      }
    }
  } finally {
    await hub.close();
  }
  console.log('| build | Hub id | config.json | peak RSS (MB) | time (s) | exit | stand-in sent (MB) | answer |');
  console.log('|---|---|---|--:|--:|--:|--:|---|');
  for (const r of runs) {
    const kind = r.repo === 'org/endless' ? 'never ends' : '1 KB';
    console.log(`| ${r.build} | ${r.repo} | ${kind} | ${r.peakRssMb.toFixed(0)} | ${r.seconds.toFixed(2)} | ${r.exit} | ${r.sentMb.toFixed(1)} | ${r.answer.replace(/\|/g, '/')} |`);
  }
}

await main();
