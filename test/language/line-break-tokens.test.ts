import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/language/lexer.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * A line break ends a number's token: a number at the end of one line never takes the next line's
 * first word as its unit or its noun. Before, "ga 16" then a line "Context is 8k." lexed "16\nContext"
 * as a length ("16 context"), and the 8k that was the length went to the accumulation (8192) — a
 * one-line JSON config pasted above a sentence read the same way, in silence.
 */
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return r.scenario;
};

describe('a line break between a number and the next line', () => {
  it('a JSON config on one line, then prose with the length: the accumulation is the config\'s, the length the prose\'s', () => {
    const s = read('{"train_micro_batch_size_per_gpu": 1, "gradient_accumulation_steps": 16}\nContext is 8k. llama-3-8b full on 8x h100');
    expect([s.microBatch, s.gradAccum, s.seq]).toEqual([1, 16, 8192]);
  });

  it('never glues a number to the first word of the next line (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4096 }), fc.constantFrom('context', 'ctx', 'gb', 'g', 'nodes', 'node', 'billion', 'x h100', '* a100'), fc.constantFrom('\n', '\r\n', '\n\n'), (n, word, brk) => {
        const text = `batch ${n}${brk}${word} here`;
        const tokens = tokenize(text);
        const numberToken = tokens.find((t) => t.offset === text.indexOf(String(n), 6));
        expect(numberToken?.text).toBe(String(n));
      }),
      { numRuns: 120 },
    );
  });

  it('keeps the same words on one line read together', () => {
    expect(tokenize('16 context').map((t) => t.type)).toEqual(['seqPost']);
    expect(tokenize('24 gb').map((t) => t.type)).toEqual(['capacity']);
    expect(tokenize('2 nodes').map((t) => t.type)).toEqual(['nodes']);
  });
});
