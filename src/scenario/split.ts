import type { Scenario } from './schema.js';

/**
 * A GPU count said with its cue in this message (`CUDA_VISIBLE_DEVICES=4,5,6,7`, "on 4 A100")
 * beside a tp said here outranks a pp the message never said: the thread's layer split over its
 * cards ("qwen2.5-vl-72b oom in 4 A100", read as HF generate: pp 4) is not multiplied with the new
 * tp into a card count nobody wrote (vllm-project/vllm#16570: tp 4 × pp 4 became 16 GPUs). The pp
 * shrinks to what the stated cards hold at the stated tp, and the note says so. Null when nothing
 * is carried over, or when the split fits the cards.
 *
 * With no count in this message the count is the thread's: "[Bug] Llama4 Scout will hit OOM during
 * launch_server on 8 H200" (read as HF generate: pp 8), then SGLang's `--tp 8` (sgl-project/sglang#5755,
 * c728) became tp 8 × pp 8 = 64 GPUs, and a plain "tp 8" after "llama-2-70b inference on 8x a100" was
 * refused ("8 GPUs cannot be split into … 64 GPUs"). A new tp on the same cards replaces the layer
 * split; a user who wants both says the count ("on 64 GPUs") or the pp again. Only the layer split
 * of inference over every card of the thread (`threadLayerSplit`: tp 1, pp = its cards, what HF
 * generate's device_map="auto" reads as) yields so: a pp the thread set apart from its cards ("7b pp
 * 2" on 8 GPUs) stays, and the new tp then needs the cards it names (the "how many" solver's split
 * arithmetic, plan/how-many.ts, counts it so).
 */
export function carriedPipelineFitted(
  parallel: Pick<Scenario['parallel'], 'tp' | 'pp' | 'cp'>,
  statedCount: number | undefined,
  said: { count: boolean; tp: boolean; pp: boolean },
  threadLayerSplit = false,
): { pp: number; note: string } | null {
  const { tp, pp, cp } = parallel;
  if (statedCount === undefined || !said.tp || said.pp || pp <= 1) return null;
  if (!said.count && !threadLayerSplit) return null;
  if (tp * pp * cp <= statedCount) return null;
  const fitted = Math.max(1, Math.floor(statedCount / (tp * cp)));
  const whose = said.count ? 'it says' : 'the thread has';
  return { pp: fitted, note: `pp ${fitted}: the earlier pp ${pp} with this message's tp ${tp} would need ${tp * pp * cp} GPUs, and ${whose} ${statedCount}` };
}

/** Inference's layer split over every one of `cards` (tp 1, pp = the cards): what HF generate's device_map="auto" reads as. */
export function isLayerSplitOverAllCards(s: Pick<Scenario, 'mode' | 'parallel'>, cards: number | undefined): boolean {
  return s.mode === 'inference' && s.parallel.tp === 1 && s.parallel.pp > 1 && s.parallel.pp === cards;
}
