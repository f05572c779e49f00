import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { MAX_GRAMMAR_TOKENS, MAX_REQUEST_CHARS } from '../../src/language/input-check.js';
import { tokenize } from '../../src/language/lexer.js';
import { BARE_NUMBER_REACH, parseRequest, parseWork, TOLERANT_TRIES } from '../../src/language/parse.js';
import { runParser, runParserWithout } from '../../src/language/parser.js';
import { GUARD_RULES, PART_RULES } from '../../src/language/hardware/index.js';
import { MappedText } from '../../src/language/mapped-text.js';
import { ALL_PROSE_RULES } from '../../src/language/prose/index.js';
import { compactBlanks } from '../../src/language/spacing.js';

/**
 * Issue 26: a 6 KB message of one repeated option ("lora r8 r8 …") cost seconds of CPU, and
 * six of them stalled a bot. The reader's work is bounded per token: every tolerant retry
 * resumes from the parse it shares with the last one, and the grammar is given at most
 * MAX_GRAMMAR_TOKENS tokens. These properties count that work (deterministic) and, only to
 * catch a regression to quadratic time, bound the CPU with a wide margin.
 */

/** Things people (or attackers) repeat: options, items, numbers, unknown words, markup, punctuation. */
const UNITS = [
  'r8', 'lora', 'qlora r16', 'rank 8', 'dropout 0.1', 'bs 8', 'on 8xH100', '7b', '4096', '-1', 'seq -1', 'flurbish', 'xq7zz',
  '!?,;:', '...', '24GB vs', '15360MiB |', 'meta-llama/Llama-2-7b-hf', 'https://huggingface.co/meta-llama/Llama-2-7b-hf', '`bs 8`', '```\nbs 8\n```',
  '((7b))', '[[', ']]', '{"train_batch_size": 8}', 'batch_size=8', '--max-model-len 8192', '7b vs 13b', 'compare', 'vs',
  'of', 'on', 'x', '8x', 'tp 8', 'qwen3.5 7b', 'tokens', 'no gc', 'not', '5', 'llama 7b', '2 nodes', 'a100 80gb', '\u202e', '\u200b',
  // not-hw.about's look-behinds ("每张卡显存约 22G左右") once split a long run of blanks every way (0.8 s on one message).
  '显存约 22G左右', '卡',
];
// A long run of spaces, as a pasted table has (a look-behind over it was cubic: corpus c530, 0.5 s).
const SEPARATORS = [' ', '\n', ', ', '. ', '  ', '', ' '.repeat(600)];
const PREFIXES = ['', '7b ', '7b lora\n', 'I want to finetune llama 7b on a 4090. '];
/** Endings that make the parse fail late, so a tolerant reading retries where it is most expensive. */
const SUFFIXES = ['', ' 5'.repeat(30), ' on', ' of of of', ' seq'.repeat(30)];

const repeated = fc
  .record({
    prefix: fc.constantFrom(...PREFIXES),
    units: fc.array(fc.constantFrom(...UNITS), { minLength: 1, maxLength: 3 }),
    separator: fc.constantFrom(...SEPARATORS),
    suffix: fc.constantFrom(...SUFFIXES),
    bytes: fc.integer({ min: 200, max: MAX_REQUEST_CHARS }),
  })
  .map(({ prefix, units, separator, suffix, bytes }) => {
    let text = prefix;
    for (let k = 0; text.length + suffix.length < bytes; k++) text += units[k % units.length]! + separator;
    return (text + suffix).slice(0, MAX_REQUEST_CHARS);
  });

/** A message of any of the units in any order. */
const mixed = fc.array(fc.constantFrom(...UNITS), { minLength: 1, maxLength: 1500 }).map((units) => units.join(' ').slice(0, MAX_REQUEST_CHARS));

/**
 * Tokens fed to the grammar over every try. The first parse feeds each token once; a try sets
 * one of at most three tokens aside (the failing one, the one before, a bare number at most
 * BARE_NUMBER_REACH back) and feeds each option from there to where it fails, so the tries
 * together feed three times the message plus a constant per try.
 */
