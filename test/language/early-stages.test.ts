import { describe, expect, it, vi } from 'vitest';
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
  it('a line parsed after its Hub ids were looked for reads as it reads alone', async () => {
    const remembering = (await import('../../src/language/parse.js')) as ParseModule;
    vi.resetModules();
    const alone = (await import('../../src/language/parse.js')) as ParseModule;
    expect(alone).not.toBe(remembering);
    const lines = corpusLines();
    // Every other line: half the corpus, every kind of text in it (prose, pasted configs and logs, Hub ids).
    for (const line of lines.filter((_, i) => i % 2 === 0)) {
      remembering.hubTokensIn(line);
      expect(remembering.parseRequest(line), line).toEqual(alone.parseRequest(line));
    }
  }, 60_000);
});
