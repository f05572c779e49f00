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
  const prompt = Math.min(DEFAULTS.seq, Math.floor(s.seq / 2));
  const share = s.seq - prompt;
  s.inference.newTokens = share;
  const from = (slot: string) => {
    const words = r.patch.get(slot)?.item.text.trim();
    return words ? ` (from "${words}")` : '';
  };
  r.assume(
    `${grouped(gen)} generated tokens${from('gen')} are not fewer than the ${grouped(s.seq)}-token context${from('seq')}: read as ${grouped(s.seq)} tokens in all, the last ${grouped(share)} of them generated after a ${grouped(prompt)}-token prompt; say "seq N" for a longer window`,
  );
}