const fedBound = (given: number) => 4 * given + 3 * TOLERANT_TRIES * (BARE_NUMBER_REACH + 2);
/** Earley states per token fed: the grammar has one parse per input and no nesting, so a constant (measured ≤ 83). */
const STATES_PER_TOKEN = 128;

/**
 * A message's CPU budget: 100 ms, and 40 ms more per KB, at most 1 s. The slowest shapes measure 25–35 ms at 1 KB (400
 * tokens, the grammar's cap, where every tolerant try is dearest) and 15–18 ms per KB at 6 KB (bench:reader); a
 * reader that is quadratic in a run of blanks or in repeated sayings took seconds. The floor is per message: a
 * 50 ms floor failed a loaded CI run at 50.6 ms on a 1 KB message of "bs 8", whose cost was then mostly a pairwise
 * comparison of its two hundred sayings (asked-run.ts now compares distinct sayings).
 */
const budgetMs = (text: string) => Math.min(1000, 100 + 40 * (text.length / 1024));

/**
 * The least of three answers' CPU: process CPU also counts other threads of the process (a GC pause, another test
 * file's worker in a loaded full run), which inflates one measure, not all. Each answer reads the text anew: a
 * trailing space more misses the parser's cache of recent texts and changes no reading (cut to stay under the
 * length cap, which would refuse it).
 */
function leastCpuMs(text: string): number {
  const cpuMs = (spaces: number) => {
    const before = process.cpuUsage();
    respond(text.slice(0, MAX_REQUEST_CHARS - 3) + ' '.repeat(spaces), null);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };
  return Math.min(cpuMs(1), cpuMs(2), cpuMs(3));
}

