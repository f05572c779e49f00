import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerOnce, parseArgs } from '../../src/adapters/console/index.js';
import { respond } from '../../src/core/assistant.js';
import { estimate } from '../../src/memory/estimate.js';
import { maxBatch, maxSeq } from '../../src/plan/solvers.js';
import { fitsOf, TIGHT_SHARE } from '../../src/reply/fits.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { renderDiscord } from '../../src/render/discord.js';
import { renderJson } from '../../src/render/json.js';
import { renderSlack } from '../../src/render/slack.js';
import { SLACK_LIMITS } from '../../src/render/slack/limits.js';
import { renderText } from '../../src/render/text.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { discordVisibleChars, slackVisibleChars } from './visible.js';

/** Issue 13's budget of visible characters before any click (test/replies/first-screen.e2e.test.ts). */
const FIRST_SCREEN_BUDGET = 1200;

/**
 * Issue 23, item 8: a setup that leaves the sequence length or the batch unsaid is answered with
 * its envelope (what fits along what was not said), not with a verdict on the defaults; and a
 * fit by under 5% of the card is "tight" (⚠), not ✓.
 */

const SEQ_STEP = 128;
const SEQ_CAP = 10_000_000;
const BATCH_CAP = 65_536;

function reply(text: string, previous: Parameters<typeof respond>[1] = null): EstimateReply {
  const r = respond(text, previous).reply;
  if (r.kind !== 'estimate') throw new Error(`${text}: ${r.kind === 'error' ? r.message : r.kind}`);
  return r;
}

function fitsAt(s: Scenario): boolean {
  return estimate(s, { numbersOnly: true }).fits === true;
}

const MODELS = ['7b', '13b', 'llama-3-8b', 'mistral-7b', 'qwen2.5-14b', 'gemma-2-9b', '1b'];
const SETUPS = ['', 'lora', 'qlora', 'qlora gc', 'zero3 gc', 'serve', 'vllm', 'inference', 'lora gc adam8bit'];
const CARDS = ['on a 4090', 'on h100', 'on a100-40g', 'on 2x a100-80g', 'on an L4', 'on 8x h100'];
/** Half-stated: at most one of the two drivers said. */
const SAID = ['', 'seq 4096', 'seq 1024', 'bs 2', 'mbs 4', 'for 8 users'];

const halfStated = fc.tuple(fc.constantFrom(...MODELS), fc.constantFrom(...SETUPS), fc.constantFrom(...SAID), fc.constantFrom(...CARDS)).map((parts) => parts.filter(Boolean).join(' '));

