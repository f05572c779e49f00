import { earlyStages, hardwareOf } from '../src/language/early-stages.js';
import { readHostMemory } from '../src/language/hardware/host-memory.js';
import { GUARD_RULES, PART_RULES } from '../src/language/hardware/index.js';
import type { MappedText } from '../src/language/mapped-text.js';
import { withoutInvisibles } from '../src/language/normalise.js';
import { outsideHubIds } from '../src/language/prose/hub-ids.js';
import { PROSE_RULES, QUESTION_RULES, TRAINING_RULES, type ProseRule } from '../src/language/prose/index.js';
import { corpusLines } from './load/corpus-texts.js';

/**
 * `node dist/bench/rule-cost.js [--passes=N] [--top=N] [--by-worst]`: which named rules of the reader cost
 * most per message, on the real corpus. Each corpus text is brought to the prose stage's input
 * as the reader brings it (early-stages.ts) and read through the prose rules once as the engine
 * reads it (prose/engine.ts), keeping the text each rule was given. Then each rule alone is
 * applied again to all of its inputs, `passes` times, under this process's CPU clock: its guard
 * (`when`) apart, then guard, scan and writes together. The hardware grammar's guard and part
 * patterns are timed as scans of the hardware stage's input (hardware/engine.ts). CPU time, so
 * other jobs on the machine move it little. Prints the top rules, their guards' share, how often
 * each guard let the scan run and how often the pattern matched. Asserts nothing.
 */

const option = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const passes = option('passes', 5);
const top = option('top', 30);

const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

interface Given {
  text: MappedText;
  guardText: string;
}
interface RuleRow {
  id: string;
  guarded: boolean;
  us: number;
  guardUs: number;
  scanned: number;
  matched: number;
  /** The most one text cost it (guard, scan and writes, first pass): a pattern that backtracks shows here. */
  worstUs: number;
}

const lines = corpusLines();
const inputs = lines.map((line) => {
  const config = earlyStages(withoutInvisibles(line)).config.text;
  const hostRead = readHostMemory(config);
  return { hardware: hostRead.text, prose: hardwareOf(hostRead, []).text };
});

/** Each prose rule with the texts it was given, in the engine's order (prose/read.ts's three groups). */
const groups: [readonly ProseRule[], 'own' | 'input'][] = [
  [TRAINING_RULES, 'own'],
  [QUESTION_RULES, 'own'],
  [PROSE_RULES, 'input'],
];
const given = new Map<ProseRule, Given[]>();
const scannedCount = new Map<ProseRule, number>();
const matchedCount = new Map<ProseRule, number>();
const apply = (rule: ProseRule, text: MappedText, notes: string[]) => {
  const write = (m: RegExpExecArray) => rule.write(m, notes);
  return text.replace(rule.pattern, rule.insideHubIds ? write : outsideHubIds(write), rule.id);
};
for (const { prose } of inputs) {
  let read = prose;
  for (const [rules, guardOf] of groups) {
    const groupInput = read;
    for (const rule of rules) {
      const guardText = guardOf === 'own' ? groupInput.text : prose.text;
      given.set(rule, [...(given.get(rule) ?? []), { text: read, guardText }]);
      if (rule.when && !rule.when(guardText)) continue;
      scannedCount.set(rule, (scannedCount.get(rule) ?? 0) + 1);
      const before = read;
      read = apply(rule, read, []);
      if (read !== before) matchedCount.set(rule, (matchedCount.get(rule) ?? 0) + 1);
    }
  }
}

const rows: RuleRow[] = [];
for (const [rule, texts] of given) {
  let started = cpuUs();
  for (let pass = 0; pass < passes; pass++) for (const { guardText } of texts) rule.when?.(guardText);
  const guardUs = rule.when ? cpuUs() - started : 0;
  started = cpuUs();
  for (let pass = 0; pass < passes; pass++) for (const { text, guardText } of texts) if (!rule.when || rule.when(guardText)) apply(rule, text, []);
  const us = cpuUs() - started;
  let worstUs = 0;
  for (const { text, guardText } of texts) {
    const one = cpuUs();
    if (!rule.when || rule.when(guardText)) apply(rule, text, []);
    worstUs = Math.max(worstUs, cpuUs() - one);
  }
  rows.push({ id: rule.id, guarded: !!rule.when, us, guardUs, scanned: scannedCount.get(rule) ?? 0, matched: matchedCount.get(rule) ?? 0, worstUs });
}
for (const rule of [...GUARD_RULES, ...PART_RULES]) {
  let matched = 0;
  let worstUs = 0;
  for (const { hardware } of inputs) {
    const one = cpuUs();
    for (const _ of hardware.matchAll(rule.pattern));
    worstUs = Math.max(worstUs, cpuUs() - one);
  }
  const started = cpuUs();
  for (let pass = 0; pass < passes; pass++) {
    for (const { hardware } of inputs) {
      rule.pattern.lastIndex = 0;
      let found = false;
      for (const _ of hardware.matchAll(rule.pattern)) found = true;
      if (found && pass === 0) matched++;
    }
  }
  rows.push({ id: rule.id, guarded: false, us: cpuUs() - started, guardUs: 0, scanned: inputs.length, matched, worstUs });
}

const messages = inputs.length * passes;
const total = rows.reduce((a, r) => a + r.us, 0);
const guards = rows.reduce((a, r) => a + r.guardUs, 0);
const share = (n: number) => `${((100 * n) / inputs.length).toFixed(0)}%`;
console.log(`headroom rule cost — ${inputs.length} corpus texts × ${passes} passes, CPU time; prose rules as the engine applies them, hardware patterns scanned`);
console.log(`all ${rows.length} rules: ${(total / messages).toFixed(1)} µs per message, of which prose guards ${(guards / messages).toFixed(1)} µs`);
console.log(`${'rule'.padEnd(40)} ${'µs/msg'.padStart(8)} ${'share'.padStart(6)} ${'guard µs'.padStart(8)} ${'scanned'.padStart(8)} ${'matched'.padStart(8)} ${'worst µs'.padStart(9)}`);
const byWorst = process.argv.includes('--by-worst');
for (const r of [...rows].sort((a, b) => (byWorst ? b.worstUs - a.worstUs : b.us - a.us)).slice(0, top)) {
  const guard = r.guarded ? (r.guardUs / messages).toFixed(2) : '-';
  console.log(`${r.id.padEnd(40)} ${(r.us / messages).toFixed(2).padStart(8)} ${`${((100 * r.us) / total).toFixed(1)}%`.padStart(6)} ${guard.padStart(8)} ${share(r.scanned).padStart(8)} ${share(r.matched).padStart(8)} ${r.worstUs.toFixed(0).padStart(9)}`);
}
