import type { MappedText, Ruled } from './mapped-text.js';

/**
 * A pull request's review comment quotes the hunk it is about in a ```diff fence: every line of
 * the file after a mark, "+" for a line the change adds, "-" for one it removes, a space for one
 * it keeps, and "@@ -10,6 +10,9 @@" over each hunk. The lines added and kept are the file as the
 * change leaves it: read as written without their mark, a Kubernetes manifest's YAML parses as a
 * config ("+          requests:" / "+            memory: 1311Gi" / "+            nvidia.com/gpu : 8",
 * GoogleCloudPlatform/kubernetes-engine-samples#1681, corpus c2733, where the marks kept the block
 * prose and the pod's 1311 GiB of host memory was read as one card) and a README's table keeps its
 * columns ("+| tiny-llama/lora.yaml | 1.1B | … | 10.54 GB | 512 | 8 |", Lightning-AI/litgpt#1113,
 * c2747: its Peak memory column was read as a 10.54 GB card). A removed line is the file before the
 * change, no setup of it, and a hunk's header only numbers lines: both are blanked, set aside.
 * Every mark is replaced by a space (one character for one), so each word keeps its place.
 */
export const DIFF_MARKS_RULE = {
  id: 'normalise.diff-marks',
  example: '```diff\n+        resources:\n+          requests:\n+            memory: 1311Gi\n```',
  source: 'GoogleCloudPlatform/kubernetes-engine-samples#1681',
} as const;

/** An opening fence tagged diff (or patch), alone on its line. */
const DIFF_FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*(?:diff|patch)[ \t]*$/gm;

export function dropDiffMarks(text: MappedText): MappedText {
  if (!/(?:```|~~~)[ \t]*(?:diff|patch)/.test(text.text)) return text;
  const spans: ({ at: number; to: number } & Ruled)[] = [];
  const source = text.text;
  DIFF_FENCE.lastIndex = 0;
  for (let open = DIFF_FENCE.exec(source); open; open = DIFF_FENCE.exec(source)) {
    const mark = open[1]!;
    let start = source.indexOf('\n', open.index + open[0].length);
    if (start < 0) break;
    start++;
    let closed = false;
    while (start < source.length && !closed) {
      const newline = source.indexOf('\n', start);
      const end = newline < 0 ? source.length : newline;
      const line = source.slice(start, end);
      if (line.trimStart().startsWith(mark)) closed = true;
      else if (/^(?:@@|\+\+\+ |--- |-)/.test(line)) spans.push({ at: start, to: end, result: ' '.repeat(end - start), rule: DIFF_MARKS_RULE.id });
      // An added comment keeps its mark: the author's own words, read as prose as before (a script's comment is dropped).
      else if (line.startsWith('+') && !/^\+[ \t]*(?:#|\/\/)/.test(line)) spans.push({ at: start, to: start + 1, result: ' ', rule: DIFF_MARKS_RULE.id });
      start = end + 1;
    }
    DIFF_FENCE.lastIndex = Math.min(start, source.length);
  }
  return spans.length ? text.replaceSpansEach(spans) : text;
}
