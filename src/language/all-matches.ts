/**
 * Every match of a global `pattern` in `text`: what `[...text.matchAll(pattern)]` gives, found
 * with `pattern.exec` on the pattern itself.
 *
 * Why (issue 22): `matchAll` copies its pattern on every call (the spec's SpeciesConstructor),
 * and on Node 20 a scan through the copy cost 4–5× the same scan through `exec` over a short
 * message (the hardware grammar's 32 rules: ~100 µs a message against ~25 µs, bench
 * scripts of the speed session). The hardware engine alone called it ~30 times a request.
 *
 * The same matches in the same order: the scan starts at the pattern's `lastIndex`, as the copy
 * would, steps past an empty match by one character (one code point under the u or v flag,
 * the spec's AdvanceStringIndex), and leaves `lastIndex` as it found it, as `matchAll` leaves
 * its pattern. All matches are found before any is read, so a reader that uses the pattern
 * again while reading them cannot change them. A pattern without the g flag throws, as
 * `matchAll` does.
 */
export function allMatches(pattern: RegExp, text: string): RegExpExecArray[] {
  if (!pattern.global) throw new TypeError(`allMatches needs a global pattern: /${pattern.source}/${pattern.flags}`);
  const from = pattern.lastIndex;
  const found: RegExpExecArray[] = [];
  try {
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      found.push(m);
      if (m[0].length === 0) pattern.lastIndex = advance(text, pattern.lastIndex, pattern.unicode || pattern.flags.includes('v'));
    }
  } finally {
    pattern.lastIndex = from;
  }
  return found;
}

/** The index after `at`: a surrogate pair is one step where the pattern reads code points. */
function advance(text: string, at: number, codePoints: boolean): number {
  if (!codePoints || at + 1 >= text.length) return at + 1;
  const first = text.charCodeAt(at);
  if (first < 0xd800 || first > 0xdbff) return at + 1;
  const second = text.charCodeAt(at + 1);
  return second >= 0xdc00 && second <= 0xdfff ? at + 2 : at + 1;
}
