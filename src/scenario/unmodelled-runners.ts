import { MLX_SERVER_WORDS } from '../language/vocabulary.js';
import type { Resolution } from './resolution.js';

/**
 * Programs that run a model which the estimate does not model (s47, rname): Apple's MLX run alone (`mlx_lm.generate`,
 * "MLX infers faster than llama.cpp"), Modular's MAX, hipEngine. Each had been read as whatever the other words said —
 * Hugging Face generate, or vLLM where a serve word stood — with no word that the program named was another: a silent
 * swap of engines. The reply now names the program as not modelled and says which engine the estimate stands in with,
 * the nearest it has (docs/reading.md "The model and the engine by their strongest evidence"). The engines it does model
 * and those it counts with vLLM's layout (TensorRT-LLM, mistral.rs, MLX's servers) are language/serve-engines.ts's.
 */
export interface UnmodelledRunner {
  id: string;
  name: string;
  /** The words that name it, on the normalised message. */
  words: RegExp;
  example: string;
  source?: string;
}

export const UNMODELLED_RUNNERS: readonly UnmodelledRunner[] = [
  {
    id: 'runner.mlx',
    name: 'MLX',
    // Its servers are serve-engines.ts's "MLX server"; MLX alone runs the model in unified memory.
    words: /(?<![a-z0-9_])mlx(?:[-_ ]?v?lm)?(?![a-z0-9_])/i,
    example: 'MLX infers faster than llama.cpp but uses more memory: llama-3-8b 4bit on an M2 Max 32GB',
    source: 'invented (s47, rname), after a fresh batch line the lead saw',
  },
  {
    id: 'runner.modular-max',
    name: 'MAX (Modular)',
    words: /\bmodular(?:['’]s)?\s+max\b|\bmax\s*\(\s*modular\s*\)|\bmax\s+serve\b/i,
    example: 'serving llama-3.1-8b on an MI300X with MAX (Modular) instead of vLLM',
  },
  {
    id: 'runner.hipengine',
    name: 'hipEngine',
    words: /\bhip[-_ ]?engine\b/i,
    example: 'hipEngine로 llama-3-8b를 MI210에서 서빙',
  },
];

/** What the estimate stands in with for a program it does not model. */
function standIn(r: Resolution): string {
  const s = r.s;
  if (s.inference.engine === 'vllm') return "vLLM's preallocated KV pool";
  if (s.framework === 'llamacpp') return 'llama.cpp';
  if (s.framework === 'exllamav2') return 'ExLlamaV2';
  if (s.framework === 'tgi') return 'TGI';
  return 'Hugging Face generate (the weights, then a KV cache that grows with the context)';
}

/** Says, for a run of the model, each program the words name that the estimate does not model, and what stands in for it. */
export function sayUnmodelledRunners(r: Resolution): void {
  if (r.s.mode !== 'inference' || !r.text) return;
  for (const runner of UNMODELLED_RUNNERS) {
    const said = runner.words.exec(r.text);
    if (!said) continue;
    if (runner.id === 'runner.mlx' && MLX_SERVER_WORDS.test(r.text)) continue;
    r.assume(`${runner.name} ("${said[0]}") is a program headroom does not model: estimated as ${standIn(r)}, the nearest it has; its own memory use may differ`);
  }
}
