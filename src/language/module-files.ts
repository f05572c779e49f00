import { familyOf } from './families.js';
import { modelIdOf } from './lexicon.js';

/**
 * A Python module named after the model it implements or loads (s34, rmodel12): transformers' remote code
 * `modeling_chatglm.py` in a traceback (josStorer/selfhostedAI#5, c2599: "My card is NVIDIA GeForce RTX2060"
 * with no other name had refused "Which model?"), wenda's plugin `plugins\llm_glm6b.py` (wenda-LLM/wenda#214,
 * c2586), `modeling_qwen2_vl.py`, `configuration_baichuan.py`, `tokenization_internlm.py`. The name after the
 * prefix is the model's family (with its size where the file has one): model evidence, weaker than a model named
 * in the words, read weak and said by the callers (segments/log-path-model.ts, prose/rules/path-models.ts).
 */
const MODULE_FILE = /^(modeling_|modelling_|configuration_|tokenization_|llm_)([a-z][a-z0-9]*(?:[_.-][a-z0-9]+)*?)\.py$/i;

/** The model's name in a module file's name and where it starts in it, or null. */
export function moduleModelName(file: string): { name: string; at: number } | null {
  const m = MODULE_FILE.exec(file);
  if (!m || familyOf(m[2]!.toLowerCase()) === null) return null;
  return { name: m[2]!, at: m[1]!.length };
}

/**
 * A config's name that starts with a catalog model named with its version, then the config's own words: KTransformers'
 * "optimize_rules/DeepSeek-V3-Chat-multi-gpu-marlin.yaml" (kvcache-ai/ktransformers#764, c2541), "DeepSeek-V2-Lite-Chat-sft.yaml":
 * that model's words, or null.
 */
export function catalogHead(stem: string): string | null {
  const words = stem.split(/[-_]/);
  for (let n = Math.min(words.length, 4); n >= 1; n--) {
    const head = words.slice(0, n).join('-');
    if (/\d/.test(head) && modelIdOf(head) !== undefined) return stem.slice(0, head.length);
  }
  return null;
}
