import { parseConfigBlock, type ConfigPair } from './config-block.js';
import { classifyLines, type AsWritten, type Line, type Work } from './lines.js';
import type { Segment, SegmentKind } from './types.js';

export interface Segmented {
  /** In order, tiling the text: no gap, no overlap. */
  segments: Segment[];
  /** The pairs of each config read with the parser, by segment index. */
  configs: Map<number, ConfigPair[]>;
  /** Rule tests and characters parsed: linear in the text (property-tested). */
  work: number;
}

/** Languages of a fence whose unnamed lines are code, not prose. */
const CODE_FENCE = /^fence\.open:(?:py|python|python3|ipython|js|ts|javascript|typescript|c|cpp|c\+\+|rust|go|java)$/;
/**
 * Languages of a fence the user marked as a program's output: its lines are a log (a chat answer, a
 * `label: value` line of a run's printout; kvcache-ai/ktransformers#462), except a line a rule names as
 * a tool's report of the machine or as a command.
 */
const LOG_FENCE = /^fence\.open:(?:log|logs|stdout|stderr|output|traceback|stacktrace|pytb)$/;
/**
 * A `label: value` line of a dump a log line heads ("Runtime environment:" then "Target:
 * x86_64-unknown-linux-gnu", "Cargo version: 1.85.0", "nvidia-smi:"; huggingface/text-generation-inference#3105).
 */
/**
 * The words a wrapped PyTorch CUDA OOM message goes on with (torch/csrc/cuda/CUDACachingAllocator.cpp's
 * text, old and new): "allocated; 330.75 MiB free;", "22.96 GiB reserved in total by PyTorch)", "If
 * reserved memory is >> allocated memory try…", "of which 1.02 GiB is free", "Including non-PyTorch memory".
 */
const CUDA_OOM_WRAPPED =
  /^\s*(?:(?:already )?allocated\b|free;|reserved in total|[\d.]+ ?[kmgt]i?b (?:already allocated|free|reserved|is allocated|is reserved)|if reserved memory|of which [\d.]+|(?:this )?process (?:\d+ )?has [\d.]+|including non-pytorch|see documentation for memory management)/;
const DUMP_LABEL = /^[a-z][\w .()\/-]{0,30}:(?:[ \t]+\S.*)?$/;
/** A JSON / dict block can be long, but not endless: a brace never closed ends here. */
const MAX_BLOCK_LINES = 2000;

/**
 * The engine: lines named by the line rules (lines.ts), then grouped into blocks — a log goes on
 * through its indented lines, a command through its continuation lines, a run of `key: value`
 * lines or a braced block is a config when the parser reads it — then blocks into segments.
 * Blank lines join the block before them, fence marks the block inside them.
 */
