import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { respond } from '../src/core/assistant.js';
import type { Component } from '../src/memory/types.js';
import type { Scenario } from '../src/scenario/schema.js';
import { DEFAULT_CORPUS, loadVerdictCorpus, seqAndBatchStated, type VerdictLine } from './verdicts/corpus.js';
import { homeOf } from './verdicts/home.js';
import { predict } from './verdicts/score.js';

/**
 * `node dist/bench/verdicts-groups.js [corpus.jsonl]`: the training lines of the verdict corpus
 * grouped by trainer (who shards: plain / DDP, DeepSpeed ZeRO-n, FSDP, or the framework that sets its
 * own), by method (full, LoRA, QLoRA or another k-bit base, online RL / preference) and by how far
 * the estimate sits from the card (peak ÷ card), and by the program the thread is about (its
 * repository, verdicts/home.ts), each with its disagreements in both directions, the estimate's
 * largest term on those lines (issue 23: "which term dominates where it is wrong") and how many of
 * each side rest on what the user left unsaid: checkpointing or sharding that would turn the verdict,
 * or the sequence length or batch (answered with the envelope, scored at the defaults).
 * A term wrong the same way across a group shows as one key counted many times on one side.
 * Prints tables; asserts nothing. Hold-out batches are the caller's to leave out of the file.
 */

export interface GroupedLine {
  id: string;
  outcome: 'oom' | 'ran';
  /** 'fits' (✓ or ⚠ tight), 'no', or 'none' (refused or no card). */
  predicted: 'fits' | 'no' | 'none';
  trainer: string;
  method: string;
  band: string;
  /** Key of the largest per-GPU component at the peak (memory/types.ts Component.key). */
  top: string;
  /** The verdict turns on checkpointing or sharding the request did not state (bench/verdicts/score.ts predict). */
  restsOnUnsaid: boolean;
  /** The program the thread is about, by its repository (verdicts/home.ts). */
  home: string;
  /** The user left the sequence length or the batch unsaid: an envelope, scored at the defaults. */
  envelope: boolean;
}

const SELF_SHARDING = new Set<Scenario['framework']>(['hf', 'peft', 'deepspeed', 'fsdp', 'alpaca-lora', 'longlora', 'llama-recipes']);

/** Who decides the layout: a framework with its own recipe by name, else the sharding the Trainer runs under. */
export function trainerOf(s: Scenario): string {
  if (s.framework === 'grpo' || s.framework === 'ppo') return s.rlTrainer === 'verl' ? `verl ${s.framework}` : `TRL ${s.framework}`;
  if (s.framework === 'dpo' || s.framework === 'orpo') return `TRL ${s.framework}`;
  if (!SELF_SHARDING.has(s.framework)) return s.framework;
  if (s.sharding.kind === 'zero') return `DeepSpeed ZeRO-${s.sharding.stage}`;
  if (s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp') return 'FSDP';
  return s.sharding.kind === 'ddp' ? 'plain DDP' : 'one process';
}

const KBIT = new Set<Scenario['weights']>(['nf4', 'nf4-dq', 'int8', 'gptq', 'awq']);

export function methodOf(s: Scenario): string {
  if (s.framework === 'grpo' || s.framework === 'ppo' || s.framework === 'dpo' || s.framework === 'orpo') return 'RL / preference';
  if (s.mode === 'full') return 'full';
  return s.mode === 'qlora' || KBIT.has(s.weights) ? 'QLoRA / k-bit' : 'LoRA';
}

/** Peak (what nvidia-smi shows) over the card, in bands around the verdict's edge. */
export function bandOf(deviceBytes: number | null, capacityBytes: number | null): string {
  if (deviceBytes === null || capacityBytes === null) return 'no card';
  const r = deviceBytes / capacityBytes;
  return r < 0.8 ? '< 0.8' : r < 1 ? '0.8–1' : r < 1.5 ? '1–1.5' : r < 3 ? '1.5–3' : '≥ 3';
}

export function topTerm(components: readonly Component[]): string {
  const top = components.reduce<Component | null>((a, c) => (a === null || c.bytes > a.bytes ? c : a), null);
  return top?.key ?? '—';
}

/** A training line scored as bench:verdicts scores it, with its group and the estimate's largest term; null for a serving line. */
export function grouped(line: VerdictLine): GroupedLine | null {
  if (line.kind !== 'training') return null;
  const p = predict(line.request);
  const { reply } = respond(line.request, null);
  const restsOnUnsaid = p.restsOnGc || p.restsOnSharding || p.restsOnRl;
  const said = { restsOnUnsaid, home: homeOf(line), envelope: !seqAndBatchStated(line) };
  if (reply.kind !== 'estimate') return { id: line.id, outcome: line.outcome, predicted: p.predicted, trainer: '—', method: '—', band: 'no card', top: '—', ...said };
  const s = reply.estimate.scenario;
  return { id: line.id, outcome: line.outcome, predicted: p.predicted, trainer: trainerOf(s), method: methodOf(s), band: bandOf(p.deviceBytes, p.capacityBytes), top: topTerm(reply.estimate.components), ...said };
}

export function agreesWith(g: GroupedLine): boolean {
  return (g.outcome === 'oom' && g.predicted === 'no') || (g.outcome === 'ran' && g.predicted === 'fits');
}

function counted(keys: string[]): string {
  const n = new Map<string, number>();
  for (const k of keys) n.set(k, (n.get(k) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, c]) => `${k} ${c}`).join(', ') || '—';
}