describe('the envelope of a half-stated setup (property over requests)', () => {
  it('the longest sequence at the batch fits and one step more does not; the largest batch likewise', () => {
    let envelopes = 0;
    fc.assert(
      fc.property(halfStated, (text) => {
        const r = reply(text);
        const env = r.verdict.envelope;
        if (!env) return;
        envelopes++;
        const s = r.scenario;
        expect(env.unstated.length, text).toBeGreaterThan(0);
        expect(env.maxSeqAtBatch.batch).toBe(s.microBatch);
        expect(env.maxBatchAtSeq.seq).toBe(s.seq);
        const seq = env.maxSeqAtBatch.seq;
        if (seq === null) expect(fitsAt({ ...s, seq: SEQ_STEP }), text).toBe(false);
        else {
          expect(fitsAt({ ...s, seq }), `${text}: seq ${seq}`).toBe(true);
          if (seq + SEQ_STEP <= SEQ_CAP) expect(fitsAt({ ...s, seq: seq + SEQ_STEP }), `${text}: seq ${seq + SEQ_STEP}`).toBe(false);
        }
        const batch = env.maxBatchAtSeq.batch;
        if (batch === null) expect(fitsAt({ ...s, microBatch: 1 }), text).toBe(false);
        else {
          expect(fitsAt({ ...s, microBatch: batch }), `${text}: batch ${batch}`).toBe(true);
          if (batch < BATCH_CAP) expect(fitsAt({ ...s, microBatch: batch + 1 }), `${text}: batch ${batch + 1}`).toBe(false);
        }
      }),
      { numRuns: 60 },
    );
    expect(envelopes).toBeGreaterThan(10);
  });

  it('is there exactly when a driver is unsaid, a card is named and something fits along what was unsaid', () => {
    fc.assert(
      fc.property(halfStated, (text) => {
        const r = reply(text);
        const s = r.scenario;
        const env = r.verdict.envelope;
        if (!env) {
          // No envelope on a named card with a driver unsaid: nothing fits along it, so a plain ✗.
          if (s.unstated?.length && s.question.kind === 'none') expect(r.verdict.status, text).toBe('no');
          return;
        }
        expect(env.unstated).toEqual(s.unstated);
        const alongSeq = env.unstated.includes('seq') && env.maxSeqAtBatch.seq !== null;
        const alongBatch = env.unstated.includes('batch') && env.maxBatchAtSeq.batch !== null;
        expect(alongSeq || alongBatch, text).toBe(true);
        // The first screen is the envelope: the headline says what was not said, the ask asks.
        expect(r.summary.verdict, text).toMatch(/^(Fits|Serves) up to .+ \(you did not say your .+\)$/);
        expect(r.summary.ask, text).toMatch(/^It depends on what you did not say: .+\?/);
        // Whole in a Slack header (never cut before the part that says what was not said).
        expect(r.summary.verdict.length, text).toBeLessThanOrEqual(SLACK_LIMITS.headerText);
      }),
      { numRuns: 60 },
    );
  });

  it('stating the sequence length and the batch removes it, in a new request and as a follow-up', () => {
    fc.assert(
      fc.property(halfStated, fc.constantFrom('seq 2048 bs 1', 'seq 4096 mbs 2', 'ctx 8192 bs 1'), (text, said) => {
        const both = respond(`${text} ${said}`, null).reply;
        // "for 8 users bs 1" names the batch twice: refused, which is tested elsewhere.
        if (both.kind === 'error') return;
        expect(both.kind === 'estimate' && both.verdict.envelope, `${text} ${said}`).toBeNull();
        const first = respond(text, null);
        expect(reply(said, first.state).verdict.envelope, `${text} then ${said}`).toBeNull();
      }),
      { numRuns: 40 },
    );
  });

  it('what was unsaid is kept through the thread and its canonical text until it is said', () => {
    const first = respond('llama-3-8b lora on h100', null);
    const r = first.reply as EstimateReply;
    expect(r.scenario.unstated).toEqual(['seq', 'batch']);
    // The canonical text (buttons, thread recovery) leaves them unwritten, so it reads back the same.
    const again = resolveRequest(canonicalText(r.scenario), null);
    expect(again.ok && again.scenario?.unstated).toEqual(['seq', 'batch']);
    const gc = respond('gc', first.state);
    expect((gc.reply as EstimateReply).scenario.unstated).toEqual(['seq', 'batch']);
    const seq = respond('seq 4096', gc.state);
    const withSeq = seq.reply as EstimateReply;
    expect(withSeq.scenario.unstated).toEqual(['batch']);
    expect(withSeq.verdict.envelope?.unstated).toEqual(['batch']);
    expect(canonicalText(withSeq.scenario)).toContain('seq 4096');
  });

  it('a question is answered by its solver, not by an envelope; no card named gives none', () => {
    expect(reply('llama-3-8b lora max batch on h100').verdict.envelope).toBeNull();
    expect(reply('llama-3-8b lora on h100 max seq').verdict.envelope).toBeNull();
    expect(reply('llama-3-8b lora').verdict.envelope).toBeNull();
  });
});