describe('the reader does bounded work per message (issue 26)', () => {
  // The properties' own time limit is a guard against a hang in a loaded run (a full `npm test` beside other work once
  // took six times the idle time), not a measure: the second property bounds CPU, not wall time.
  it('feeds the grammar each token a bounded number of times, with a bounded number of states each', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.oneof(repeated, mixed), (text) => {
        const work = parseWork(text);
        expect(work.given).toBeLessThanOrEqual(MAX_GRAMMAR_TOKENS);
        expect(work.tokens).toBeLessThanOrEqual(fedBound(work.given));
        expect(work.states).toBeLessThanOrEqual(STATES_PER_TOKEN * Math.max(1, work.tokens));
      }),
      { numRuns: 200 },
    );
  });

  it('answers a whole message (reading, estimate, reply) within a CPU budget per KB', { timeout: 120_000 }, () => {
    respond('7b lora on a 4090', null); // modules warm
    fc.assert(
      fc.property(fc.oneof(repeated, mixed), (text) => {
        expect(leastCpuMs(text)).toBeLessThanOrEqual(budgetMs(text));
      }),
      { numRuns: 60 },
    );
  });

  /**
   * A pasted log or command the segment and config stages blank leaves runs of hundreds of blanks between words, and a
   * pattern with \s* twice in a row tries every split of each (c1845: 115 ms in one rule; prose.trained-with-tool-before-
   * running took 250 s over its own example spread so). The runs are cut to 32 before any rule reads them (spacing.ts
   * compactBlanks) and no rule's blanks are ambiguous within that: every rule's pattern, over every spread example as
   * the rules get it, scans in under 15 ms (measured; the longest was 28 ms before trained-with-tool's was mended).
   */
  const rules = [...ALL_PROSE_RULES, ...GUARD_RULES, ...PART_RULES].filter((r) => r.example);
  const SPREAD = [
    (example: string) => example.replace(/\s+/g, ' '.repeat(400)),
    (example: string) => example.replace(/[\w.-]+|[^\x00-\x7f]/gu, (w) => w + ' '.repeat(400)),
    (example: string) => example.replace(/[\w.-]+|[^\x00-\x7f]/gu, (w) => w + ' \n'.repeat(200)),
  ];
  const spreadOut = (example: string, k: number) => SPREAD[k]!(example).slice(0, MAX_REQUEST_CHARS);

  it("scans every reading rule's pattern over its own example spread with long runs of blanks, as the rules are given it", { timeout: 120_000 }, () => {
    const slow: string[] = [];
    for (const rule of rules) {
      for (let k = 0; k < SPREAD.length; k++) {
        const given = compactBlanks(MappedText.of(spreadOut(rule.example, k).toLowerCase())).text;
        const pattern = new RegExp(rule.pattern.source, rule.pattern.flags.includes('g') ? rule.pattern.flags : `${rule.pattern.flags}g`);
        const scanMs = () => {
          const before = process.cpuUsage();
          for (const _ of given.matchAll(pattern));
          const used = process.cpuUsage(before);
          return (used.user + used.system) / 1000;
        };
        // 50 ms: a scan of 6 KB that is linear takes well under one.
        if (Math.min(scanMs(), scanMs()) > 50) slow.push(`${rule.id} (spread ${k})`);
      }
    }
    expect(slow).toEqual([]);
  });

  it('answers such a spread example, read whole, within the same budget', { timeout: 120_000 }, () => {
    respond('7b lora on a 4090', null); // modules warm
    fc.assert(
      fc.property(fc.constantFrom(...rules), fc.nat(SPREAD.length - 1), (rule, k) => {
        const text = spreadOut(rule.example, k).slice(0, MAX_REQUEST_CHARS - 3);
        expect(leastCpuMs(text), rule.id).toBeLessThanOrEqual(budgetMs(text));
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a message of one option said thousands of times, naming the cap', () => {
    const text = `7b lora ${'r8 '.repeat(1900)}`;
    const outcome = parseRequest(text);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.message).toContain(`at most ${MAX_GRAMMAR_TOKENS}`);
    expect(outcome.error.message).toContain('1902 words');
    // The caret points at the first word past the cap.
    expect(text.slice(outcome.error.at, outcome.error.at + 2)).toBe('r8');
    expect(text.slice(0, outcome.error.at).split(' ').filter(Boolean)).toHaveLength(MAX_GRAMMAR_TOKENS);
  });

  it('still reads a LoRA item with many options as the last of each', () => {
    const outcome = parseRequest(`7b lora ${'r8 '.repeat(100)}r16 q,v dropout 0.05 alpha 32 on a 4090`);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const lora = outcome.items.find((i) => i.kind === 'lora');
    expect(lora).toMatchObject({ kind: 'lora', rank: 16, targets: ['q', 'v'], dropout: 0.05, alpha: 32 });
    expect(lora!.text.endsWith('alpha 32')).toBe(true);
  });
});

describe('a parse resumed from a shared prefix is the parse of the shorter list', () => {
  const WORDS = ['13b', 'zero3', 'on', '4x', 'h100', 'seq', '4096', 'lora', 'r16', 'q,v', 'vs', 'compare', 'of', 'gpus', 'nodes', '8', 'bs', 'x', 'qlora', 'gc', 'tp', '2'];
  it('for any token list and any token set aside', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 30 }), fc.nat(), (words, pick) => {
        const tokens = tokenize(words.join(' ')).filter((t) => t.type !== 'ws');
        const skip = pick % tokens.length;
        const resumed = runParserWithout(runParser(tokens), skip);
        const fresh = runParser(tokens.filter((_, k) => k !== skip));
        expect(resumed.ok).toBe(fresh.ok);
        if (resumed.ok && fresh.ok) expect(resumed.results).toEqual(fresh.results);
        if (!resumed.ok && !fresh.ok) expect([resumed.index, resumed.expected]).toEqual([fresh.index, fresh.expected]);
        // …and it fed only what follows the token set aside.
        expect(resumed.work.tokens).toBeLessThanOrEqual(tokens.length - skip);
      }),
      { numRuns: 400 },
    );
  });
});
