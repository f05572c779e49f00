import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { loadVerdictCorpus, seqAndBatchStated, type VerdictLine } from '../../bench/verdicts/corpus.js';
import { agreement, agrees, confusion, gcOtherWay, predict, shardedOtherWay, type Predicted, type Scored } from '../../bench/verdicts/score.js';

const here = dirname(fileURLToPath(import.meta.url));
const corpus = loadVerdictCorpus(join(here, 'verdicts.jsonl'));

describe('the verdict corpus (test/corpus/verdicts.jsonl)', () => {
  it('holds at least 60 outcomes with unique ids v001…, every line valid by the schema', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(60);
    const ids = corpus.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('cites a GitHub issue or pull request for every outcome', () => {
    for (const line of corpus) expect(line.source, line.id).toMatch(/^[\w.-]+\/[\w.-]+#\d+ https:\/\/github\.com\//);
  });

  it('keeps training and serving both present, each with at least 35% of runs that worked and some OOMs', () => {
    for (const kind of ['training', 'serving'] as const) {
      const lines = corpus.filter((l) => l.kind === kind);
      const ran = lines.filter((l) => l.outcome === 'ran').length;
      expect(lines.length, kind).toBeGreaterThanOrEqual(25);
      expect(ran / lines.length, kind).toBeGreaterThanOrEqual(0.35);
      expect(ran, kind).toBeLessThan(lines.length);
    }
  });

  it('has setups with seq and batch both stated and setups without, for the half-stated split', () => {
    expect(corpus.some(seqAndBatchStated)).toBe(true);
    expect(corpus.some((l) => !seqAndBatchStated(l))).toBe(true);
  });

  it('writes every request so that the core reads it without an error and judges it against a named card', () => {
    const unread: string[] = [];
    for (const line of corpus) {
      const { reply } = respond(line.request, null);
      if (reply.kind !== 'estimate') unread.push(`${line.id}: ${reply.kind === 'error' ? reply.message : reply.kind}`);
      else if (reply.verdict.capacityBytes === null) unread.push(`${line.id}: no card to judge against`);
    }
    expect(unread).toEqual([]);
  });

  it('reads every request as what its thread ran: serving lines as serving, training lines as training (DESIGN §2: no training word is serving)', () => {
    const misread: string[] = [];
    for (const line of corpus) {
      const { reply } = respond(line.request, null);
      if (reply.kind !== 'estimate') continue;
      const serving = reply.scenario.mode === 'inference';
      if (serving !== (line.kind === 'serving')) misread.push(`${line.id} (${line.kind}) read as ${reply.scenario.mode}`);
    }
    expect(misread).toEqual([]);
  });

  it('refuses a corpus line whose URL names another thread than its owner/repo#N', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verdicts-'));
    const path = join(dir, 'bad.jsonl');
    const line = { ...corpus[0]!, source: 'vllm-project/vllm#1 https://github.com/vllm-project/vllm/issues/2' };
    writeFileSync(path, `${JSON.stringify(line)}\n`);
    expect(() => loadVerdictCorpus(path)).toThrow(/line 1/);
  });
});

describe('verdict agreement arithmetic (bench/verdicts/score.ts)', () => {
  const base: VerdictLine = corpus[0]!;
  const scoredArb = fc.array(
    fc.record({ outcome: fc.constantFrom('oom' as const, 'ran' as const), predicted: fc.constantFrom<Predicted>('fits', 'no', 'none'), tight: fc.boolean(), envelope: fc.boolean(), gc: fc.boolean(), sharded: fc.boolean() }),
    { maxLength: 40 },
  ).map((rows) =>
    rows.map(
      ({ outcome, predicted, tight, envelope, gc, sharded }): Scored => ({
        line: { ...base, outcome },
        prediction: { predicted, status: predicted, tight: predicted === 'fits' && tight, envelope, deviceBytes: null, capacityBytes: null, headline: '', restsOnGc: predicted !== 'none' && gc, restsOnSharding: predicted === 'no' && sharded, restsOnRl: false },
      }),
    ),
  );

  it('the constant rival "does not fit" agrees exactly on the reported OOMs', () => {
    fc.assert(
      fc.property(scoredArb, (scored) => {
        const rival = scored.map((s) => ({ ...s, prediction: { ...s.prediction, predicted: 'no' as const } }));
        expect(agreement(scored).rivalAgree).toBe(rival.filter(agrees).length);
      }),
    );
  });

  it('agreement never exceeds the lines judged, and the confusion table counts every line once', () => {
    fc.assert(
      fc.property(scoredArb, (scored) => {
        const a = agreement(scored);
        expect(a.agree).toBeLessThanOrEqual(a.judged);
        const c = confusion(scored);
        const total = Object.values(c).reduce((sum, row) => sum + row.fits + row.no + row.none, 0);
        expect(total).toBe(scored.length);
        expect(c.oom.no + c.ran.fits).toBe(a.agree);
      }),
    );
  });

  it('tight read as "does not fit" moves agreement by the tight OOMs less the tight runs, and equals a rescoring with tight as no', () => {
    fc.assert(
      fc.property(scoredArb, (scored) => {
        const a = agreement(scored);
        const tight = scored.filter((s) => s.prediction.tight);
        const tightOom = tight.filter((s) => s.line.outcome === 'oom').length;
        expect(a.agreeTightAsNo - a.agree).toBe(tightOom - (tight.length - tightOom));
        const asNo = scored.map((s) => (s.prediction.tight ? { ...s, prediction: { ...s.prediction, predicted: 'no' as const, tight: false } } : s));
        expect(a.agreeTightAsNo).toBe(agreement(asNo).agree);
      }),
    );
  });

  it('unsaid checkpointing read the other way moves agreement by the gc-resting lines that disagreed less those that agreed, and touches no other line', () => {
    fc.assert(
      fc.property(scoredArb, (scored) => {
        const a = agreement(scored);
        const resting = scored.filter((s) => s.prediction.restsOnGc);
        expect(a.restsOnGc).toBe(resting.length);
        const agreed = resting.filter(agrees).length;
        expect(a.agreeGcOtherWay - a.agree).toBe(resting.length - agreed - agreed);
        for (const s of scored) if (!s.prediction.restsOnGc) expect(gcOtherWay(s)).toBe(s);
      }),
    );
  });

  it('unnamed sharding read as ZeRO-3 gains the runs that worked among the sharding-resting ✗ and loses their OOMs, and touches no other line', () => {
    fc.assert(
      fc.property(scoredArb, (scored) => {
        const a = agreement(scored);
        const resting = scored.filter((s) => s.prediction.restsOnSharding);
        expect(a.restsOnSharding).toBe(resting.length);
        const ran = resting.filter((s) => s.line.outcome === 'ran').length;
        expect(a.agreeShardedOtherWay - a.agree).toBe(ran - (resting.length - ran));
        for (const s of scored) if (!s.prediction.restsOnSharding) expect(shardedOtherWay(s)).toBe(s);
      }),
    );
  });

  it('counts a multi-GPU full fine-tune read as DDP as resting on sharding, not one that names its sharding or runs on one GPU (vb9 v238 as first written)', () => {
    // proxy-tuning#2 as first written: plain DDP of a 13B full fine-tune, which ZeRO-3 over 4 cards fits.
    expect(predict('llama-2-13b full on 4x a100-80g')).toMatchObject({ predicted: 'no', restsOnSharding: true });
    // Invented variations: the sharding named, one GPU (nothing to shard over), and a fit.
    expect(predict('llama-2-13b full zero3 on 4x a100-80g').restsOnSharding).toBe(false);
    expect(predict('llama-2-13b full fsdp on 4x a100-80g').restsOnSharding).toBe(false);
    expect(predict('llama-2-13b full on 1x a100-80g').restsOnSharding).toBe(false);
    expect(predict('llama-2-7b qlora bs 1 seq 512 on 2x a100-80g')).toMatchObject({ predicted: 'fits', restsOnSharding: false });
  });
});