describe('"tight": a margin under 5% of the card', () => {
  it('fitsOf is tight iff 0 ≤ headroom < 5% of the usable memory (property over card sizes)', () => {
    const e = estimate(reply('7b qlora no gc seq 2048 bs 1 on 24GB').scenario);
    const needed = e.capacityBytes! - e.headroomBytes!;
    fc.assert(
      fc.property(fc.double({ min: 0.5, max: 2, noNaN: true }), (scale) => {
        const capacityBytes = needed * scale;
        const headroomBytes = capacityBytes - needed;
        const verdict = fitsOf(e.scenario, { ...e, capacityBytes, headroomBytes });
        const share = headroomBytes / capacityBytes;
        expect(verdict).toBe(share < 0 ? 'no' : share < TIGHT_SHARE ? 'tight' : 'yes');
      }),
    );
  });

  it('every surface says ⚠, and the JSON says "tight", for a setup that fits by under 5%', () => {
    const statuses = new Set<string>();
    for (let gb = 12; gb <= 40; gb++) {
      const r = reply(`7b qlora no gc seq 2048 bs 1 on ${gb}GB`);
      const share = r.verdict.headroomBytes! / r.verdict.capacityBytes!;
      const expected = share < 0 ? 'no' : share < TIGHT_SHARE ? 'tight' : 'yes';
      expect(r.verdict.status, `${gb} GB`).toBe(expected);
      expect((renderJson(r) as { result: { fits: string } }).result.fits).toBe(expected);
      statuses.add(expected);
      if (expected !== 'tight') continue;
      expect(r.verdict.headline).toMatch(/^⚠ Tight fit: /);
      expect(r.summary.verdict).toMatch(/^⚠ Tight fit: /);
      expect(renderText(r)).toContain('⚠ Tight fit');
      expect(JSON.stringify(renderSlack(r).blocks)).toContain('⚠ Tight fit');
      expect(renderDiscord(r).embeds[0]!.title).toMatch(/^⚠ Tight fit/);
      // The fragmentation advice comes with the same band.
      expect(r.tips.some((tip) => tip.topic === 'fragmentation')).toBe(true);
    }
    expect([...statuses].sort()).toEqual(['no', 'tight', 'yes']);
  });
});

