import { KV_LINE, LINE_RULES, YAML_LINE } from './rules.js';
import type { SegmentKind } from './types.js';

/** One line of the message, with its newline, and what the rules say it is. */
export interface Line {
  start: number;
  /** Just after the line's newline (or the text's end). */
  end: number;
  text: string;
  /** Blank, a fence mark, a line a rule names, a config-like line, or prose. */
  kind: SegmentKind | 'blank' | 'fence';
  rule: string;
  /** `key: value` / `- item` (YAML) or `key=value`: a config line if its block parses. */
  configLike: 'yaml' | 'kv' | null;
  /** A rule that only continues a block of its kind. */
  continues: boolean;
  fenced: boolean;
}

/**
 * Rules look at a line's first characters only: a line of 100 KB (a minified JSON) costs no
 * more than this, so segmenting is linear in the text whatever its lines.
 */
export const LINE_HEAD = 600;

/** docker compose's service prefix before each line of a container's log ("vllm-1  | INFO …"): the line is what follows. */
const COMPOSE_PREFIX = /^[a-z0-9_.]+-\d+[ \t]+\|[ \t]/i;
/**
 * A shell's prompt before the command typed at it: "root@dell:/workdir/lmdeploy/build# python3 …"
 * (InternLM/lmdeploy#519), "[gohary@MainPC llama.cpp]$ ./llama-cli …" (ggml-org/llama.cpp#9517),
 * "(venv) user@host:~/x$ …". The line is the command after it; the prompt's user, host and
 * directory are no setup (segments/read.ts blanks them).
 */
export const SHELL_PROMPT = /^[ \t]*(?:\([\w.-]+\)[ \t]*)?(?:[\w.-]+@[\w.-]+(?::[^\s#$%]*)?|\[[\w.-]+@[\w.-]+(?:[ \t]+[^\]\n]*)?\])[#$%][ \t]+(?=\S)/;

export interface Work {
  /** Rule tests and characters handed to a parser: the bound the property tests hold. */
  steps: number;
}

/** The user's own text of a span of the text segmented (before lower-casing), where it is known. */
export type AsWritten = (start: number, end: number) => string;

/** The text cut into lines, each named by the first line rule it matches (rules.ts). */
export function classifyLines(text: string, work: Work, asWritten?: AsWritten): Line[] {
  const lines: Line[] = [];
  let fence: string | null = null;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline + 1;
    const body = text.slice(start, newline < 0 ? text.length : newline);
    const line: Line = { start, end, text: body, kind: 'prose', rule: 'prose', configLike: null, continues: false, fenced: fence !== null };
    const mark = /^\s*(`{3,}|~{3,})/.exec(body);
    if (mark && (fence === null || mark[1]!.startsWith(fence))) {
      line.kind = 'fence';
      line.rule = fence === null ? `fence.open${body.trim().slice(mark[1]!.length) ? `:${body.trim().slice(mark[1]!.length).split(/\s/)[0]}` : ''}` : 'fence.close';
      line.fenced = true;
      fence = fence === null ? mark[1]! : null;
      gluedContent(line, body, mark, work, asWritten);
    } else if (!body.trim()) {
      line.kind = 'blank';
      line.rule = 'blank';
    } else {
      nameLine(line, body.slice(0, LINE_HEAD).replace(COMPOSE_PREFIX, '').replace(SHELL_PROMPT, ''), work, asWritten);
    }
    lines.push(line);
    start = end;
  }
  return lines;
}

/**
 * An opening mark with a program's line glued after it, no language tag: "```time=2024-08-12T20:24:12 level=INFO
 * source=memory.go:309 msg=\"offload to cuda\" … memory.available=\"[2.2 GiB]\"" (ollama/ollama#6348, corpus c2356: read
 * as prose, its free memory became a 2.2 GB card). The line is what its content is when a rule names it (a log, a
 * report); the fence opens as before, and segments/read.ts keeps the mark when it blanks the line.
 */
function gluedContent(line: Line, body: string, mark: RegExpExecArray, work: Work, asWritten?: AsWritten): void {
  if (!line.rule.startsWith('fence.open:')) return;
  const content = body.slice(mark[0].length).slice(0, LINE_HEAD);
  if (!/\S\s+\S/.test(content)) return;
  const named: Line = { ...line, kind: 'prose', rule: 'prose' };
  nameLine(named, content, work, asWritten && ((from, to) => asWritten(from + mark[0].length, to + mark[0].length)));
  if (named.kind !== 'log' && named.kind !== 'report') return;
  line.kind = named.kind;
  line.rule = named.rule;
}

function nameLine(line: Line, head: string, work: Work, asWritten?: AsWritten): void {
  for (const rule of LINE_RULES) {
    work.steps++;
    if (rule.pattern.test(head) && (!rule.accepts || rule.accepts(head))) {
      if (rule.asWritten && asWritten && !rule.asWritten.test(asWritten(line.start, line.start + Math.min(line.text.length, LINE_HEAD)).replace(COMPOSE_PREFIX, ''))) continue;
      line.kind = rule.kind;
      line.rule = rule.id;
      line.continues = rule.continues === true;
      // A line that only continues a block may open a config instead ("model:" over its keys).
      if (line.continues) break;
      return;
    }
  }
  work.steps += 2;
  line.configLike = YAML_LINE.test(head) ? 'yaml' : KV_LINE.test(head) ? 'kv' : null;
}
