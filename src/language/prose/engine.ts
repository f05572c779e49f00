import type { MappedText, RuleRef } from '../mapped-text.js';
import { outsideHubIds } from './hub-ids.js';
import type { ProseRule } from './types.js';

/**
 * Applies `rules` in order to `text`, each to every match of its pattern, and passes the rule's
 * id (and its weakness) to `MappedText.replace`, so that every rewrite leaves a step. A rule's
 * `when` tests `guardText`: the text the group was given (its rules read each other's rewrites,
 * but whether a rule is tried at all depends only on what the group started from). A rule's
 * `needs` tests the text it is given: what every match holds, so the scan is skipped without it.
 * A marking rule (`marks`) leaves a step over each match it accepts and rewrites nothing.
 */
export function applyRules(text: MappedText, rules: readonly ProseRule[], notes: string[], guardText: string = text.text): MappedText {
  let read = text;
  for (const rule of rules) {
    if ((rule.when && !rule.when(guardText)) || (rule.needs && !rule.needs.test(read.text))) continue;
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

function ruleRef(rule: ProseRule): RuleRef {
  return rule.weak ? { id: rule.id, weak: true } : rule.id;
}
