/**
 * Every number and every setup-looking word accounted for (issue 22, item 4): each is inside the
 * span of a fact the reply states, or listed once here as not used. Logs and tool reports are
 * left out (their numbers never set the setup, and the diagnosis reads them); filler never
 * reaches this list (the caller passes only words the reader did not read, never filler).
 */
export interface NotUsed {
  /** The user's words: the number, with the key it is the value of ("num_train_epochs 1"). */
  words: string;
  at: number;
  end: number;
  /** `set-aside`: an item read but left out for contradicting an earlier one (a note says so). */
  kind: 'number' | 'word' | 'key' | 'set-aside';
  /** Why an item was set aside, when a reader says: "another run" (reconcile/owners.ts). */
  reason?: string;
}

export interface Span {
  at: number;
  end: number;
}

/**
 * A number as people write it: digits (with decimals, thousands commas, an exponent, a unit or
 * a suffix like k / 万 / 千 glued on), a number word ("two", "dual", "sixteen"), or Chinese
 * numerals before a counter word ("两张", "八卡"). Digits inside a name ("H100", "Qwen2.5-7B",
 * "OpenR1-Math-220k") belong to the name: a number starts where no letter, digit, dot or
 * hyphen-after-a-letter touches it. "one" and "single" are left out: in prose they are mostly
 * pronouns ("which one").
 */
const NUMBER = new RegExp(
  [
    String.raw`(?<![\p{L}\p{N}_.]|[\p{L}\p{N}]-)\d+(?:[.,]\d+)*(?:e[+-]?\d+)?(?:[\p{L}_%]+\d*)*(?:-\d+(?:[.,]\d+)*[\p{L}]*)?`,
    String.raw`(?<![\p{L}])(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|sixteen|twenty|thirty|forty|fifty|sixty|hundred|thousand|dual|double|quad|twin)(?![\p{L}])`,
    String.raw`[一二两三四五六七八九十百千万]+(?=[张块台卡个节])`,
  ].join('|'),
  'giu',
);

/** A key just before a value ("lr: 2e-5", "--num_train_epochs 1", "epochs=3"): the number is listed with it. */
const KEY_BEFORE = /(?:--?)?[A-Za-z_][\w.-]*\s*(?:[:=]\s*|\s)$/;

const overlaps = (a: Span, b: Span) => a.at < b.end && b.at < a.end;

/** Every number of the text outside `skip`, as spans of the user's text. */
export function numbersIn(text: string, skip: readonly Span[] = []): Span[] {
  const found: Span[] = [];
  NUMBER.lastIndex = 0;
  for (let m = NUMBER.exec(text); m; m = NUMBER.exec(text)) {
    const span = { at: m.index, end: m.index + m[0].length };
    if (!skip.some((s) => overlaps(s, span))) found.push(span);
  }
  return found;
}

/**
 * What the message holds that no fact uses: the words the reader did not read (not filler), the
 * config keys it set aside, and every number outside the facts' spans, each once, in the order of
 * the text. None overlaps a fact's span, and none overlaps another.
 */
export interface Read {
  /** The spans of the facts the reply states. */
  used: readonly Span[];
  /** Items read but set aside (a contradiction in prose), with their words. */
  setAside: readonly (Span & { words: string; reason?: string })[];
  /** Words the reader did not read (filler excluded), where they start, and whether the reply lists them. */
  unread: readonly { word: string; at: number; listed?: boolean }[];
  /** Config keys read and set aside. */
  keys: readonly string[];
  /** Logs and tool reports. */
  logs: readonly Span[];
}

export function notUsedIn(text: string, { used, setAside, unread, keys, logs }: Read): NotUsed[] {
  const outside = (s: Span) => !used.some((u) => overlaps(u, s)) && !logs.some((l) => overlaps(l, s));
  const listed: NotUsed[] = [];
  const free = (s: Span) => outside(s) && !listed.some((l) => overlaps(l, s));
  for (const s of setAside) if (free(s)) listed.push({ words: s.words, at: s.at, end: s.end, kind: 'set-aside', ...(s.reason ? { reason: s.reason } : {}) });
  for (const u of unread) {
    // Only words the reader lists (parse.ts): in prose, those that could be a setting; a question's plain words are the user's.
    if (u.listed === false) continue;
    const span = { at: u.at, end: u.at + u.word.length };
    if (free(span)) listed.push({ words: u.word, ...span, kind: 'word' });
  }
  for (const n of numbersIn(text, logs)) {
    if (!free(n)) continue;
    // The key it is the value of, when that key is no fact's and not listed yet.
    const key = KEY_BEFORE.exec(text.slice(Math.max(0, n.at - 48), n.at));
    const keyed = key ? { at: n.at - key[0].length, end: n.end } : null;
    const span = keyed && free(keyed) && !/^\s*$/.test(key![0]) && /[_:=-]|^[a-z]+_/i.test(key![0]) ? keyed : n;
    listed.push({ words: text.slice(span.at, span.end), ...span, kind: 'number' });
  }
  for (const k of keys) {
    const at = firstFree(text, k, free);
    if (at !== null) listed.push({ words: text.slice(at, at + k.length), at, end: at + k.length, kind: 'key' });
    else if (!listed.some((l) => l.words.includes(k))) listed.push({ words: k, at: -1, end: -1, kind: 'key' });
  }
  return listed.sort((a, b) => a.at - b.at);
}

/** Where a set-aside key is first written outside every fact and listed span (any case). */
function firstFree(text: string, key: string, free: (s: Span) => boolean): number | null {
  const lower = text.toLowerCase();
  const k = key.toLowerCase();
  for (let at = lower.indexOf(k); at >= 0; at = lower.indexOf(k, at + 1)) if (free({ at, end: at + k.length })) return at;
  return null;
}
