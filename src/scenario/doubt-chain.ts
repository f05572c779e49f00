/**
 * A doubt's rule joins a fact's chain before the item's reader, which stays last: the chain reads from the
 * user's words to the item (fact-trace.test.ts holds every chain to end in `item.…`), and a doubt weighs the
 * reading without making it.
 */
export function withDoubt(rules: readonly string[], doubt: string): string[] {
  return rules.length ? [...rules.slice(0, -1), doubt, rules.at(-1)!] : [doubt];
}
