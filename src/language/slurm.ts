import { blank } from './line-rewrite.js';
import type { MappedText } from './mapped-text.js';

/**
 * Slurm allocations (issue 11 §2): `srun`/`sbatch`/`salloc` options and `#SBATCH` directives say
 * how many nodes a job holds and how many GPUs each has (Slurm docs, sbatch(1): --nodes/-N,
 * --gres=gpu[:type]:N per node, --gpus-per-node, --gpus/-G in all, --gpus-per-task with
 * --ntasks-per-node, --mem per node). They are read as "M nodes of Nx <type>" in the place of the
 * first of them; every other Slurm option (partition, time, job name, CPUs) changes no GPU memory.
 * Runs on normalised text, before shell line continuations are dropped.
 */

/** Options that take a value after a space (the others are switches: --exclusive, --pty). */
const VALUED_LONG = new Set(
  'nodes ntasks ntasks-per-node gres gpus gpus-per-node gpus-per-task cpus-per-task cpus-per-gpu mem mem-per-gpu mem-per-cpu partition time job-name account qos output error nodelist constraint exclude reservation mpi chdir dependency array signal'.split(' '),
);
const VALUED_SHORT = new Set('N n c G p t J o e A w x C q D d a'.split(' '));

const OPTION = String.raw`-{1,2}[a-z][\w-]*(?:=[^\s\\]*|[ \t]+(?!-)[^\s\\]+)?`;
/** A launcher and its options, up to the program it runs; a `\` continues the options on the next line. */
const COMMAND = new RegExp(String.raw`(?<![\w./-])(?:srun|sbatch|salloc)(?:(?:[ \t]+|[ \t]*\\[ \t]*\n[ \t]*)${OPTION})+`, 'g');
const DIRECTIVE = /^[ \t]*#sbatch\b[^\n]*$/gm;
/** Read on the user's own text: `-N 2` (nodes) and `-n 2` (tasks) differ only by case. */
const OPTION_PARTS = /(?<![\w-])(-{1,2})([a-z][\w-]*)(?:=([^\s\\]*)|[ \t]+(?!-)([^\s\\]+))?/gi;
/** A launcher word left with no option of its own (`srun torchrun …`): the program after it is read, not it. */
const BARE = /(?<![\w./-])(?:srun|sbatch|salloc)(?![\w.-])/g;

interface Allocation {
  nodes?: number;
  perNode?: number;
  total?: number;
  perTask?: number;
  tasksPerNode?: number;
  type?: string;
  ramGiB?: number;
}

const count = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined);

/** `gpu:4`, `gpu:a100:4`, `gpu:a100_80gb:2,shard:1`: the GPU part of a --gres (or a --gpus* value, `a100:8`). */
function gpuSpec(value: string, gres: boolean): { type?: string; n?: number } | null {
  const parts = value.split(',').map((p) => p.split(':'));
  const gpu = gres ? parts.find((p) => p[0] === 'gpu') : parts[0];
  if (!gpu) return null;
  const rest = gres ? gpu.slice(1) : gpu;
  const n = count(rest.at(-1));
  const type = rest.length >= 2 || (n === undefined && rest.length === 1) ? rest[0] : undefined;
  return { type: type && /^[a-z]+[-_]?\d/.test(type) ? type.replace(/_/g, '-') : undefined, n: n ?? (gres && rest.length <= 1 ? 1 : undefined) };
}

/** Slurm's --mem: megabytes by default, or a K/M/G/T suffix; 0 is all of the node's memory (no figure). */
function memGiB(value: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([kmgt])?b?$/.exec(value);
  if (!m || Number(m[1]) === 0) return undefined;
  const perUnit = { k: 1 / 1024 ** 2, m: 1 / 1024, g: 1, t: 1024 }[(m[2] ?? 'm') as 'k'];
  return Math.round(Number(m[1]) * perUnit);
}

