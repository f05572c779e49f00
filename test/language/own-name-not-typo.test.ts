import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * A name of letters with letters written before it is a name of its own, not a typo of the name it
 * holds: "ktransformers" (kvcache-ai/ktransformers, corpus c692) is not Hugging Face's transformers.
 * A short request with it is read, the word listed as not read, never refused with "did you mean".
 */
const resolved = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok) return { refused: r.error.message, unread: [] as string[] };
  return { refused: null, unread: r.unread };
};

describe('an unknown name that holds a known one is unknown', () => {
  it.each(['run deepseek-r1 with ktransformers on a 4090', 'serve qwen2.5-7b with ktransformers on a 4090', 'ktransformers deepseek-r1 q4_k_m on 1x 4090'])(
    '%s: read, "ktransformers" listed as not read',
    (text) => {
      const r = resolved(text);
      expect(r.refused).toBeNull();
      expect(r.unread).toContain('ktransformers');
    },
  );

  it('any letters before a known name of letters make a name of its own', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,3}$/), fc.constantFrom('transformers', 'deepspeed', 'megatron'), (prefix, known) => {
        const word = `${prefix}${known}`;
        const r = resolved(`run llama-2-7b with ${word} on a 4090`);
        expect(r.refused ?? '', word).not.toMatch(new RegExp(`did you mean "${known}"`, 'i'));
      }),
      { numRuns: 40 },
    );
  });

  it('a typo of the name is still asked about', () => {
    expect(resolved('run deepseek-r1 with transformrs on a 4090').refused).toMatch(/Did you mean "transformers"/);
  });
});
