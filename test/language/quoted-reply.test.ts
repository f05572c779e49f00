import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { clausesOf } from '../../src/language/owners/index.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * owner.reference.quoted-reply (issue 22, §5): a reply that quotes the words it answers ("> …") and
 * then gives its own setup. deepseek-ai/DeepSeek-Coder-V2#11 (c780) quoted the maintainer's "40GB *1
 * GPUs in BF16" and asked "3*24G 4090 GPU doesn't work?": refused as two GPU types contradicting.
 * The quote is someone else's run; a quote the user introduces with a colon, or a quoted log line,
 * is their own paste.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const ownerAt = (text: string, word: string) => {
  const at = text.indexOf(word);
  const clause = clausesOf(text).find((c) => at >= c.at && at < c.end);
  return clause?.owner?.rule ?? null;
};

describe('a quoted reply is someone else\'s words', () => {
  it('c780 in its thread: read on the three 4090s the user asks about', () => {
    const l = line('c780');
    const opened = readInThread(l.thread!, null);
    const state = opened.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : opened.waiting;
    const outcome = readInThread(l.text, state).outcome;
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || !outcome.scenario) return;
    expect(outcome.scenario.hardware).toMatchObject({ gpuId: 'rtx-4090', count: 3 });
    expect(outcome.scenario.model.id).toBe('deepseek-v2-lite');
  });

  it('c780 alone: the quoted card is set aside, said', () => {
    expect(ownerAt(line('c780').text, '40GB')).toBe('owner.reference.quoted-reply');
    expect(ownerAt(line('c780').text, '4090')).not.toBe('owner.reference.quoted-reply');
  });

  it('c772: the quoted "32 GPUs with zero2" is the maintainer\'s', () => {
    // Its own words say so too ("We could finetune it": owner.past.could-run); either way, not the request.
    const text = line('c772').text;
    const at = text.indexOf('32 GPUs');
    const clause = clausesOf(text).find((c) => at >= c.at && at < c.end)!;
    expect(clause.cues.map((c) => c.rule)).toContain('owner.reference.quoted-reply');
    expect(clause.owner?.owner).not.toBe('request');
  });

  it('invented: a multi-line quote, then the user\'s own card', () => {
    const text = '> You need 2x A100 80GB for this.\n> Or 4x A6000.\n\nI have one 4090, can I run llama-2-13b in int4?';
    const s = read(text).scenario;
    expect(s.hardware).toMatchObject({ gpuId: 'rtx-4090', count: 1 });
  });

  it("the user's own pastes stay theirs: a colon-introduced quote (c497, c508), a quoted log line (c038), a command (c496)", () => {
    expect(ownerAt(line('c497').text, 'torch.cuda.OutOfMemoryError')).not.toBe('owner.reference.quoted-reply');
    expect(ownerAt(line('c508').text, 'Output generated')).not.toBe('owner.reference.quoted-reply');
    expect(ownerAt(line('c038').text, 'INFO:Loading')).not.toBe('owner.reference.quoted-reply');
    expect(ownerAt(line('c496').text, 'python scripts/download.py')).not.toBe('owner.reference.quoted-reply');
    expect(ownerAt('My setup is:\n> llama-2-13b on 2x a100\nit OOMs', '2x a100')).not.toBe('owner.reference.quoted-reply');
  });

  it('property: whatever card the quote names, the card the user states after it is read', () => {
    const cards = fc.constantFrom('a100-80g', 'h100', 'a6000', 'l40s', 'rtx-3090', 'rtx-4090');
    fc.assert(
      fc.property(cards, cards, fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }), (theirs, mine, n, m) => {
        const text = `> It runs on ${n}x ${theirs} in bf16\n\nWill llama-2-13b inference work on my ${m}x ${mine}?`;
        const s = read(text).scenario;
        expect(s.hardware?.count).toBe(m);
      }),
      { numRuns: 30 },
    );
  });
});
