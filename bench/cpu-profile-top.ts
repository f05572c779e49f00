import { readFileSync } from 'node:fs';

/**
 * `node dist/bench/cpu-profile-top.js <file.cpuprofile> [n]`: a V8 CPU profile's top functions
 * by self time, and its files by self time, as shares of the sampled time. For the profiles of
 * `node --cpu-prof` (bench/worker-cost.ts, bench:load's BOT_NODE_ARGS).
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, count = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-top.js <file.cpuprofile> [n]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

function table(keyOf: (n: ProfileNode) => string, title: string): void {
  const sums = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const key = keyOf(byId.get(id)!);
    sums.set(key, (sums.get(key) ?? 0) + us);
  }
  console.log(`\n${title} (of ${(totalUs / 1000).toFixed(0)} ms sampled)`);
  for (const [key, us] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) {
    console.log(`${((100 * us) / totalUs).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
  }
}

const shortUrl = (url: string) => url.replace(/^.*\/dist\//, '').replace(/^file:\/\//, '');
table((n) => `${n.callFrame.functionName || '(anonymous)'}  ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`, 'top functions by self time');
table((n) => shortUrl(n.callFrame.url) || n.callFrame.functionName, 'files by self time');
