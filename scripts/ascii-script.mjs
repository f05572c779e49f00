// The terminal script written in ASCII, the same program: each non-ASCII character becomes an
// escape with the same meaning where it stands. For scripts/bundle-cli.mjs.
//
// Why: src/ops/cached-script.ts reads an ASCII script as latin1 (~1 ms for the 2.5 MB terminal)
// where decoding UTF-8 into a two-byte string took 5–9 ms of a start. esbuild escapes non-ASCII
// in string and plain template literals, but leaves regular-expression literals (the reader's
// /[，。？！]/), String.raw templates (its Chinese patterns) and comments as written.
//
// Where an escape means the same (ECMA-262): a string literal, an untagged template, an
// identifier (\uXXXX, or \u{…} past the BMP); a regular-expression literal (\uXXXX, and a
// character past the BMP as its escaped surrogate pair, which a /u pattern reads as one code
// point); a comment. A String.raw template's value is its raw text, which an escape would
// change: it is written as the untagged template with that value (String.raw`\d×` is `\\d\u00d7`).
// Where none does (another tag's raw text, non-ASCII whitespace between tokens), the script is
// left as it is: UTF-8, which the loader reads too, only slower.
import ts from 'typescript';

const K = ts.SyntaxKind;
const NON_ASCII = /[^\x00-\x7f]/u;
const hex = (code) => code.toString(16).padStart(4, '0');
/** Each UTF-16 unit as \uXXXX: right in a regex literal, and for the BMP everywhere. */
const units = (ch) => [...Array(ch.length).keys()].map((i) => `\\u${hex(ch.charCodeAt(i))}`).join('');
/** A code point escape where the grammar takes one (strings, templates, identifiers). */
const codePoint = (ch) => (ch.length === 1 ? units(ch) : `\\u{${ch.codePointAt(0).toString(16)}}`);
/** The text of an untagged template part whose value is `raw`. */
const cooked = (raw) => raw.replace(/[\\`$]|[^\x00-\x7f]/gu, (ch) => (ch.length === 1 && ch < '\x80' ? `\\${ch}` : codePoint(ch)));

/**
 * `{ text }`: the script in ASCII; or `{ text: source, kept }`, the script unchanged, with why
 * (the first character no escape would stand for).
 */
export function asciiScript(source) {
  if (!NON_ASCII.test(source)) return { text: source };
  const file = ts.createSourceFile('script.js', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  // A script the parser does not read whole has tokens it may have misplaced: leave it.
  const [error] = file.parseDiagnostics ?? [];
  if (error) return { text: source, kept: `the parser stopped at line ${file.getLineAndCharacterOfPosition(error.start).line + 1}: ${ts.flattenDiagnosticMessageText(error.messageText, ' ')}` };
  /** Rewritten ranges [start, end, text], and tokens [start, end, kind] whose characters are escaped one by one. */
  const edits = [];
  const tokens = [];
  let kept = null;
  const visit = (node) => {
    if (node.kind === K.TaggedTemplateExpression && NON_ASCII.test(node.template.getText(file))) {
      if (node.tag.getText(file) !== 'String.raw') kept ??= ['a tagged template holds', node.template.getStart(file)];
      else rawToCooked(node, file, edits);
    } else if (node.kind === K.RegularExpressionLiteral) tokens.push([node.getStart(file), node.end, units]);
    else if ([K.StringLiteral, K.Identifier, K.PrivateIdentifier, K.NoSubstitutionTemplateLiteral, K.TemplateHead, K.TemplateMiddle, K.TemplateTail].includes(node.kind)) {
      tokens.push([node.getStart(file), node.end, codePoint]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const covered = [...edits.map(([start, end]) => [start, end, null]), ...tokens].sort((a, b) => a[0] - b[0]);
  let c = 0;
  for (const match of source.matchAll(/[^\x00-\x7f]/gu)) {
    if (kept) break;
    const i = match.index;
    while (c < covered.length && covered[c][1] <= i) c++;
    const at = c < covered.length && covered[c][0] <= i ? covered[c] : null;
    if (at?.[2] === null) continue; // inside a rewritten template
    if (at) edits.push([i, i + match[0].length, at[2](match[0])]);
    else if (/[\s\ufeff]/u.test(match[0])) kept = ['whitespace between tokens is', i];
    else edits.push([i, i + match[0].length, units(match[0])]); // inside a comment
  }
  if (kept) return { text: source, kept: `${kept[0]} ${JSON.stringify(source.slice(kept[1], kept[1] + 12))}… at line ${file.getLineAndCharacterOfPosition(kept[1]).line + 1}` };
  edits.sort((a, b) => a[0] - b[0]);
  let text = '';
  let at = 0;
  for (const [start, end, replacement] of edits) {
    text += source.slice(at, start) + replacement;
    at = end;
  }
  return { text: text + source.slice(at) };
}

/** String.raw`…` as the untagged template with the same value: the tag goes, each part's raw text is written cooked. */
function rawToCooked(node, file, edits) {
  edits.push([node.tag.getStart(file), node.template.getStart(file), '']);
  const parts = node.template.kind === K.NoSubstitutionTemplateLiteral ? [node.template] : [node.template.head, ...node.template.templateSpans.map((s) => s.literal)];
  for (const part of parts) {
    const start = part.getStart(file);
    const token = file.text.slice(start, part.end);
    // A part opens with ` or }, and closes with ` or ${.
    const close = token.endsWith('${') ? 2 : 1;
    edits.push([start, part.end, token[0] + cooked(token.slice(1, -close)) + token.slice(-close)]);
  }
}
