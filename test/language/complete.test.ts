import { describe, expect, it } from 'vitest';
import { completions, EXAMPLES, USAGE } from '../../src/language/complete.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

describe('completions for Discord autocomplete', () => {
  it('offers what the grammar expects next, as whole requests, at most 25', () => {
    const after = completions('13b lora ');
    expect(after).toContain('13b lora r16');
    expect(after).toContain('13b lora all-linear');
    expect(after.length).toBeLessThanOrEqual(25);
    expect(completions('13b seq ')).toContain('13b seq 4k');
  });

  it('matches catalog names against the last word', () => {
    expect(completions('13b on h1')).toContain('13b on h100-80g');
    expect(completions('llama-3.1')).toContain('llama-3.1-70b');
  });

  it('respects the limit and never throws', () => {
    expect(completions('', 5)).toHaveLength(5);
    expect(completions('🚀')).toEqual([]);
  });
});

describe('usage and examples', () => {
  it('every example resolves', () => {
    for (const e of EXAMPLES) expect(resolveRequest(e, null).ok, e).toBe(true);
  });

  it('usage names every item family', () => {
    for (const word of ['zero3', 'lora', 'seq', 'gc', 'on 24GB', 'max batch', 'oom', 'undo']) expect(USAGE).toContain(word);
  });
});
