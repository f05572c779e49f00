/**
 * An engine built ahead of its runs (TensorRT-LLM's `trtllm-build`, its older examples' `build.py`)
 * allocates for the limits it was built with: `--max_batch_size`, `--max_input_len`, `--max_output_len`,
 * `--max_seq_len`, `--max_num_tokens`, `--max_beam_width` (trtllm-build --help; "the engine is built for
 * max_batch_size sequences of max_input_len + max_output_len", NVIDIA/TensorRT-LLM docs, performance
 * tuning guide). A run of that engine giving the same key again asks less of it within those limits —
 * run.py's `--max_output_len=100` for one test prompt (NVIDIA/TensorRT-LLM#203, c2024), a Triton model
 * config's `max_batch_size: 1` over an engine built for 128 (triton-inference-server/tensorrtllm_backend#195,
 * c730) — so the build's value is the setup's and the run's is set aside, said in a note.
 */

/** The keys an engine build fixes (names as config-keys/table.ts writes them). */
export const ENGINE_LIMIT_KEYS: ReadonlySet<string> = new Set(['max_batch_size', 'max_input_len', 'max_output_len', 'max_seq_len', 'max_num_tokens', 'max_beam_width']);

/** A build command's program: `trtllm-build`, or a `build.py` the TensorRT-LLM examples ran before it. */
const BUILD_COMMAND = /(?<![\w-])(?:trtllm-build|build\.py)(?![\w.-])/g;

/** The spans of the text that are engine build commands: the program's line and its continuation lines. */
export function engineBuildSpans(src: string): { at: number; end: number }[] {
  const spans: { at: number; end: number }[] = [];
  for (const m of src.matchAll(BUILD_COMMAND)) {
    let end = src.indexOf('\n', m.index);
    if (end < 0) end = src.length;
    // A line ending in "\" goes on; so does a line of flags right after one (a pasted command whose
    // backslashes were lost).
    while (end < src.length) {
      const line = src.slice(src.lastIndexOf('\n', end - 1) + 1, end);
      const nextEnd = src.indexOf('\n', end + 1) < 0 ? src.length : src.indexOf('\n', end + 1);
      const next = src.slice(end + 1, nextEnd);
      if (!/\\[ \t]*$/.test(line) && !/^[ \t]*--[a-z]/.test(next)) break;
      end = nextEnd;
    }
    spans.push({ at: m.index, end });
  }
  return spans;
}

const inside = (spans: readonly { at: number; end: number }[], at: number) => spans.some((s) => at >= s.at && at < s.end);

/**
 * The build's value of an engine limit set again outside the build with another value, or null when
 * the setting at `at` is the build's own (or no build sets the key).
 */
export function builtValue(key: string, at: number, value: string, settings: readonly { at: number; value: string }[], spans: readonly { at: number; end: number }[], same: (a: string, b: string) => boolean): string | null {
  if (!ENGINE_LIMIT_KEYS.has(key) || spans.length === 0 || inside(spans, at)) return null;
  const built = settings.filter((s) => inside(spans, s.at)).at(-1);
  return built && !same(built.value, value) ? built.value : null;
}

/** Each engine limit's value as the build sets it, for the keys read together (max_input_len with max_output_len). */
export function builtValues(settings: ReadonlyMap<string, readonly { at: number; value: string }[]>, spans: readonly { at: number; end: number }[]): Map<string, string> {
  const out = new Map<string, string>();
  if (spans.length === 0) return out;
  for (const key of ENGINE_LIMIT_KEYS) {
    const built = (settings.get(key) ?? []).filter((s) => inside(spans, s.at)).at(-1);
    if (built) out.set(key, built.value);
  }
  return out;
}
