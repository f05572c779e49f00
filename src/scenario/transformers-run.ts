import { ENGINE_NAMED } from '../language/vocabulary.js';
import type { Resolution } from './resolution.js';

/**
 * "部署 … 用transformers … 推理", "deploy it with transformers": a deploy word that names no engine,
 * with the library that runs the model itself named, is Hugging Face generate (layers placed by
 * device_map), not a vLLM server (b13, InternLM/InternLM#433, c543). "A Hugging Face model" names
 * where the weights come from, not what runs them, so only the library's own words count.
 */
export function deploysOnTransformers(r: Resolution): boolean {
  const engine = r.patch.get<string>('engine');
  const framework = r.patch.get<string>('framework');
  return (
    engine !== undefined &&
    !ENGINE_NAMED.test(engine.item.text) &&
    r.s.framework === 'hf' &&
    framework !== undefined &&
    /transformers|pipeline|generate|automodel/i.test(framework.item.text)
  );
}
