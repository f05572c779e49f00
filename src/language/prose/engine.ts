import type { MappedText, RuleRef } from '../mapped-text.js';
import { outsideHubIds } from './hub-ids.js';
import { requiredLiteral } from './required-literal.js';
import type { ProseRule } from './types.js';

/**
 * Applies `rules` in order to `text`, each to every match of its pattern, and passes the rule's
 * id (and its weakness) to `MappedText.replace`, so that every rewrite leaves a step. A rule's
 * `when` tests `guardText`: the text the group was given (its rules read each other's rewrites,
 * but whether a rule is tried at all depends only on what the group started from). A rule's
 * `needs` tests the text it is given: what every match holds, so the scan is skipped without it.
 * A marking rule (`marks`) leaves a step over each match it accepts and rewrites nothing. A rule
 * whose pattern needs a word the text lacks (required-literal.ts, read off the pattern) is skipped
 * with one `includes`: it would match nothing, and its regex is never compiled.
 */
export function applyRules(text: MappedText, rules: readonly ProseRule[], notes: string[], guardText: string = text.text): MappedText {
  let read = text;
  const slots = sharedGuardSlots(rules);
  // One answer per shared guard: `when` reads only `guardText`, fixed for the whole group.
  const answered: (boolean | undefined)[] = [];
  // The text lower-cased for the patterns with the `i` flag, made once per rewrite of the text.
  let lowered: string | undefined;
  let loweredFrom: string | undefined;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    if (rule.when) {
      const slot = slots[i]!;
      let pass = slot < 0 ? undefined : answered[slot];
      if (pass === undefined) {
        pass = rule.when(guardText);
        if (slot >= 0) answered[slot] = pass;
      }
      if (!pass) continue;
    }
    if (rule.needs && !rule.needs.test(read.text)) continue;
    const word = requiredLiteral(rule.pattern);
    if (word && word.lower && loweredFrom !== read.text) {
      loweredFrom = read.text;
      lowered = loweredFrom.toLowerCase();
    }
    if (word && !(word.lower ? lowered! : read.text).includes(word.word)) continue;
    if (rule.marks) {
      const matches = [...read.text.matchAll(rule.pattern)].filter((m) => m[0].length > 0);
      read = read.marked(matches.filter(rule.marks).map((m) => ({ at: m.index, to: m.index + m[0].length })), ruleRef(rule));
      continue;
    }
    const write = (m: RegExpExecArray) => rule.write(m, notes, guardText);
    read = read.replace(rule.pattern, rule.insideHubIds ? write : outsideHubIds(write), ruleRef(rule));
  }
  return read;
}

/**
 * For each rule of a group, the slot its `when` answers in where the same function guards more
 * than one rule of the group (-1 where it guards one): a family of rules made from one list
 * shares its guard (prose.engine-*: eleven printouts, each guard testing all eleven patterns), and
 * the guard is asked once per text instead of once per rule (issue 22's speed target). Whether a
 * rule is tried stays what its guard says of `guardText`: guards are pure tests of that text.
 */
const guardSlots = new WeakMap<readonly ProseRule[], readonly number[]>();

function sharedGuardSlots(rules: readonly ProseRule[]): readonly number[] {
  let slots = guardSlots.get(rules);
  if (slots) return slots;
  const uses = new Map<ProseRule['when'], number>();
  for (const rule of rules) if (rule.when) uses.set(rule.when, (uses.get(rule.when) ?? 0) + 1);
  const slotOf = new Map<ProseRule['when'], number>();
  slots = rules.map((rule) => {
    if (!rule.when || uses.get(rule.when)! < 2) return -1;
    if (!slotOf.has(rule.when)) slotOf.set(rule.when, slotOf.size);
    return slotOf.get(rule.when)!;
  });
  guardSlots.set(rules, slots);
  return slots;
}

function ruleRef(rule: ProseRule): RuleRef {
  return rule.weak ? { id: rule.id, weak: true } : rule.id;
}