export function segmentText(text: string, asWritten?: AsWritten): Segmented {
  const work: Work = { steps: 0 };
  const lines = classifyLines(text, work, asWritten);
  const configs = new Map<number, ConfigPair[]>();
  const blockPairs = new Map<number, ConfigPair[]>();
  /** Each line's block: lines of one block share a number, kind and rule. */
  const block: { id: number; kind: SegmentKind; rule: string }[] = [];
  let id = 0;
  let codeFence = false;
  let logFence = false;
  let noConfigBefore = 0;
  /** The line before is a label of a dump a log line heads ("…: Runtime environment:"). */
  let dumpOpen = false;
  const open = (kind: SegmentKind, rule: string) => ({ id: ++id, kind, rule });
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const before = i > 0 ? block[i - 1]! : null;
    const previous = lines[i - 1];
    if (line.kind === 'fence') {
      codeFence = line.rule.startsWith('fence.open') && CODE_FENCE.test(line.rule);
      logFence = line.rule.startsWith('fence.open') && LOG_FENCE.test(line.rule);
      block.push({ id: 0, kind: 'prose', rule: line.rule });
      continue;
    }
    if (line.kind === 'blank') {
      block.push({ id: 0, kind: 'prose', rule: 'blank' });
      continue;
    }
    // A printed setting (logged-settings.ts) is read wherever it stands: in a fence marked as output, after a log line.
    const printedSetting = line.rule === 'config.logged-setting';
    if (logFence && line.fenced && line.kind !== 'report' && line.kind !== 'command' && !printedSetting) {
      block.push(before && before.kind === 'log' && before.rule === 'log.fenced' ? before : open('log', 'log.fenced'));
      continue;
    }
    const indented = /^[ \t]/.test(line.text);
    const dumpLabel: boolean = before?.kind === 'log' && (dumpOpen || /:\s*$/.test(previous!.text)) && line.kind === 'prose' && DUMP_LABEL.test(line.text);
    dumpOpen = false;
    // A log goes on through its indented lines (a frame's source line, a wrapped message), its other
    // log lines, and the labels of a dump one of its lines heads.
    if (before && before.kind === 'log' && previous?.kind !== 'blank' && !printedSetting && (indented || line.kind === 'log' || dumpLabel)) {
      block.push(before);
      dumpOpen = dumpLabel;
      continue;
    }
    // PyTorch's OOM message goes on through the line a paste wrapped it onto ("…22.90 GiB already \n
    // allocated; 330.75 MiB free; …", ssbuild/chatglm_finetuning#191, c682): left as prose, its card
    // was not read and the numbers after the wrap were the user's.
    if (before && before.rule === 'report.cuda-oom' && previous?.kind !== 'blank' && CUDA_OOM_WRAPPED.test(line.text)) {
      block.push(before);
      continue;
    }
    // An nvidia-smi table goes on through its rows.
    if (before && before.rule === 'report.nvidia-smi' && /^\s*[|+]/.test(line.text)) {
      block.push(before);
      continue;
    }
    // A command goes on after a line ending in "\" and through lines of flags.
    if (before && before.kind === 'command' && previous?.kind !== 'blank' && (/\\\s*$/.test(previous!.text) || line.rule === 'command.continuation')) {
      block.push(before);
      continue;
    }
    if (i >= noConfigBefore && (line.kind === 'prose' || line.continues) && (line.configLike || OPENS_BRACED.test(line.text))) {
      const found = configBlock(text, lines, i, line.fenced, work);
      // A block the parser refused is not tried again from a line inside it: the work stays linear.
      if ('failedUpTo' in found) noConfigBefore = found.failedUpTo;
      else {
        const b = open('config', found.rule);
        for (let k = i; k < found.upTo; k++) block.push(lines[k]!.kind === 'blank' ? { id: 0, kind: 'prose', rule: 'blank' } : b);
        if (found.pairs) blockPairs.set(b.id, found.pairs);
        i = found.upTo - 1;
        continue;
      }
    }
    // A line that only continues a block of its kind, with none open: prose, unless the block follows it (below).
    if (line.kind !== 'prose' && !line.continues) {
      block.push(before && before.kind === line.kind && before.rule === line.rule && line.kind !== 'log' ? before : open(line.kind, line.rule));
      continue;
    }
    // A code block goes on through indented lines; a code fence makes its unnamed lines code.
    if (before && before.kind === 'code' && previous?.kind !== 'blank' && indented) {
      block.push(before);
      continue;
    }
    if (codeFence && line.fenced) {
      block.push(before && before.kind === 'code' ? before : open('code', 'code.fenced'));
      continue;
    }
    // Markdown's indented code: four spaces after a blank line, outside any fence, not a list.
    if (!line.fenced && /^(?: {4}|\t)(?![-*+] |\d+[.)] )/.test(line.text) && (!previous || previous.kind === 'blank') && !(before && before.kind === 'prose' && before.rule !== 'blank')) {
      block.push(open('code', 'code.indented'));
      continue;
    }
    block.push(before && before.kind === 'prose' && before.id !== 0 ? before : open('prose', 'prose'));
  }
  // A continuing line just before a block of its kind belongs to it ("Architecture: x86_64" opening lscpu's block).
  for (let i = lines.length - 2; i >= 0; i--) {
    const line = lines[i]!;
    if (line.continues && block[i]!.kind === 'prose' && block[i + 1]!.kind === line.kind) block[i] = block[i + 1]!;
  }
  attachMarksAndBlanks(lines, block);
  const segments: Segment[] = [];
  for (let i = 0; i < lines.length; i++) {
    const b = block[i]!;
    const last = segments.at(-1);
    const lastId = i > 0 ? block[i - 1]!.id : -1;
    // Prose on both sides of a blank line is one segment of prose.
    if (last && (lastId === b.id || (last.kind === 'prose' && b.kind === 'prose' && last.fenced === lines[i]!.fenced))) {
      last.end = lines[i]!.end;
      last.fenced ||= lines[i]!.fenced;
      continue;
    }
    const pairs = blockPairs.get(b.id);
    if (pairs) configs.set(segments.length, pairs);
    segments.push({ kind: b.kind, rule: b.rule, start: lines[i]!.start, end: lines[i]!.end, fenced: lines[i]!.fenced });
  }
  return { segments, configs, work: work.steps };
}

