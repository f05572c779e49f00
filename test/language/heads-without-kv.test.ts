import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Issue 22 (rq): heads given with no KV count, on a starting shape whose KV heads do not divide them
 * (GPT-NeoX's 20B.yaml on a bare "20B", EleutherAI/gpt-neox#606, c454), had been refused as
 * grouped-query attention gone wrong. A config that writes no KV count is multi-head attention: said.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('heads with no KV count', () => {
  it('c454 is answered with kv heads = heads, said', () => {
    const r = resolveRequest(line('c454').text, null);
    if (!r.ok || !r.scenario) throw new Error(r.ok ? 'help' : r.error.message);
    expect(r.scenario.model.arch.kvHeads).toBe(64);
    expect(r.assumptions.join(' | ')).toMatch(/kv heads 64: heads 64 are given with no KV count/);
  });

  it('a KV count the user gives that does not divide is still refused', () => {
    const r = resolveRequest('20b heads 64 kv heads 46 full on 2x a100', null);
    expect(r.ok).toBe(false);
  });
});
