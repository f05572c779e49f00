import { IGNORE, isTrue, numberOf, say, unquote, type Handler } from './values.js';

/**
 * vLLM's multimodal profile switches (vllm/config/multimodal.py MultiModalConfig, EngineArgs
 * `--limit-mm-per-prompt`, `--skip-mm-profiling`), read into the words the encoder profile uses
 * (memory/vllm-encoder-profile.ts).
 *
 * `--limit-mm-per-prompt` takes JSON (`'{"image": 2, "video": 0}'`), the legacy `image=2,video=0`,
 * and per modality either a count or an options object with its `count` (`{"video": {"count": 1,
 * "num_frames": 32}}`, `_validate_limit_per_prompt`). A modality left out keeps 999
 * (`get_limit_per_prompt`). Audio and other modalities are not profiled by the models modelled.
 */
const MODALITY = /["']?\b(image|video)["']?\s*[:=]\s*(\{[^}]*\}|\d+)/gi;

export const limitMmPerPrompt: Handler = (v) => {
  const value = unquote(v);
  const words: string[] = [];
  for (const [, modality, setting] of value.matchAll(MODALITY)) {
    const count = setting!.startsWith('{') ? /["']?count["']?\s*:\s*(\d+)/.exec(setting!)?.[1] : setting;
    if (count !== undefined) words.push(`${modality!.toLowerCase()} limit ${count}`);
  }
  return words.length ? say(words.join(' ')) : IGNORE;
};

/** The dotted form of newer releases' argument parser, `--limit-mm-per-prompt.video 0`: one modality's count. */
export const oneModalityLimit = (modality: 'image' | 'video'): Handler => (v) => {
  const n = numberOf(v);
  return Number.isInteger(n) && n >= 0 ? say(`${modality} limit ${n}`) : IGNORE;
};

/**
 * `--language-model-only` is a switch that sets every modality's limit to 0 (vllm/config/multimodal.py
 * MultiModalConfig.language_model_only; qwen3_vl.py then builds no vision tower): the image and video limits.
 */
export const languageModelOnly: Handler = (v) => (isTrue(v) || unquote(v) === '' ? say('image limit 0 video limit 0') : IGNORE);

/** `--skip-mm-profiling` is a switch (`skip_mm_profiling=True` in Python). */
export const skipMmProfiling: Handler = (v) => (isTrue(v) || unquote(v) === '' ? say('skip mm profiling') : IGNORE);