function readOptions(text: string, into: Allocation): void {
  for (const o of text.matchAll(OPTION_PARTS)) {
    const dashes = o[1]!;
    const name = dashes === '--' ? o[2]!.toLowerCase() : o[2]!;
    const spaced = o[4] !== undefined && (dashes === '--' ? VALUED_LONG.has(name) : VALUED_SHORT.has(name));
    const value = (o[3] ?? (spaced ? o[4] : undefined))?.replace(/^["']|["']$/g, '').toLowerCase();
    if (value === undefined) continue;
    const key = dashes === '-' ? ({ N: 'nodes', G: 'gpus', n: 'ntasks' } as Record<string, string>)[name] ?? name : name;
    if (key === 'nodes') {
      // A range ("2-4") lets Slurm choose: the count is known only when both ends agree.
      const r = /^(\d+)(?:-(\d+))?$/.exec(value);
      if (r && (r[2] === undefined || r[2] === r[1])) into.nodes = Number(r[1]);
    } else if (key === 'gres' || key === 'gpus-per-node' || key === 'gpus' || key === 'gpus-per-task') {
      const spec = gpuSpec(value, key === 'gres');
      if (!spec) continue;
      if (spec.type) into.type = spec.type;
      if (spec.n === undefined) continue;
      if (key === 'gpus') into.total = spec.n;
      else if (key === 'gpus-per-task') into.perTask = spec.n;
      else into.perNode = spec.n;
    } else if (key === 'ntasks-per-node') into.tasksPerNode = count(value);
    else if (key === 'mem') into.ramGiB = memGiB(value);
  }
}

/** The allocation in request words: "2 nodes of 4x a100", "8 gpus", "160gb ram"; '' when it names no GPU. */
function phrase(a: Allocation): string {
  const perNode = a.perNode ?? (a.perTask !== undefined && a.tasksPerNode !== undefined ? a.perTask * a.tasksPerNode : undefined);
  const gpus = (n: number) => (a.type ? `${n}x ${a.type}` : `${n} gpus`);
  const words: string[] = [];
  if (perNode !== undefined) words.push(a.nodes !== undefined && a.nodes > 1 ? `${a.nodes} nodes of ${gpus(perNode)}` : gpus(perNode));
  else if (a.total !== undefined) words.push(gpus(a.total));
  // Nodes with no GPUs said for them ("sbatch --nodes=2 slurm/train.slurm …", huggingface/open-r1#593, corpus c3022:
  // left unread, so the job had no GPUs at all): the nodes, whose cards the resolver takes as a full node's, said weak.
  else if (a.nodes !== undefined && a.nodes > 1) words.push(`${a.nodes} nodes`);
  // As host RAM, never a memory the GPUs named without a card would take for their own ("8 gpus 391gb").
  if (words.length && a.ramGiB !== undefined) words.push(`hostram ${a.ramGiB}gb`);
  return words.join(' ');
}

export interface SlurmReading {
  text: MappedText;
  /** The allocation read, in request words (null when the text has no Slurm GPU request). */
  allocation: string | null;
}

/** Every Slurm command and directive of a text, read as one allocation in the place of the first. */
export function readSlurm(input: MappedText): SlurmReading {
  if (!/srun|sbatch|salloc/.test(input.text)) return { text: input, allocation: null };
  // A script quoted in a comment loses its line breaks ("… multi_node.slurm #!/bin/bash #SBATCH
  // --nodes=2 #SBATCH --gres="gpu:full:8" …", meta-llama/llama-cookbook#352): each directive
  // starts its own line again.
  const text = /#sbatch\b[^\n]*?[ \t]#sbatch\b/.test(input.text) ? input.replace(/(?<=\S)[ \t](?=#sbatch\b)/g, () => '\n', 'slurm.directive-line') : input;
  const allocation: Allocation = {};
  const spans: [number, number][] = [];
  for (const re of [DIRECTIVE, COMMAND]) {
    for (const m of text.text.matchAll(re)) {
      readOptions(text.userText(m.index, m.index + m[0].length).replace(/^[ \t]*#sbatch\b/i, ''), allocation);
      spans.push([m.index, m.index + m[0].length]);
    }
  }
  const words = phrase(allocation);
  if (!spans.length) return { text: text.replace(BARE, (m) => ' '.repeat(m[0].length), 'slurm.launcher'), allocation: null };
  const first = Math.min(...spans.map(([at]) => at));
  // The directives come first in a script, so replacing them moves no command before `first`.
  const read = (m: RegExpExecArray) => (m.index === first && words ? ` ${words} ` : blank(m[0]));
  return { text: text.replace(DIRECTIVE, read, 'slurm.allocation').replace(COMMAND, read, 'slurm.allocation').replace(BARE, (m) => ' '.repeat(m[0].length), 'slurm.launcher'), allocation: words || null };
}
