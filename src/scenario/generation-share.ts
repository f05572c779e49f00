import { DEFAULTS } from './defaults.js';
import type { Resolution } from './resolution.js';
import { grouped } from '../memory/format.js';

/**
 * A generation length not below the context, each from the user's words of a different meaning
 * ("a large sequence length … `max_tokens` 10000", a server's max_model_len beside a sampler's
 * max_tokens): the context is the whole window and the generation its share, said. Only a
 * request typed in the item language ("seq 4096 gen 8000") is refused (checks.ts), since there the
 * user wrote both as what they are.
 *
 * The share leaves the prompt the default prompt length, or half the window when that is
 * shorter: a longer prompt is the larger prefill, so the estimate does not fall below either reading.
 */
export function generationWithinContext(r: Resolution, gen: number | undefined): void {
  const s = r.s;
  if (gen === undefined || !r.patch.tolerant || !r.patch.has('seq') || gen < s.seq || s.seq < 2) return;
  const from = (slot: string) => {
    const words = r.patch.get(slot)?.item.text.trim();
    return words ? ` (from "${words}")` : '';
  };
  // A generation cap given at launch and set to the context itself is the ceiling of every reply, not a
  // length generated: a server's `--max_new_tokens 32768` beside `--vllm_maxlen 32768` (LLaMA-Factory's
  // api_demo, whose max_new_tokens is each request's default cap, hiyouga/LlamaFactory#2900; c1221,
  // hiyouga/LlamaFactory#4056). The window is counted as the context; no share of it is taken as generated
  // (prefill only), said. A request's own `max_tokens` as long as the window stays the share below. A short
  // flag too: llama.cpp's server `-n 1500 -c 1500` (n_predict, each request's default cap; ollama/ollama#5949, c1817).
  if (gen === s.seq && /^\s*--?[a-z]/.test(r.patch.get('gen')?.item.text ?? '')) {
    s.inference.newTokens = 0;
    r.assume(
      `${grouped(gen)} generated tokens${from('gen')} equal the ${grouped(s.seq)}-token context${from('seq')}: a cap on each reply, not a length generated; the window is counted as the context, prefill only; say "gen N" for a reply length`,
    );
    return;
  }
  const prompt = Math.min(DEFAULTS.seq, Math.floor(s.seq / 2));
  const share = s.seq - prompt;
  s.inference.newTokens = share;
  r.assume(
    `${grouped(gen)} generated tokens${from('gen')} are not fewer than the ${grouped(s.seq)}-token context${from('seq')}: read as ${grouped(s.seq)} tokens in all, the last ${grouped(share)} of them generated after a ${grouped(prompt)}-token prompt; say "seq N" for a longer window`,
  );
}
