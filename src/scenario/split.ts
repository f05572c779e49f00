import type { Scenario } from './schema.js';

/**
 * A GPU count said with its cue in this message (`CUDA_VISIBLE_DEVICES=4,5,6,7`, "on 4 A100")
 * beside a tp said here outranks a pp the message never said: the thread's layer split over its
 * cards ("qwen2.5-vl-72b oom in 4 A100", read as HF generate: pp 4) is not multiplied with the new
 * tp into a card count nobody wrote (vllm-project/vllm#16570: tp 4 × pp 4 became 16 GPUs). The pp
 * shrinks to what the stated cards hold at the stated tp, and the note says so. Null when nothing
 * is carried over, or when the split fits the cards.
 */
export function carriedPipelineFitted(
  parallel: Pick<Scenario['parallel'], 'tp' | 'pp' | 'cp'>,
  statedCount: number | undefined,
  said: { count: boolean; tp: boolean; pp: boolean },
): { pp: number; note: string } | null {
  const { tp, pp, cp } = parallel;
  if (statedCount === undefined || !said.count || !said.tp || said.pp || pp <= 1) return null;
  if (tp * pp * cp <= statedCount) return null;
  const fitted = Math.max(1, Math.floor(statedCount / (tp * cp)));
  return { pp: fitted, note: `pp ${fitted}: the earlier pp ${pp} with this message's tp ${tp} would need ${tp * pp * cp} GPUs, and it says ${statedCount}` };
}
