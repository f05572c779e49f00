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

function timeOnce(text: string): number {
  const start = performance.now();
  renderText(respond(text, null).reply);
  return performance.now() - start;
}

/**
 * Median ms per request, each round's texts new to the parser's cache ("please " × round), the
 * plain request timed between every two solver requests so machine load falls on both alike.
 */
export function solverRows(rounds = 15): { rows: string[][]; ratio: number; slowest: string } {
  const variant = (text: string, round: number) => `${'please '.repeat(round + 1)}${text}`;
  for (let w = 0; w < 3; w++) for (const text of [PLAIN_REQUEST, ...SOLVER_REQUESTS]) timeOnce(variant(text, rounds + w));
  const plain: number[] = [];
  const solver = SOLVER_REQUESTS.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    SOLVER_REQUESTS.forEach((text, i) => {
      plain.push(timeOnce(variant(PLAIN_REQUEST, r * SOLVER_REQUESTS.length + i)));
      solver[i]!.push(timeOnce(variant(text, r)));
    });
  }
  const plainMs = median(plain);
  const medians = solver.map(median);
  const worst = medians.indexOf(Math.max(...medians));
  const rows = [[`plain: ${PLAIN_REQUEST}`, plainMs.toFixed(2), '1.00×'], ...SOLVER_REQUESTS.map((text, i) => [text, medians[i]!.toFixed(2), `${(medians[i]! / plainMs).toFixed(2)}×`])];
  return { rows, ratio: medians[worst]! / plainMs, slowest: SOLVER_REQUESTS[worst]! };
}
