import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/** A length written with its noun in French, Spanish, Portuguese, Italian or German is the seq, on a keyword cue, and nothing is left unread. */
const read = (text: string) => {
  const r = respond(text, null).reply as EstimateReply;
  const seq = r.trace?.find((f) => f.fact === 'seq');
  return { seq: seq?.value, cue: seq?.cue, unread: (r.notUsed ?? []).filter((u) => u.kind === 'word').map((u) => u.words) };
};

describe('length nouns of other Latin-script languages', () => {
  it.each([
    ['Quiero servir Llama-3.1-8B con vLLM en dos RTX 3090 con 32k de contexto', '32768'],
    ['llama-3.1-8b avec vllm sur une rtx 3090, avec un contexte de 8k', '8192'],
    ['llama-3.1-8b com vllm numa rtx 3090 com 16k do contexto', '16384'],
    ['llama-3.1-8b con vllm su una rtx 3090 con 16k di contesto', '16384'],
    ['llama-3.1-8b mit vllm auf einer rtx 3090, Kontextlänge 4096', '4096'],
  ])('%s', (text, seq) => {
    const r = read(text);
    expect(String(r.seq).replace(/\D/g, '')).toBe(seq);
    expect(r.cue).toBe('keyword');
    expect(r.unread.filter((w) => /context|contest|kontext/i.test(w))).toEqual([]);
  });
});
