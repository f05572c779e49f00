import { allMatches } from '../language/all-matches.js';
import type { FactTrace } from './facts.js';

/**
 * A length a program printed is thin evidence for the run's length (issue 22, item 5): the fact is
 * weak — said on the first screen with its words and how to correct it — never dropped, so a right
 * reading stays right.
 */
export function withOutputDoubts(facts: FactTrace[], text: string): FactTrace[] {
  const output = text ? outputSpans(text) : [];
  if (!output.length) return facts;
  return facts.map((f) => withPrintedNumber(f, output));
}

/**
 * The facts a program's output prints as figures of its own: lengths (a default context, an
 * estimated maximum). The batch and accumulation a launcher's log prints are the user's own
 * arguments echoed (DeepSpeed's `cmd = … --per_device_train_batch_size 1`), so they stay.
 */
const PRINTED_FACTS = new Set(['seq']);

/**
 * A shell prompt opening a command line: `$ python …`, `(myenv) [root@host dir]# ./main …`,
 * `root@host:/data# vllm serve …`, `>>> model = …`; not a comment (`# Copyright …`, `#!/bin/bash`).
 */
const PROMPT = /^\s*(?:\([\w.-]+\)\s*)?(?:\[[^\]\n]*\]\s*[#$]\s|[\w.-]+@[\w.-]+(?::\S*)?\s*[#$]\s|\$\s|>>>\s)/;
/** A fenced block and its body (the closing fence may be missing at the message's end). */
const FENCE = /```[^\n]*\n([\s\S]*?)(?:```|$)/g;
/** A command-line flag: `--max-model-len 4096`, `--tensor-parallel-size=4`. */
const FLAG = /(?:^|\s)--[a-z][\w-]*(?:[ =]\S)/;
/** A line that opens an error report: `ValueError: …`, `Traceback (most recent call last):`, `[rank3]: OutOfMemoryError: …`. */
const ERROR_LINE = /^\s*(?:\[rank\d+\]:\s*)?(?:[\w.]*(?:Error|Exception)\b:?|Traceback \(most recent call last\))/;
/** A record a program logs: `INFO 05-02 …`, `2024-05-02 12:00:01 …`, `llama_model_load_internal: n_ctx = 512`. */
const LOG_RECORD = /^\s*(?:\[?(?:INFO|WARN(?:ING)?|ERROR|DEBUG)\b|\[?\d{4}-\d\d-\d\d[ T]\d|[a-z][\w.]*:\s+[a-z_]\w*\s*=\s)/;

/**
 * The parts of fenced blocks that a program printed: the lines after a shell prompt's command, an
 * error report from its first line on, and log records. A command line itself, and a config pasted
 * alone, are the user's settings, not output.
 */
export function outputSpans(text: string): { at: number; end: number }[] {
  const spans: { at: number; end: number }[] = printedAnswers(text);
  for (const fence of allMatches(FENCE, text)) {
    let at = fence.index + fence[0].length - fence[1]!.length - (fence[0].endsWith('```') ? 3 : 0);
    let printed = false;
    let continued = false;
    let lastCommand = false;
    for (const line of fence[1]!.split('\n')) {
      const end = at + line.length;
      // A command goes on over lines that end in a backslash, or that a terminal wrapped and that carry
      // its flags ("--max-model-len 4096"): its arguments are the user's.
      const command: boolean = PROMPT.test(line) || continued || (printed && lastCommand && FLAG.test(line));
      continued = command && /\\\s*$/.test(line);
      lastCommand = command;
      if (command) printed = true;
      else if (line.trim() && (printed || ERROR_LINE.test(line) || LOG_RECORD.test(line))) {
        if (ERROR_LINE.test(line)) printed = true;
        spans.push({ at, end });
      }
      at = end + 1;
    }
  }
  return spans;
}

/**
 * A server's printed answer pasted anywhere, fenced or not: Ollama's `/api/ps` JSON, one object a loaded model
 * with its `"size_vram"` and the `"context_length"` Ollama allocated ("Ollama 0.17.4 Eats GPU Memory … {"models":
 * [{"name":"qwen3-vl:30b", … "context_length":262144}]}", ollama/ollama#14532, corpus c2241, read as the user's
 * key). The context is the run's, chosen by the engine (by release and VRAM, scenario/llamacpp-context.ts), not
 * a setting the user wrote: weak, said. `ollama ps`'s table is read the same way by prose.ollama-ps-context.
 */
const SERVER_ANSWER = /^.*"size_vram"\s*:.*$/gm;

function printedAnswers(text: string): { at: number; end: number }[] {
  if (!text.includes('"size_vram"')) return [];
  return allMatches(SERVER_ANSWER, text).map((m) => ({ at: m.index, end: m.index + m[0].length }));
}

/**
 * A length or a count read from what a program printed inside a pasted block ("n_ctx = 512" in
 * llama.cpp's load log, ggml-org/llama.cpp#2641, c342; "the estimated maximum model length is
 * 810208" in vLLM's error, kaito-project/kaito#2132, c1152): the program's own figure for the run
 * it made — a default, an estimate, a limit — not necessarily what the user sets.
 */
function withPrintedNumber(f: FactTrace, output: readonly { at: number; end: number }[]): FactTrace {
  if (f.weak || !PRINTED_FACTS.has(f.fact) || f.at === null || f.end === null) return f;
  if (!output.some((o) => o.at <= f.at! && f.end! <= o.end)) return f;
  return { ...f, weak: true, weakWords: f.words.trim() };
}
