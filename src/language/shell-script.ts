import { blank } from './line-rewrite.js';
import type { MappedText } from './mapped-text.js';

/**
 * Shell launch scripts people paste (issue 11 §2): variable dumps such as Megatron-LM's
 * examples/*.sh (`TP=1`, `GPUS_PER_NODE=8`, `HIDDEN_SIZE=4096 # e.g. llama-13b: 5120`) and the
 * comments between their lines. Runs on normalised (lower-case) text.
 */


/** A shell assignment line: `NAME=value`, `export NAME=value`. */
const ASSIGNMENT = /^[ \t]*(?:export[ \t]+)?([a-z_]\w*)=([^\s;#]*)/;
/** One more assignment after the first on a command's line, a space before it. */
const LATER_ASSIGNMENT = /^[ \t]+([a-z_]\w*)=([^\s;#]*)/;
const COMMENT_LINE = /^[ \t]*#(?!sbatch\b)/;

/**
 * A launch command commented out, anywhere (no fence needed): "# torchrun --nproc_per_node=3" above the `accelerate
 * launch` the user ran (hiyouga/LlamaFactory#740, corpus c390: read as 3 GPUs beside the title's 4*A100). A launcher's
 * name with a flag after it is no heading's words; the command after it is the run. With no command after it, "# " may
 * be a root shell's prompt and the line the run (c814), so it stays.
 */
const LAUNCHER = String.raw`(?:[a-z_]+=\S*[ \t]+)*(?:torchrun|deepspeed|accelerate[ \t]+launch|python3?(?:[ \t]+-m)?[ \t]+[\w./-]+|llamafactory-cli[ \t]+\w+|swift[ \t]+\w+|vllm[ \t]+serve|lmdeploy[ \t]+serve)\b`;
const COMMENTED_COMMAND = new RegExp(String.raw`^[ \t]*#[ \t]*${LAUNCHER}[^\n]*?[ \t]--?[a-z]`);
/** A launch command not commented out; "# " is a root shell's prompt too ("# vllm serve … -dp=8" then its error, c814). */
const LAUNCH_LINE = new RegExp(String.raw`^[ \t]*(?:\$[ \t]*)?${LAUNCHER}`);
/** The last line that is a launch command the user ran (-1: none); a commented one above it is no prompt but set aside. */
function lastLaunch(lines: string[]): number {
  for (let n = lines.length - 1; n >= 0; n--) if (LAUNCH_LINE.test(lines[n]!)) return n;
  return -1;
}

/**
 * Whole-line comments of a script are never settings, whatever they say ("# 7 B", "# llama2 70B
 * uses GQA", "# NUM_LAYERS=80"): those inside a ``` fence (shell, YAML and Python all comment with
 * `#`), and those next to a shell assignment outside one. A Markdown heading ("### Running on
 * 1 x H100") stands in prose and stays. Slurm's `#SBATCH` lines are directives (slurm.ts).
 */
export function dropScriptComments(text: MappedText, notes: string[] = []): MappedText {
  return dropComments(text, notes).replace(ARRAY_OPEN, (m) => blank(m[0]), 'code.shell-array-open').replace(ARRAY_CLOSE, (m) => blank(m[0]), 'code.shell-array-close');
}

/**
 * A bash array of flags, `GPT_MODEL_ARGS=(` … `)` (Megatron-LM's examples/gpt3/train_gpt3_175b_distributed.sh):
 * its name and brackets are syntax; the flags inside are read one by one.
 */
const ARRAY_OPEN = /^[ \t]*(?:export[ \t]+|declare[ \t]+-a[ \t]+)?[a-z_]\w*=\([ \t]*$/gm;
const ARRAY_CLOSE = /^[ \t]*\)[ \t]*$/gm;

function dropComments(text: MappedText, notes: string[]): MappedText {
  if (!text.text.includes('#')) return text;
  const lines = text.text.split('\n');
  const drop = new Set<number>();
  const dead = new Set<number>();
  let fenced = false;
  let fenceHoldsCode = false;
  let launchLine: number | undefined;
  const assignment = (n: number) => n >= 0 && n < lines.length && ASSIGNMENT.test(lines[n]!);
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    if (/^[ \t]*```/.test(line)) {
      fenced = !fenced;
      if (fenced) fenceHoldsCode = holdsCode(lines, n + 1);
      continue;
    }
    if (!COMMENT_LINE.test(line)) continue;
    if ((fenced && fenceHoldsCode) || (COMMENTED_COMMAND.test(line) && n < (launchLine ??= lastLaunch(lines))) || assignment(n - 1) || assignment(n + 1) || continues(lines, n - 1)) drop.add(n);
    if (continues(lines, n - 1)) {
      const before = dead.size;
      const comment = line.trim();
      n = dropDeadFlags(lines, n, drop, dead);
      const flags = [...dead].slice(before).map((k) => /^[ \t]*(--?[\w.-]+)/.exec(lines[k]!)?.[1]).filter((f): f is string => f !== undefined);
      if (flags.length) notes.push(`"${comment}" ends the command (a backslash inside a comment continues nothing), so ${flags.length === 1 ? flags[0] : `the ${flags.length} flags after it (${flags[0]} … ${flags[flags.length - 1]})`} never reach the program: read without them`);
    }
  }
  return blankLines(blankLines(text, lines, drop, 'code.script-comment'), lines, dead, 'code.shell-flags-after-comment');
}

/** The lines numbered in `which` blanked, under rule `rule`. */
function blankLines(text: MappedText, lines: string[], which: Set<number>, rule: string): MappedText {
  if (!which.size) return text;
  const starts = new Set<number>();
  let offset = 0;
  lines.forEach((line, n) => {
    if (which.has(n)) starts.add(offset);
    offset += line.length + 1;
  });
  return text.replace(/^[^\n]*$/gm, (m) => (starts.has(m.index) ? blank(m[0]) : m[0]), rule);
}

/** Whether line `n` ends in a backslash that continues the command onto the next line. */
function continues(lines: string[], n: number): boolean {
  return n >= 0 && /\\[ \t]*$/.test(lines[n]!) && !COMMENT_LINE.test(lines[n]!);
}

/**
 * A commented-out line inside a backslash-continued command ends the command: a backslash inside a
 * comment continues nothing (POSIX shell, XCU 2.3 rule 9: the comment runs to the newline; shellcheck
 * SC2215, koalaman/shellcheck#2132 "a part of a multi-line command was commented out … broke the
 * multi-line command into two commands"). The flags on the lines after it never reach the program:
 * they run as a command of their own that fails (`--save_strategy: command not found`). So
 * `--gradient_accumulation_steps 1 \` / `# --evaluation_strategy "epoch" \` / `--bf16 True \` runs
 * without bf16 (liziniu/GEM#4, corpus c808: --gradient_checkpointing True and --bf16 True never reach
 * train.py). Lines after comment `n` that start with a flag, and those their backslashes continue,
 * are set aside as comments are; a line that starts a program of its own (`2>&1 | tee …`, `python …`)
 * stays. Returns the last line looked at.
 */
function dropDeadFlags(lines: string[], n: number, drop: Set<number>, dead: Set<number>): number {
  let k = n + 1;
  while (k < lines.length && COMMENT_LINE.test(lines[k]!)) drop.add(k++);
  if (k >= lines.length || !/^[ \t]*--?[a-z]/.test(lines[k]!)) return k - 1;
  for (; k < lines.length; k++) {
    if (COMMENT_LINE.test(lines[k]!)) return k - 1;
    dead.add(k);
    if (!continues(lines, k)) return k;
  }
  return k - 1;
}

/**
 * Whether the fence opened just before line `from` holds any line that is not a comment. A fence of
 * comment lines alone is no script: it is the user's own description put in a block, as issue
 * templates invite ("```\n# 用了6张a10（24G）进行预训练，block开到512 …\n```", ymcui/Chinese-LLaMA-Alpaca-2#57,
 * corpus c416: six A10 and the block size were lost with the comment).
 */
function holdsCode(lines: string[], from: number): boolean {
  for (let n = from; n < lines.length && !/^[ \t]*```/.test(lines[n]!); n++) {
    if (/\S/.test(lines[n]!) && !COMMENT_LINE.test(lines[n]!)) return true;
  }
  return false;
}

/** What a script says about its node count: a number, unknown (a variable it never sets), or nothing. */
export type NodeCount = { nodes: number } | { unknown: string } | null;

/**
 * Names scripts give the node count: NNODES, NUM_NODES, NODE_NUM, HOST_NUM (Megatron-LM#1571),
 * NUM_HOSTS, NUM_MACHINES (accelerate), NODE_COUNT; and launcher flags that take it: torchrun
 * `--nnodes`, DeepSpeed's `--num_nodes`, accelerate's `--num_machines`.
 */
const NODE_VARIABLE = /^(?:n_?nodes|num_?nodes|nodes?_?num|nodes?_?count|host_?num|num_?hosts|n_?hosts|num_?machines|world_?nodes)$/;
const NODE_FLAG = /(?<![\w-])--(?:nnodes|num[_-]nodes|num[_-]machines)(?:[ \t]*=[ \t]*|[ \t]+)(\S+)/g;
const REFERENCE = /\$\{?([a-z_]\w*)\}?/g;

/**
 * A variable given a copy of itself (`NNODES=$nnodes`, `NPROC_PER_NODE="${nproc_per_node}"`): in the reader's
 * lower-cased text the launcher's variable taking the script's value reads as the variable set to itself.
 */
const copiesItself = (name: string, value: string): boolean => value.replace(/^["']?\$\{?|\}?["']?$/g, '') === name;

/**
 * The node count of a pasted script, read before its `$VARIABLES` are blanked: a count set by a
 * variable or flag, or unknown when the script multiplies by a node variable it never sets
 * (`WORLD_SIZE=$(($GPUS_PER_NODE*$HOST_NUM))`, `--nnodes $NNODES`, `--nnodes=1:4`).
 */
export function nodeCountOf(text: string, written = text): NodeCount {
  const count = readNodeCount(text);
  if (!count || !('unknown' in count)) return count;
  // The variable as the user wrote it (HOST_NUM), for the note.
  const ref = new RegExp(`\\$\\{?(${count.unknown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})(?![\\w])`, 'i').exec(written);
  return { unknown: ref ? ref[1]! : count.unknown };
}

function readNodeCount(text: string): NodeCount {
  if (!/=|\$|--n/.test(text)) return null;
  const assigned = new Map<string, string>();
  for (const line of text.split('\n')) {
    for (const part of line.split(';')) {
      // Several may open a command's line, its environment: "GPUS_PER_NODE=8 NNODES=2 bash pretrain_gpt.sh" (only
      // the first had been read, so the second line's node count was lost).
      for (let rest = part, a = ASSIGNMENT.exec(rest); a; rest = rest.slice(a[0].length), a = LATER_ASSIGNMENT.exec(rest)) {
        // The text is lower-cased, so `NNODES=$nnodes` (the launcher's variable taking the script's `nnodes=2`,
        // modelscope/ms-swift#3285, c1778) reads as the variable set to itself: no new value.
        const value = a[2]!.replace(/^["']|["']$/g, '');
        if (!copiesItself(a[1]!, value)) assigned.set(a[1]!, value);
      }
    }
  }
  const valueOf = (raw: string, seen = 0): NodeCount => {
    const v = raw.replace(/^["']|["']$/g, '');
    if (/^\d+$/.test(v)) return { nodes: Number(v) };
    const ref = /^\$\{?([a-z_]\w*)\}?$/.exec(v);
    if (ref && seen < 4) {
      const set = assigned.get(ref[1]!);
      return set === undefined ? { unknown: ref[1]! } : valueOf(set, seen + 1);
    }
    return { unknown: v };
  };
  for (const f of text.matchAll(NODE_FLAG)) return valueOf(f[1]!);
  for (const [name, value] of assigned) if (NODE_VARIABLE.test(name)) return valueOf(value);
  // A node variable used, never set: `$(($GPUS_PER_NODE*$HOST_NUM))`.
  for (const r of text.matchAll(REFERENCE)) if (NODE_VARIABLE.test(r[1]!)) return { unknown: r[1]! };
  return null;
}

/**
 * A script's arithmetic, `max_model_len=$((5 * 1024))` (vllm-project/vllm#33155, c624) and
 * `--gradient_accumulation_steps $(expr 16 / $nproc_per_node)` after `nproc_per_node=8` (ms-swift's
 * example scripts, pasted in modelscope/ms-swift threads: c329, c1653): written as its value, so the
 * setting reads as `max_model_len=5120` or `--gradient_accumulation_steps 2`. Only `+ - * /` between
 * whole numbers and variables the script sets once to a whole number (`name=8` on its own line, a
 * backtick of inline code before it as in c329);
 * a variable set twice or never (`$(($GPUS_PER_NODE*$NNODES))` with no `GPUS_PER_NODE=`) stays as written.
 */
const OPERAND = String.raw`(?:\d{1,7}|\$\{?[a-z_]\w*\}?)`;
const ARITHMETIC = new RegExp(String.raw`\$\(\(\s*(${OPERAND}(?:\s*[-+*/]\s*${OPERAND}){1,3})\s*\)\)`, 'gi');
/** POSIX `expr`: operands and operators are separate words, `*` escaped as `\*` or quoted. */
const EXPR = new RegExp(String.raw`\$\(\s*expr\s+(${OPERAND}(?:\s+(?:\\?[-+*/]|'\*'|"\*")\s+${OPERAND}){1,3})\s*\)`, 'gi');
const INTEGER_ASSIGNMENT = /^[ \t`]*(?:export[ \t]+)?([a-z_]\w*)=["']?(\d{1,7})["']?[ \t]*(?:#.*)?$/gim;

/** The variables a script sets to a whole number exactly once (one value, however often written). */
function integerVariables(text: string): Map<string, string> {
  const values = new Map<string, string | null>();
  for (const m of text.matchAll(INTEGER_ASSIGNMENT)) {
    const name = m[1]!.toLowerCase();
    const seen = values.get(name);
    values.set(name, seen === undefined || seen === m[2] ? m[2]! : null);
  }
  // Any other value makes the variable unknown, except a copy of itself: the reader's text is
  // lower-cased, so `NPROC_PER_NODE=$nproc_per_node` (the launcher's variable taking the script's) reads as one.
  for (const m of text.matchAll(/^[ \t`]*(?:export[ \t]+)?([a-z_]\w*)=(?!["']?\d{1,7}["']?[ \t]*(?:#.*)?$)(\S*)/gim)) {
    const name = m[1]!.toLowerCase();
    if (!copiesItself(name, m[2]!.toLowerCase())) values.set(name, null);
  }
  return new Map([...values].filter((e): e is [string, string] => e[1] !== null));
}

export function evaluateShellArithmetic(text: MappedText): MappedText {
  if (!text.text.includes('$((') && !/\$\(\s*expr\s/i.test(text.text)) return text;
  const variables = integerVariables(text.text);
  const value = (expression: string): string | null => {
    const literal = expression.replace(/'\*'|"\*"|\\\*/g, '*').replace(/\$\{?([a-z_]\w*)\}?/gi, (_, name: string) => variables.get(name.toLowerCase()) ?? 'x');
    if (literal.includes('x')) return null;
    const v = evaluate(literal);
    return Number.isInteger(v) && v > 0 ? String(v) : null;
  };
  return text
    .replace(ARITHMETIC, (m) => value(m[1]!) ?? m[0], 'code.shell-arithmetic')
    .replace(EXPR, (m) => value(m[1]!) ?? m[0], 'code.shell-arithmetic');
}

/** `a op b op c`, * and / before + and -, as the shell does (integer division). */
function evaluate(expression: string): number {
  const terms = expression.replace(/\s+/g, '').split(/(?=[-+])/);
  return terms.reduce((sum, term) => {
    const sign = term.startsWith('-') ? -1 : 1;
    const factors = term.replace(/^[-+]/, '').split(/(?=[*/])/);
    const product = factors.reduce((acc, f) => (f.startsWith('/') ? Math.trunc(acc / Number(f.slice(1))) : acc * Number(f.replace(/^\*/, ''))), 1);
    return sum + sign * product;
  }, 0);
}
