/**
 * Spellings with flexible separators. People write the same name as "Llama 3.1 70B",
 * "llama-3.1-70b" or "llama3.1 70b", and the same keyword as "zero-3", "zero 3" or "zero3":
 * a name is split into chunks (words, digit runs, other marks) and the chunks may be joined by
 * spaces, `-`, `_`, `×` or nothing.
 */

/** The separators a person may vary inside one name. */
const SEPARATORS = /[\s_\-×]+/g;

/** Lower-case and drop separators: the key two spellings of one thing share. */
export function compact(text: string): string {
  return text.toLowerCase().replace(SEPARATORS, '');
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Chunks of a spelling: letter runs, digit runs and single marks ("3.1" → 3 . 1). */
export function chunks(spelling: string): string[] {
  return spelling.toLowerCase().match(/[a-z]+|\d+|[^a-z\d\s_\-×]/g) ?? [];
}

/** Regex source matching a spelling with any separators between its chunks. */
export function flexibleSource(spelling: string): string {
  return chunks(spelling).map(escapeRegex).join('[\\s_\\-×]*');
}

/**
 * One alternation for many spellings, longest first so that "offload optimizer" wins over
 * "offload" and "A100 80GB" over "A100" (a regex alternation takes the first branch that
 * matches, not the longest). `guard` follows each branch: a name must not run on into more
 * letters or digits ("a10g" is not "a10" + "g"). When every entry has the same guard (model,
 * GPU and family names) the spellings are merged into a trie of chunks (nameTrie).
 */
export function alternation(entries: { spelling: string; guard: string }[]): string {
  const guards = new Set(entries.map((e) => e.guard));
  const trie = guards.size === 1 ? nameTrie(entries.map((e) => e.spelling)) : null;
  if (trie !== null) return trie && trie + entries[0]!.guard;
  const seen = new Set<string>();
  const branches: { length: number; source: string }[] = [];
  for (const e of entries) {
    const source = flexibleSource(e.spelling) + e.guard;
    if (!chunks(e.spelling).length || seen.has(source)) continue;
    seen.add(source);
    branches.push({ length: compact(e.spelling).length, source });
  }
  branches.sort((a, b) => b.length - a.length || a.source.localeCompare(b.source));
  return branches.map((b) => b.source).join('|');
}

interface TrieNode {
  children: Map<string, TrieNode>;
  /** A spelling ends here. */
  end: boolean;
  /** Longest spelling (compact length) through this node: tried first, as in the flat list. */
  longest: number;
}

/**
 * Spellings as a trie of chunks: "llama 3.1 8b" and "llama 3.1 70b" share "llama 3 . 1". At each
 * node the longer continuations come first and stopping here last (a `?` after the rest), and a
 * guard after the whole group backtracks into the next branch when the text runs on, as it
 * would after each branch of a flat list: the same names match, from a regex a third the size
 * of the flat one (a catalog of ~100 models made the lexer's first request twice as slow).
 */
function nameTrie(spellings: string[]): string {
  const root: TrieNode = { children: new Map(), end: false, longest: 0 };
  for (const spelling of spellings) {
    const parts = chunks(spelling);
    if (!parts.length) continue;
    const length = compact(spelling).length;
    let node = root;
    for (const part of parts) {
      let next = node.children.get(part);
      if (!next) node.children.set(part, (next = { children: new Map(), end: false, longest: 0 }));
      next.longest = Math.max(next.longest, length);
      node = next;
    }
    node.end = true;
  }
  const SEPARATOR = '[\\s_\\-×]*';
  const emit = (node: TrieNode): string =>
    [...node.children.entries()]
      .sort(([a, x], [b, y]) => y.longest - x.longest || b.length - a.length || a.localeCompare(b))
      .map(([part, child]) => {
        if (!child.children.size) return escapeRegex(part);
        return `${escapeRegex(part)}(?:${SEPARATOR}(?:${emit(child)}))${child.end ? '?' : ''}`;
      })
      .join('|');
  return root.children.size ? `(?:${emit(root)})` : '';
}

/** Not followed by a letter or digit, nor by `-`/`.` and more of a name ("a100-80" is not "a100"). */
export const NAME_GUARD = '(?![a-z0-9]|[\\-_.][a-z0-9])';
/** A keyword that takes a number may touch it ("tp8", "bs16"). */
export const NUMERIC_GUARD = '(?![a-z]|[\\-_.][a-z])';
/** A plain keyword. */
export const WORD_GUARD = '(?![a-z0-9])';