describe('worked examples through the terminal reply', () => {
  async function cli(request: string, json = false): Promise<string> {
    let out = '';
    await answerOnce(parseArgs(json ? ['--json', request] : [request]), (s) => (out += s));
    return out;
  }

  const num = (n: number) => n.toLocaleString('en-US');

  it('"llama-3-8b qlora gc on a 4090": fits up to the longest sequence at batch 1, or the largest batch at seq 2048, and asks', async () => {
    const s = reply('llama-3-8b qlora gc on a 4090').scenario;
    const seq = maxSeq(s).answer.value as number;
    const batch = maxBatch(s).answer.value as number;
    const text = (await cli('llama-3-8b qlora gc on a 4090')).replace(/\s+/g, ' ');
    expect(text).toContain(`Fits up to seq ${num(seq)} at batch 1, or batch ${num(batch)} at seq 2,048 (you did not say your sequence length or micro-batch).`);
    expect(text).toContain('It depends on what you did not say: what sequence length and micro-batch do you train at? The table is for seq 2,048 at batch 1.');
  });

  it('"llama-3-8b lora on a 4090": a 16-bit 8B base leaves room for a short sequence only, not the default 2048', async () => {
    const r = reply('llama-3-8b lora on a 4090');
    const seq = maxSeq(r.scenario).answer.value as number;
    expect(seq).toBeLessThan(2048);
    expect(r.verdict.status).toBe('no');
    const text = (await cli('llama-3-8b lora on a 4090')).replace(/\s+/g, ' ');
    expect(text).toContain(`Fits up to seq ${num(seq)} at batch 1, not at seq 2,048 (you did not say your sequence length or micro-batch).`);
  });

  it('"llama-3-8b serve on an L4": vLLM serves the model\'s own context (8,192), so only the concurrency is asked', async () => {
    const s = reply('llama-3-8b serve on an L4').scenario;
    expect(s.seq).toBe(8192);
    const batch = maxBatch(s).answer.value as number;
    const text = (await cli('llama-3-8b serve on an L4')).replace(/\s+/g, ' ');
    expect(text).toContain(`Serves up to ${num(batch)} sequences at once of 8,192 (you did not say your concurrency).`);
    expect(text).toContain('how many requests run at once?');
    expect(text).not.toContain('max-model-len or concurrency');
  });

  it('"llama-3-8b lora bs 2 on h100": the batch was said, so only the sequence is asked for', async () => {
    const s = reply('llama-3-8b lora bs 2 on h100').scenario;
    const seq = maxSeq(s).answer.value as number;
    const text = (await cli('llama-3-8b lora bs 2 on h100')).replace(/\s+/g, ' ');
    expect(text).toContain(`Fits up to seq ${num(seq)} at batch 2 (you did not say your sequence length).`);
    expect(text).toContain('what sequence length do you train at?');
  });


  it('a local llama.cpp / Ollama / LM Studio run asks no batch: one sequence is the engine\'s, said as its default', async () => {
    for (const request of [
      'run llama 3.1 8b with ollama on my laptop (RTX 4060 8GB)',
      'llama-3-8b q4_k_m llama.cpp on a 3060 12GB',
      'mistral 7b in LM Studio on an RTX 3070',
      'llama-3-8b gguf on a 4090 ctx 8192',
    ]) {
      const r = reply(request);
      expect(r.scenario.framework, request).toBe('llamacpp');
      expect(r.verdict.envelope?.unstated ?? [], request).not.toContain('batch');
      expect(r.scenario.microBatch, request).toBe(1);
      const text = (await cli(request)).replace(/\s+/g, ' ');
      expect(text, request).not.toMatch(/what batch|how many requests/);
      expect(text, request).toContain('1 sequence at a time (default)');
    }
  });

  it('Ollama sequences the user states still size the cache: OLLAMA_NUM_PARALLEL=4 holds four contexts', () => {
    const one = reply('llama-3-8b ollama on a 4090');
    const four = reply('llama-3-8b ollama OLLAMA_NUM_PARALLEL=4 on a 4090');
    const kv = (r: EstimateReply) => r.estimate.components.find((c) => c.key === 'kv')!.bytes;
    // Read as max seqs 4, the server's concurrency, never a micro-batch (rserve3: c1812, c1790); the cache holds four contexts.
    expect(four.scenario.inference.maxSeqs).toBe(4);
    expect(four.scenario.microBatch).toBe(1);
    expect(kv(four)).toBeCloseTo(4 * kv(one), 0);
    expect(four.assumptions.join(' ')).not.toContain('1 sequence at a time');
  });
  it('"llama-3-8b full seq 4096 on a 4090": not even batch 1 fits at the stated sequence, so ✗ as before', async () => {
    const text = await cli('llama-3-8b full seq 4096 on a 4090');
    expect(text).toMatch(/✗ Does not fit/);
    expect(text).not.toMatch(/you did not say/);
  });

  it('the JSON contract carries the envelope and the three-valued fit', async () => {
    const json = JSON.parse(await cli('llama-3-8b qlora gc on a 4090', true));
    const s = reply('llama-3-8b qlora gc on a 4090').scenario;
    expect(['yes', 'tight', 'no']).toContain(json.result.fits);
    expect(json.result.envelope).toEqual({
      maxSeqAtBatch: { batch: 1, seq: maxSeq(s).answer.value },
      maxBatchAtSeq: { seq: 2048, batch: maxBatch(s).answer.value },
      unstated: ['seq', 'batch'],
    });
    const stated = JSON.parse(await cli('llama-3-8b qlora gc seq 2048 bs 1 on a 4090', true));
    expect(stated.result.envelope).toBeNull();
    expect(stated.result.fits).toBe(json.result.fits);
  });

  it('the first screen with an envelope stays within the budget on both platforms (property over requests)', () => {
    fc.assert(
      fc.property(halfStated, (text) => {
        const r = reply(text);
        expect(slackVisibleChars(renderSlack(r).blocks), text).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
        expect(discordVisibleChars(renderDiscord(r, { charts: true })), text).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
      }),
      { numRuns: 40 },
    );
  });

  it('Slack and Discord put the envelope and the ask on the first screen', () => {
    const r = reply('llama-3-8b qlora on a 4090');
    const slack = JSON.stringify(renderSlack(r).blocks);
    expect(slack).toContain(r.summary.verdict.replace(/[&<>]/g, ''));
    expect(slack).toContain('It depends on what you did not say');
    const embed = renderDiscord(r).embeds[0]!;
    expect(embed.title).toBe(r.summary.verdict);
    expect(embed.description).toContain('It depends on what you did not say');
  });
});