/**
 * One row a group: lines, agreement, OOMs called fits and runs called over the card, with the largest
 * term on each side, how many of each side turn on checkpointing or sharding the request left unsaid,
 * and how many left the sequence length or batch unsaid.
 */
export function groupRows(lines: readonly GroupedLine[], by: (g: GroupedLine) => string): string[][] {
  const groups = new Map<string, GroupedLine[]>();
  for (const g of lines) groups.set(by(g), [...(groups.get(by(g)) ?? []), g]);
  const wrong = (gs: GroupedLine[]) => gs.filter((g) => !agreesWith(g)).length;
  return [...groups.entries()]
    .sort((a, b) => wrong(b[1]) - wrong(a[1]) || b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .map(([name, gs]) => {
      const oomFits = gs.filter((g) => g.outcome === 'oom' && !agreesWith(g));
      const ranNo = gs.filter((g) => g.outcome === 'ran' && !agreesWith(g));
      const unsaid = (side: GroupedLine[]) => String(side.filter((g) => g.restsOnUnsaid).length);
      const envelope = (side: GroupedLine[]) => String(side.filter((g) => g.envelope).length);
      return [name, String(gs.length), String(gs.length - wrong(gs)), String(oomFits.length), unsaid(oomFits), envelope(oomFits), counted(oomFits.map((g) => g.top)), String(ranNo.length), unsaid(ranNo), envelope(ranNo), counted(ranNo.map((g) => g.top))];
    });
}

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

const HEADERS = ['agree', 'lines', 'oom called fits', 'on unsaid gc/sharding/RL', 'seq/batch unsaid', 'largest term there', 'ran called no', 'on unsaid gc/sharding/RL', 'seq/batch unsaid', 'largest term there'];

function main(): void {
  const path = process.argv[2] ? resolve(process.argv[2]) : DEFAULT_CORPUS;
  const lines = loadVerdictCorpus(path).map(grouped).filter((g): g is GroupedLine => g !== null);
  console.log(`training verdicts by group (${lines.length} lines, ${path})`);
  for (const [title, by] of [
    ['trainer', (g: GroupedLine) => g.trainer],
    ['method', (g: GroupedLine) => g.method],
    ['peak ÷ card', (g: GroupedLine) => g.band],
    ["thread's program", (g: GroupedLine) => g.home],
  ] as const) {
    const rows = groupRows(lines, by).map(([name, n, agree, ...rest]) => [name!, agree!, n!, ...rest]);
    console.log(`\nBy ${title}:\n`);
    console.log(table([title, ...HEADERS], rows));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
