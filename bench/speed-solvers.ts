import { performance } from 'node:perf_hooks';
import { respond } from '../src/core/assistant.js';
import { renderText } from '../src/render/text.js';

/**
 * The solver questions of bench:speed ("how many", "which GPU", max batch, max seq): each
 * answers by searching over setups, so each costs several estimates where a plain request costs
 * one. Issue 25's target: the slowest within 3× a plain request.
 */
export const SOLVER_REQUESTS = [
  '405b full how many 4090',
  '405b how many h100',
  'deepseek-v3 full how many h100',
  'llama-2-70b full how many h100',
  'llama-2-70b how many 4090',
  'mixtral-8x7b how many a100',
  '405b infer ctx 131072 how many 4090',
  'llama-3-70b qlora which gpu',
  '7b lora which gpu',
  '13b lora max batch on a100',
  'llama-3-8b max seq on a 4090',
];

/** The plain request each solver request is held against: one estimate, its levers and reply. */
export const PLAIN_REQUEST = '13b bf16 zero3 seq 4096 on 4xA100-80G';

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Wall and CPU ms of one request. CPU time (this process, its GC threads included) leaves out the time other jobs on a shared machine hold the cores. */
function timeOnce(text: string): { wall: number; cpu: number } {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  renderText(respond(text, null).reply);
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/** Two filler words of one length: a prefix of them is read and ignored alike. */
const FILLERS = ['please', 'kindly'] as const;
const PREFIX_WORDS = 9;

/**
 * The `k`-th text: nine filler words spelling k in binary, then the request. Every text timed is
 * new to the parser's cache of recent texts (as a user's request is), and every one reads the
 * same number of words before the request: the plain request and the solver request of one pair
 * share their prefix. (The plain request used to get ~80 fillers on average and a solver ~8.)
 */
function prefixed(text: string, k: number): string {
  if (k >= 2 ** PREFIX_WORDS) throw new Error(`only ${2 ** PREFIX_WORDS} distinct prefixes`);
  const words = Array.from({ length: PREFIX_WORDS }, (_, bit) => FILLERS[(k >> bit) & 1]);
  return `${words.join(' ')} ${text}`;
}

/**
 * Median ms per request over `rounds`, after three rounds of warm-up, wall and CPU. The plain
 * request is timed before every solver request, with the same prefix, so machine load falls on
 * both alike. The slowest ratio is taken on wall time (the target's measure); the CPU ratio is
 * printed beside it, steadier on a loaded machine.
 */
export function solverRows(rounds = 25): { rows: string[][]; ratio: number; cpuRatio: number; slowest: string } {
  const pairs = SOLVER_REQUESTS.length;
  for (let w = 0; w < 3; w++) for (const text of [PLAIN_REQUEST, ...SOLVER_REQUESTS]) timeOnce(prefixed(text, rounds * pairs + w));
  const plain: { wall: number; cpu: number }[] = [];
  const solver = SOLVER_REQUESTS.map(() => [] as { wall: number; cpu: number }[]);
  for (let r = 0; r < rounds; r++) {
    SOLVER_REQUESTS.forEach((text, i) => {
      const k = r * pairs + i;
      plain.push(timeOnce(prefixed(PLAIN_REQUEST, k)));
      solver[i]!.push(timeOnce(prefixed(text, k)));
    });
  }
  const plainWall = median(plain.map((t) => t.wall));
  const plainCpu = median(plain.map((t) => t.cpu));
  const walls = solver.map((ts) => median(ts.map((t) => t.wall)));
  const cpus = solver.map((ts) => median(ts.map((t) => t.cpu)));
  const worst = walls.indexOf(Math.max(...walls));
  const row = (label: string, wall: number, cpu: number) => [label, wall.toFixed(2), `${(wall / plainWall).toFixed(2)}×`, cpu.toFixed(2), `${(cpu / plainCpu).toFixed(2)}×`];
  const rows = [row(`plain: ${PLAIN_REQUEST}`, plainWall, plainCpu), ...SOLVER_REQUESTS.map((text, i) => row(text, walls[i]!, cpus[i]!))];
  return { rows, ratio: walls[worst]! / plainWall, cpuRatio: Math.max(...cpus) / plainCpu, slowest: SOLVER_REQUESTS[worst]! };
}
