import { blank } from './line-rewrite.js';
import type { MappedText } from './mapped-text.js';

/**
 * llama.cpp's llama-bench names each test by its token counts (tools/llama-bench/llama-bench.cpp
 * `test::get_test_name`): `pp512` processes a 512-token prompt, `tg128` generates 128 tokens,
 * `pp4096+tg128` does both, `pg512,128` too, and `@ d8192` runs it after an 8192-token context. Its
 * tables and the throughput figures people quote from them ("pp512 7094 t/s") are measurements of a
 * run, no setting of one: read as the request language, `pp512` had been 512 pipeline stages
 * (geerlingguy/ai-benchmarks#46, c2035: TinyLlama refused, "pp 512 is more pipeline stages than it
 * has layers").
 *
 * A test name is read so only where the message shows llama-bench's own words: a `tg<N>` test, the
 * program named, or a throughput in tokens per second. Pipeline sizes written the same way ("pp2",
 * "tp4 pp8") stay pipeline sizes elsewhere, and below 32 (llama-bench's prompts are 64 tokens and up in
 * its defaults and in every table we have seen; pipelines of 32 stages and more are no single-node
 * or few-node run). Runs on normalised (lower-case) text.
 *
 * Builds before mid-2024 print the test with a space, "pp 512" and "tg 128" (ggml-org/llama.cpp#4925, c2489:
 * "| llama 7B Q4_0 | … | pp 512 | 4035.47 ± 157.68 |" refused as 512 pipeline stages): read the same way.
 */
const TEST_NAME = /(?<![\w.-])(?:pp[ \t]?(\d+)(?:\+tg\d+)?|tg[ \t]?\d+|pg\d+,\d+)(?:[ \t]*@[ \t]*d\d+)?(?![\w.])/g;
const BENCH_WORDS = /(?<![\w.-])tg[ \t]?\d+(?![\w.])|llama[-_]bench|(?<![\w/])t\/s\b|tokens?\s*\/\s*s(?:ec)?\b|tokens? per second/;
const FEWEST_PROMPT = 32;

/** llama-bench's test names blanked (set aside as rule tool.llama-bench-test) where the message is llama-bench's. */
export function llamaBenchTests(text: MappedText): MappedText {
  if (!/(?<![\w.-])(?:pp|tg|pg)[ \t]?\d/.test(text.text) || !BENCH_WORDS.test(text.text)) return text;
  return text.replace(TEST_NAME, (m) => (m[1] !== undefined && Number(m[1]) < FEWEST_PROMPT ? m[0] : blank(m[0])), 'tool.llama-bench-test');
}

/**
 * llama-bench's table prints each run's settings as columns, `| model | size | params | backend | ngl | test | t/s |`
 * with `|  99 |` under `ngl` in every row (ggml-org/llama.cpp#18683, corpus c2476: the column's 99 was a number not
 * read, the layers on the GPU lost). The column is the -ngl the run was given: its first row's value is written
 * "ngl N" (the flag's item), the same value in the other rows set aside with it. Only where the message is
 * llama-bench's (BENCH_WORDS), and only a whole number under a header cell that is exactly `ngl` or `n_gpu_layers`.
 */
const CELL_SPLIT = /\|/g;
export function llamaBenchColumns(text: MappedText): MappedText {
  if (!/\|\s*(?:ngl|n_gpu_layers)\s*\|/.test(text.text) || !BENCH_WORDS.test(text.text)) return text;
  const spans: { at: number; to: number; text: string }[] = [];
  let column = -1;
  let value: string | null = null;
  for (let at = 0; at <= text.text.length; ) {
    const newline = text.text.indexOf('\n', at);
    const end = newline < 0 ? text.text.length : newline;
    const line = text.text.slice(at, end);
    const bars = [...line.matchAll(CELL_SPLIT)].map((m) => m.index);
    const cells = bars.slice(0, -1).map((b, i) => ({ from: b + 1, to: bars[i + 1]! }));
    const trimmed = (i: number) => line.slice(cells[i]!.from, cells[i]!.to).trim();
    if (cells.length < 2) column = -1;
    else if (column < 0) column = cells.findIndex((_, i) => /^(?:ngl|n_gpu_layers)$/.test(trimmed(i)));
    else if (column < cells.length && /^\d+$/.test(trimmed(column)) && (value === null || value === trimmed(column))) {
      const cell = cells[column]!;
      const digits = line.slice(cell.from, cell.to);
      const start = at + cell.from + digits.search(/\d/);
      const to = start + trimmed(column).length;
      spans.push({ at: start, to, text: value === null ? `ngl ${trimmed(column)}` : ' '.repeat(to - start) });
      value = trimmed(column);
    }
    if (newline < 0) break;
    at = newline + 1;
  }
  return spans.length ? text.replaceSpans(spans, 'tool.llama-bench-ngl-column') : text;
}
