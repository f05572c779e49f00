import { VLLM_RELEASE } from '../vllm-versions.js';
import { ENGINE_NAMED } from '../vocabulary.js';
import { VLLM_RELEASE_SAID } from './log-evidence.js';
import { LINE_RULES } from './rules.js';
import type { Segment } from './types.js';

/** Where a launcher's dump of its arguments begins on its line (segments/rules.ts config.launcher-args). */
const DUMP = LINE_RULES.find((r) => r.id === 'config.launcher-args')!.pattern;

/**
 * vLLM's own release, printed before its engine config: "Initializing an LLM engine (v0.6.3) with config:"
 * (vllm/engine/llm_engine.py, releases 0.2–0.6). Only releases the item language names (0.2–0.29).
 */
export const ENGINE_RELEASE = new RegExp(String.raw`\binitializing an llm engine \(v?(${VLLM_RELEASE}(?:\.\d+)?)(?:[.+-]?(?:post\d*|rc\d*|dev\d*))?\)`);
/**
 * A logger's stamp opening the line: a date and time ("2024-04-30t10:25:51.994120z", "[2025-11-01 16:50:30]",
 * Ollama's "time=…"), or a level before one (vLLM's "info 11-02 10:15:22"), after a process tag ("(vllmworker pid=1)").
 * Words before the dump that do not open so are the user's (prose on the same line) and stay.
 */
const STAMP = /^\s*(?:\([\w-]+(?:\s+[\w-]+=[\w.-]+)*\)\s*)?(?:\[?\d{4}-\d\d-\d\d[t ][\d:.,]+z?\]?|time=\S+|(?:info|warning|warn|error|debug)\s+\d\d-\d\d \d\d:\d\d:\d\d)/;
/** TGI's launcher naming its own dump: the engine that ran (huggingface/text-generation-inference launcher/src/main.rs prints `Args { … }`). */
const TGI_DUMP = /^text_generation_launcher: args(?= \{)/;

export interface PrefixRewrite {
  at: number;
  to: number;
  result: string;
}

/**
 * The logger's stamp before a launcher's dump of its arguments, on each line of a config.launcher-args segment
 * the parser did not turn into pairs: "INFO 11-02 10:15:22 llm_engine.py:237] Initializing an LLM engine (v0.6.3)
 * with config: model=…" (vLLM 0.2–0.6), "2024-04-30T10:25:51.994120Z  INFO text_generation_launcher: Args {" (TGI,
 * huggingface/text-generation-inference#1831, c042), "time=2025-02-20T10:11:12.345Z level=INFO source=routes.go:1187
 * msg=\"server config\"" (Ollama). Its dates, times and source lines are a log's, no setup, and had been listed as
 * words not read; they are blanked, same length. vLLM's release in it is written as "vllm 0.6.3" (the engine's
 * own word for what it runs), where the user's words outside this segment name no release.
 */
export function launcherPrefixes(text: string, s: Segment, outside: string): PrefixRewrite[] {
  const rewrites: PrefixRewrite[] = [];
  for (let at = s.start; at < s.end; ) {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 || newline > s.end ? s.end : newline;
    const line = text.slice(at, end);
    const dump = DUMP.exec(line);
    if (dump && dump.index > 0 && STAMP.test(line)) {
      const prefix = line.slice(0, dump.index);
      const release = ENGINE_RELEASE.exec(prefix);
      const says = release && !VLLM_RELEASE_SAID.test(outside) ? ` vllm ${release[1]} ` : '';
      // TGI's launcher names the engine with its dump: "tgi" over its logger's name, where the user's words name no
      // engine (c042, c150 had read as a generic server, vLLM's budget, with TGI's own keys read around it).
      const tgi = TGI_DUMP.exec(line.slice(dump.index));
      const named = tgi && !ENGINE_NAMED.test(outside.replace(/text_generation_launcher/g, '')) ? tgi[0].length : 0;
      const to = dump.index + named;
      const written = named ? `${says} tgi ` : says;
      rewrites.push({ at, to: at + to, result: written + ' '.repeat(Math.max(0, to - written.length)) });
    }
    at = end + 1;
  }
  return rewrites;
}
