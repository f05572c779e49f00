import { ENGINE_NAMED } from '../language/vocabulary.js';
import type { Resolution } from './resolution.js';

/**
 * "部署 … 用transformers … 推理", "deploy it with transformers": a deploy word that names no engine,
 * with the library that runs the model itself named, is Hugging Face generate (layers placed by
 * device_map), not a vLLM server (b13, InternLM/InternLM#433, c543). "A Hugging Face model" names
 * where the weights come from, not what runs them, so only the library's own words count; a model repository's demo
 * script (`web_demo.py`, `moss_cli_demo.py`) is read as the library by its file name (prose/paths.ts DEMO_SCRIPT), and
 * transformers' own placement key, `device_map`, names it too: "能否将模型部署在两张卡上？… 通过`device_map`仍然撑爆"
 * (deploy on two cards … still blown through with device_map, zai-org/ChatGLM-6B#120, c2762: read as vLLM), but not
 * as a server's own flag.
 */
export function deploysOnTransformers(r: Resolution): boolean {
  return transformersWords(r) !== undefined;
}

/** The user's words that name transformers as what runs a plain deploy word's model, or undefined. */
export function transformersWords(r: Resolution): string | undefined {
  const engine = r.patch.get<string>('engine');
  const framework = r.patch.get<string>('framework');
  const layerSplit = r.patch.get<string>('layerSplit');
  if (engine === undefined || ENGINE_NAMED.test(engine.item.text) || r.s.framework !== 'hf') return undefined;
  if (framework !== undefined && /transformers|pipeline|generate|automodel|demo[\w-]*\.py/i.test(framework.item.text)) return framework.item.text.trim();
  // A launcher's flag (`swift deploy … --device_map auto`, modelscope/ms-swift, c1337) is that server's setting: only the
  // key said in prose or code names the library.
  if (layerSplit !== undefined && /device[_ ]?map/i.test(layerSplit.item.text) && !/^\s*--/.test(layerSplit.item.text)) return layerSplit.item.text.trim();
  return undefined;
}
