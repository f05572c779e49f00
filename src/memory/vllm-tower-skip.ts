import type { Scenario } from '../scenario/schema.js';
import { vllmAtLeast } from './vllm-release.js';

/**
 * vLLM builds no vision tower when every modality it serves is limited to 0 items a prompt
 * (vllm/model_executor/models/interfaces.py SupportsMultiModal._mark_tower_model: "Tower model
 * components are automatically skipped when `--limit-mm-per-prompt` is set to zero for all of their
 * modalities"; Qwen3-VL / Qwen3.5 wrap their `visual` in it for {"image", "video"}), and
 * `--language-model-only` sets every limit to 0 (qwen3_vl.py: `multimodal_config.language_model_only`
 * leaves `self.visual` a StageMissingLayer): a text-only server of a vision-language checkpoint holds
 * no tower weights (issue 23: TUM-DSE/doctor-cluster-config#1806 "skip the vision tower as we only
 * serve text" for Qwen3.8-27B on an A40). A tower without video inputs needs only its image limit at 0.
 * The helper is dated by a plugin that calls it "SupportsMultiModal mark helpers (vLLM 0.25+)"; a
 * release named before 0.25 keeps the tower, as does any other engine (llama.cpp has its own rule:
 * the tower is a separate --mmproj file, memory/vision.ts).
 */
export function vllmSkipsTower(s: Scenario): boolean {
  if (s.mode !== 'inference' || s.inference.engine !== 'vllm' || !vllmAtLeast(s, 25)) return false;
  const limits = s.inference.mmLimits;
  if (limits?.image !== 0) return false;
  return limits.video === 0 || s.model.arch.vision?.video === undefined;
}
