import { LMDEPLOY_OWN_KEYS } from './config-keys/lmdeploy.js';
import { SGLANG_OWN_KEYS } from './config-keys/engines/sglang.js';
import { MLX_SERVER_WORDS } from './vocabulary.js';
import { ENGINE_PRINTOUTS } from './engine-printouts.js';

/**
 * The serving engines a serve word can name (vocabulary.ts `serve`): each engine's name, the words
 * that name it, and how the estimate counts its memory and why. The reconciler reads the names
 * (reconcile/engine-evidence.ts: which engine the strongest evidence names); the resolver reads how
 * each is counted (scenario/resolve-serving.ts). The first engine whose words a serve item's words
 * match is the one they name.
 */
export type Counted =
  /** vLLM's own budget (gpu_memory_utilization): the estimate's default server. */
  | { by: 'vllm' }
  /** Its own budget, modelled apart (memory/sglang.ts, memory/lmdeploy.ts, memory/mii.ts). */
  | { by: 'own'; server: 'sglang' | 'lmdeploy' | 'mii' }
  /**
   * Its own budget is not modelled apart: the estimate counts it with vLLM's layout, and the reply
   * names the engine the user wrote beside why (a reply that said only "vLLM serving" for
   * "mistralrs-server" named another program).
   */
  | { by: 'vllm-layout'; why: string };

export interface ServeEngine {
  name: string;
  words: RegExp;
  counted: Counted;
}

export const SERVE_ENGINES: readonly ServeEngine[] = [
  // SGLang plans its own budget (--mem-fraction-static), not vLLM's. It is named by its own keys too,
  // which no other engine uses (config-keys/engines/sglang.ts SGLANG_OWN_KEYS; sgl-project/sglang#12496, c177).
  { name: 'SGLang', words: new RegExp(`sglang|${SGLANG_OWN_KEYS.source}`, 'i'), counted: { by: 'own', server: 'sglang' } },
  { name: 'vLLM', words: /vllm/i, counted: { by: 'vllm' } },
  {
    name: 'TensorRT-LLM',
    words: /tensorrt|trt[-_ ]?llm|trt engines?/i,
    counted: { by: 'vllm-layout', why: 'its own KV-cache share (kv_cache_free_gpu_mem_fraction of the memory free after the engine loads) and engine buffers are not modelled apart' },
  },
  // lmdeploy's TurboMind gives the KV blocks a share of the memory free after the weights. It is
  // named by its own keys too, which no other engine uses (config-keys/lmdeploy.ts; InternLM/lmdeploy#722, c663).
  { name: 'LMDeploy', words: new RegExp(`lmdeploy|${LMDEPLOY_OWN_KEYS.source}`, 'i'), counted: { by: 'own', server: 'lmdeploy' } },
  { name: 'Aphrodite', words: /aphrodite/i, counted: { by: 'vllm-layout', why: 'a fork of vLLM that keeps its gpu_memory_utilization budget; its own additions are not modelled apart' } },
  {
    name: 'mistral.rs',
    words: /mistral\.?rs/i,
    counted: {
      by: 'vllm-layout',
      why: "its PagedAttention KV cache takes 0.9 of the card less what is used after loading, vLLM's gpu_memory_utilization arithmetic (engines/mistralrs.ts); its own activations and graphs are not modelled apart",
    },
  },
  // LightLLM (`python -m lightllm.server.api_server`: ModelTC/LightLLM#1006, c946; #187, c947) pre-allocates one KV pool
  // for --max_total_token_num tokens, or for what --mem_fraction of the card leaves after the weights.
  {
    name: 'LightLLM',
    words: /lightllm/i,
    counted: { by: 'vllm-layout', why: 'its token KV pool (--max_total_token_num, or what --mem_fraction leaves after the weights) is counted as vLLM\'s preallocated pool' },
  },
  // Apple MLX's servers (mlx_lm.server, ml-explore/mlx-lm#883, c1634; mlx_vlm.server, Blaizzy/mlx-vlm#1972, c1668;
  // MLX Studio's vmlx, jjang-ai/mlxstudio#65, c1648): one process answering requests, its KV cache growing per
  // request in unified memory rather than preallocated.
  {
    name: 'MLX server',
    words: MLX_SERVER_WORDS,
    counted: { by: 'vllm-layout', why: "its KV cache grows with each request's context in unified memory instead of a preallocated pool, so the pool's size is counted as vLLM's, as an upper bound" },
  },
  // DeepSpeed-MII (FastGen): its KV blocks take what is free after the weights, less a reserve.
  { name: 'DeepSpeed-MII', words: /(?<![a-z])mii(?![a-z])|fastgen/i, counted: { by: 'own', server: 'mii' } },
];

/**
 * The engine a serve item's words name, or undefined for a plain serve word ("serve", "deploy"). Words that are an
 * engine's own printout ("[TM][ERROR]", "ServerArgs(", engine-printouts.ts) name the engine the printout is of.
 */
export function serveEngineNamed(words: string): ServeEngine | undefined {
  const printout = ENGINE_PRINTOUTS.find((p) => p.pattern.test(words.toLowerCase()));
  const named = printout ? SERVE_ENGINES.find((e) => e.words.test(printout.engine)) : undefined;
  return named ?? SERVE_ENGINES.find((e) => e.words.test(words));
}
