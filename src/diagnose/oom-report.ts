import { withoutInvisibles } from '../language/normalise.js';

/**
 * A message that reports running out of memory in the user's own words ("it OOMs around step 300",
 * "I get OOM", "爆显存了", "메모리 부족") without pasting the error. The estimate answers whether the
 * setup should fit; when the user says it did not, the reply also carries the out-of-memory
 * triage (knowledge/tips.ts, read the timing), whatever the verdict: an OOM that the estimate says
 * should not happen is exactly when the timing table helps (a longer batch, evaluation, a leak).
 *
 * Real lines: "Training starts fine but ... OOM" (unslothai/unsloth#1077 shape), "got cuda OOM on 8
 * A100s" (CarperAI/trlx#431), "8卡 A100 40G，7B的FT，仍然CUDA oom" (corpus c-line, training.ts rule).
 * A pasted error is read by src/diagnose/detect instead; a question about OOM in general ("will
 * it OOM?") is a question, not a report, and is left to the estimate.
 */
const REPORTED = [
  // English: the verb forms people write, past or present, never the question "will it oom?"
  /\b(?:i|we|it|this|that|training|run|job|model|server|still|keeps?|always)\b[^.?!\n]{0,40}\b(?:oom(?:s|ed|ing)?|out of memory|ran out of (?:gpu |vram |cuda )?memory)\b/i,
  /\b(?:get(?:ting)?|got|hit(?:ting)?|see(?:ing)?|throws?|gives?|raises?)\b[^.?!\n]{0,20}\b(?:cuda )?(?:oom|out of memory)\b/i,
  // Chinese, Korean, Japanese: the report words themselves carry no question
  /爆显存|显存(?:不足|不够|溢出|爆了)|(?:cuda\s*)?oom了|out of memory了|(?:仍然|还是|依然|一直|又|就|总是)\s*(?:cuda\s*)?(?:oom|out of memory)/i,
  // "CUDA OOM" / "CUDA out of memory" named in prose is the error's own name: a report
  /\bcuda\s*(?:oom|out of memory)\b/i,
  /메모리\s*부족|메모리가\s*부족|oom이|oom\s*에러/i,
  /メモリ不足|メモリが足りない|oomになる|oomになり/i,
];

/** A question about whether it would run out ("will it OOM?", "会不会爆显存"): not a report. */
const ASKED = /\b(?:will|would|could|might|can|does|do)\s+(?:it|this|that|i|we)\s+(?:\w+\s+){0,2}(?:oom|run out)\b|会不会爆显存|会爆显存吗/i;

export function reportsOutOfMemory(message: string): boolean {
  // Read as the reader reads: a zero-width or bidi character inside "CUDA" changes nothing (issue 26).
  const text = withoutInvisibles(message);
  if (ASKED.test(text) && !/\b(?:still|again|already|keeps?)\b/i.test(text)) return false;
  return REPORTED.some((pattern) => pattern.test(text));
}
