import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiScript } from '../../scripts/ascii-script.mjs';

/**
 * scripts/ascii-script.mjs writes the terminal script in ASCII for a faster read
 * (src/ops/cached-script.ts): the same program, each non-ASCII character an escape that means the
 * same where it stands, or the script left as it was.
 */
const NON_ASCII = /[^\x00-\x7f]/;
/** What a script puts on module.exports, as JSON. */
const run = (code: string): string => {
  const module = { exports: null as unknown };
  new Function('module', code)(module);
  return JSON.stringify(module.exports);
};
const same = (code: string) => {
  const { text, kept } = asciiScript(code);
  expect(kept).toBeUndefined();
  expect(text).not.toMatch(NON_ASCII);
  expect(run(text)).toBe(run(code));
};

describe('asciiScript', () => {
  it("escapes the reader's kinds of non-ASCII: regex literals, strings, templates, identifiers, comments", () => {
    // The pattern of prose.host-ram-chinese-named-first (src/language/prose/rules/hardware.ts), cut short.
    same(String.raw`const host = new RegExp(String.raw${'`'}(?<!显)(?:运行|系统)?内存\s*(\d+)\s*(gb|g)${'`'}); module.exports = host.exec('系统内存 512g').slice(1);`);
    same('const a = /[\\s_\\-×]+/g; const 变量 = "×"; // × and 期望 in a comment\nmodule.exports = [a.test("1×2"), 变量, `×${变量}×`, /😀/u.test("😀"), /[😀]/u.test("😀"), "😀"];');
  });

  it('writes String.raw as the untagged template with its value (backslashes, backticks, ${, substitutions)', () => {
    same('const x = 7; module.exports = [String.raw`×\\d\\`$\\${x}😀`, String.raw`a${x + 1}×${"b"}\\\\c`, String.raw  `\\u{1}é`];');
  });

  it("leaves a script whose non-ASCII no escape can stand for: another tag's raw text, whitespace between tokens", () => {
    expect(asciiScript('const t = (s) => s.raw[0]; module.exports = t`×`;').kept).toMatch(/^a tagged template holds/);
    expect(asciiScript('module.exports =\u00a01;').kept).toMatch(/^whitespace between tokens/);
    expect(asciiScript('module.exports =\u00a01;').text).toBe('module.exports =\u00a01;');
    expect(asciiScript('module.exports = "×" +;').kept).toMatch(/^the parser stopped at line 1/);
  });

  it('an ASCII script is returned as it is', () => {
    expect(asciiScript('module.exports = /a/;')).toEqual({ text: 'module.exports = /a/;' });
  });

  it('property: any text in a string, a template, String.raw or a regex class keeps its value', () => {
    const piece = fc.constantFrom('a', '\\', '`', '$', '{', '}', '$' + '{', '×', '显', '😀', 'é', '\n', '"', "'", '/', ']', '^');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }).map((p) => p.join('')), (text) => {
        const str = JSON.stringify(text);
        const template = '`' + text.replace(/[\\`$]/g, '\\$&') + '`';
        // A regex class of the text's non-ASCII characters, matched against the text.
        const klass = [...new Set([...text].filter((ch) => NON_ASCII.test(ch)))].join('');
        const regex = klass ? `/[${klass}]/gu` : '/x/g';
        const raw = 'String.raw`' + text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '$\\{') + '`';
        same(`module.exports = [${str}, ${template}, ${raw}, (${JSON.stringify(text)}).match(${regex})];`);
      }),
      { numRuns: 300 },
    );
  });
});
