import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wrap } from '../../src/render/text.js';

/** wrap as it was before it stopped trimming the line at every word (issue 11, request path). */
function referenceWrap(text: string, width: number, indent: number): string {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    if (paragraph.length <= width) {
      out.push(paragraph);
      continue;
    }
    const lead = /^\s*/.exec(paragraph)![0];
    let line = lead;
    for (const word of paragraph.trim().split(/\s+/)) {
      if (line.trim() && line.length + 1 + word.length > width) {
        out.push(line);
        line = ' '.repeat(indent) + word;
      } else {
        line = line.trim() ? `${line} ${word}` : line + word;
      }
    }
    out.push(line);
  }
  return out.join('\n');
}

describe('terminal word wrap', () => {
  it('wraps every text exactly as the line-trimming wrap did', () => {
    const piece = fc.oneof(fc.constantFrom(' ', '  ', '\n', '\t', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u1680', '\u200a', '\u000b', '\u0085', '\u200b', 'a', 'GiB', '1.25', 'supercalifragilistic-expialidocious-activations'), fc.string({ maxLength: 12 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.integer({ min: 1, max: 90 }), fc.integer({ min: 0, max: 6 }), (pieces, width, indent) => {
        const text = pieces.join('');
        expect(wrap(text, width, indent)).toBe(referenceWrap(text, width, indent));
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps a line that fits as written and continues a long one at the indent', () => {
    expect(wrap('  a  b', 10, 4)).toBe('  a  b');
    expect(wrap('Defaults used: seq 2048 (default); micro-batch 1 (default)', 30, 2)).toBe('Defaults used: seq 2048\n  (default); micro-batch 1\n  (default)');
  });
});
