import { beforeAll, describe, expect, it, vi } from 'vitest';
import { corpusLines } from '../../bench/load/corpus-texts.js';

type ParseModule = typeof import('../../src/language/parse.js');

/**
 * The reading stages before the lexer are remembered for the last text (language/early-stages.ts),
 * so a message's Hub ids and then its answer read it once. What a parse gives must not depend on
 * that: each corpus line parsed right after its Hub ids were looked for (every stage from memory)
 * equals the line parsed in a fresh copy of the modules, right after the line before it (no stage
 * from memory).
 */
describe('remembered reading stages', () => {
  const lines = corpusLines();
  // Every other line: half the corpus, every kind of text in it (prose, pasted configs and logs, Hub ids).
  const checked = lines.flatMap((line, i) => (i % 2 === 0 ? [[i + 1, line.replace(/\s+/g, ' ').slice(0, 60), line] as const] : []));

  let remembering: ParseModule;
  let alone: ParseModule;
  beforeAll(async () => {
    remembering = (await import('../../src/language/parse.js')) as ParseModule;
    vi.resetModules();
    alone = (await import('../../src/language/parse.js')) as ParseModule;
  });

  it('parses in two copies of the modules, and checks every other line of the corpus', () => {
    expect(alone).not.toBe(remembering);
    expect(checked.length).toBe(Math.ceil(lines.length / 2));
    expect(checked.length).toBeGreaterThan(300);
  });

  // One case per line, each with its own budget: ~330 lines each parsed twice were one test of
  // ~10 s of CPU, past the 20 s a test gets on a loaded 2-core machine.
  it.each(checked)('requests.jsonl line %i (%s): parsed after its Hub ids were looked for, reads as it reads alone', (_n, _title, line) => {
    remembering.hubTokensIn(line);
    expect(remembering.parseRequest(line), line).toEqual(alone.parseRequest(line));
  });
});