/** A blank line or a closing fence joins the block before it; an opening fence (and a leading blank) the block after it. */
function attachMarksAndBlanks(lines: Line[], block: { id: number; kind: SegmentKind; rule: string }[]): void {
  for (let i = 0; i < lines.length; i++) {
    if (block[i]!.id !== 0 || lines[i]!.rule.startsWith('fence.open')) continue;
    if (i > 0) block[i] = block[i - 1]!;
  }
  for (let i = lines.length - 1; i >= 0; i--) {
    if (block[i]!.id !== 0) continue;
    const next = block[i + 1];
    if (next && next.id !== 0) block[i] = next;
  }
  // A message of blank lines and fence marks only: one prose segment.
  for (let i = 0; i < lines.length; i++) if (block[i]!.id === 0) block[i] = { id: -1, kind: 'prose', rule: 'prose' };
}

type FoundConfig = { upTo: number; rule: string; pairs: ConfigPair[] | null } | { failedUpTo: number };

/** A line that opens a braced config: `{`, `[`, or an assignment of one (`generation_kwargs = {`). */
const OPENS_BRACED = /^\s*(?:[a-z_][\w.]*\s*=\s*)?[{[]/;

/**
 * A config starting at line `i`: a braced block (JSON, a Python dict) up to its closing brace, or
 * a run of `key: value` lines (YAML) read by the parser, or a run of `key=value` lines. A lone
 * `key: value` in prose ("note: …") is a config only inside a fence.
 */
function configBlock(text: string, lines: Line[], i: number, fenced: boolean, work: Work): FoundConfig {
  const first = lines[i]!;
  if (OPENS_BRACED.test(first.text)) {
    let depth = 0;
    let k = i;
    for (; k < lines.length && k < i + MAX_BLOCK_LINES; k++) {
      const line = lines[k]!;
      if (line.kind === 'fence') break;
      work.steps += line.text.length;
      depth += braceBalance(line.text);
      if (depth <= 0) {
        const pairs = parseConfigBlock(text, first.start, line.end, work);
        if (!pairs) return { failedUpTo: k + 1 };
        const python = /\b(?:true|false|none)\b/.test(text.slice(first.start, line.end)) && /'|=\s*[{[]/.test(text.slice(first.start, line.end));
        return { upTo: k + 1, rule: python ? 'config.python-dict' : 'config.json', pairs };
      }
    }
    return { failedUpTo: k };
  }
  const kind = first.configLike;
  let k = i;
  let lastFilled = i;
  for (; k < lines.length; k++) {
    const line = lines[k]!;
    if (line.kind === 'fence' || (line.fenced !== fenced)) break;
    if (line.kind === 'blank') {
      // A blank line inside a YAML block is part of it when the block goes on after it.
      if (kind === 'yaml' && lines[k + 1]?.configLike === 'yaml') continue;
      break;
    }
    const nested = kind === 'yaml' && /^[ \t]+\S/.test(line.text) && line.kind === 'prose';
    if ((line.configLike !== kind && !nested) || (k > i && line.continues)) break;
    lastFilled = k;
  }
  const count = lines.slice(i, lastFilled + 1).filter((l) => l.kind !== 'blank').length;
  // A lone `key: value` is a config only inside a fence, and never a system report's label there.
  if (count < 2 && (!fenced || first.continues || !/:\s*\S/.test(first.text))) return { failedUpTo: i + 1 };
  if (kind === 'kv') return { upTo: lastFilled + 1, rule: 'config.key-equals', pairs: null };
  const pairs = parseConfigBlock(text, first.start, lines[lastFilled]!.end, work);
  if (!pairs) return { failedUpTo: lastFilled + 1 };
  return { upTo: lastFilled + 1, rule: 'config.yaml', pairs };
}

/** Opening minus closing braces and brackets, outside quoted strings. */
function braceBalance(line: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let c = 0; c < line.length; c++) {
    const ch = line[c]!;
    if (quote) {
      if (ch === '\\') c++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#') break;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
  }
  return depth;
}
