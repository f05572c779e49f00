import type { NotUsed } from '../language/accounting.js';

/**
 * The "not used" line of a reply (issue 22, item 4): the numbers and set-aside keys no fact uses,
 * each once as written. The words the reader did not read are said in the notices ("not read:
 * …"), an item set aside in its own note, and whatever else a notice quotes there: none is listed
 * here again — but another run's settings are, with their reason ("2张V100 (another run)").
 */
export function listedApart(notUsed: readonly NotUsed[], notices: readonly string[]): string[] {
  // What a notice quotes is said there already ("\"8xA100(40G\" … set aside"): not listed twice. The
  // reader quotes some words as it read them, lower-cased ("\"llama2\" with \"13b\" read as llama-2-13b"
  // for "13B model … llama2", c161): a quote is matched whatever the case.
  const quoted = notices.flatMap((n) => [...n.matchAll(/"([^"]+)"/g)].map((m) => m[1]!.toLowerCase()));
  const words = notUsed
    .filter((n) => n.kind === 'number' || n.kind === 'key')
    .map((n) => n.words.replace(/\s+/g, ' ').trim())
    .filter((w) => !quoted.some((q) => q.includes(w.toLowerCase())));
  // Another run's settings are listed with their reason, though a notice names them too.
  const reasoned = notUsed.filter((n) => n.kind === 'set-aside' && n.reason).map((n) => `${n.words.replace(/\s+/g, ' ').trim()} (${n.reason})`);
  return [...new Set([...reasoned, ...words])];
}
