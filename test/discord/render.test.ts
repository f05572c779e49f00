import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { APIEmbed } from 'discord.js';
import type { Reply, Tip } from '../../src/reply/types.js';
import { renderDiscord } from '../../src/render/discord.js';
import { detailsEmbed, tipsEmbed } from '../../src/render/discord/estimate.js';
import { bar, gib } from '../../src/render/discord/format.js';
import { COMPONENT_LIMITS, EMBED_LIMITS, embedLength } from '../../src/render/discord/limits.js';
import { errorReplyFixture, estimateReplyFixture, helpReplyFixture } from './fixtures/replies.js';

const GiB = 2 ** 30;
const text = (max: number) => fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '`', '*', '█', 'é', '\n', '😀', '9'), maxLength: max });
const bytes = fc.double({ min: 0, max: 2000 * GiB, noNaN: true });
const status = fc.constantFrom('yes', 'tight', 'no', 'unknown') as fc.Arbitrary<'yes' | 'tight' | 'no' | 'unknown'>;

const tip: fc.Arbitrary<Tip> = fc.record({ topic: fc.constant('oom' as const), title: text(400), text: text(3000) });

const estimateReply: fc.Arbitrary<Reply> = fc
  .record({
    canonical: text(400),
    reading: text(5000),
    headline: text(400),
    detail: text(2000),
    verdict: text(400),
    why: text(2000),
    kv: fc.option(text(500)),
    ask: fc.option(text(500)),
    status,
    deviceBytes: bytes,
    capacityBytes: fc.option(bytes),
    assumptions: fc.array(text(300), { maxLength: 20 }),
    notices: fc.array(text(300), { maxLength: 8 }),
    ignored: fc.array(text(100), { maxLength: 10 }),
    breakdown: fc.array(fc.record({ name: text(300), bytes, formula: text(500) }), { maxLength: 40 }),
    levers: fc.array(fc.record({ change: text(200), deviceBytes: bytes, fits: fc.option(fc.boolean()), cost: text(800), note: text(800) }), { maxLength: 12 }),
    tips: fc.array(tip, { maxLength: 8 }),
    followUps: fc.array(text(100), { maxLength: 20 }),
    answer: fc.option(text(3000)),
  })
  .map((g) => {
    const base = estimateReplyFixture(g.canonical);
    return {
      ...base,
      summary: { verdict: g.verdict, why: g.why, capacity: g.kv, ask: g.ask },
      reading: g.reading,
      assumptions: [...g.notices, ...g.assumptions],
      notices: g.notices,
      ignored: g.ignored,
      verdict: { ...base.verdict, status: g.status, headline: g.headline, detail: g.detail, deviceBytes: g.deviceBytes, capacityBytes: g.capacityBytes },
      breakdown: g.breakdown.map((c, i) => ({ key: `k${i}`, group: 'weights' as const, ...c })),
      levers: g.levers,
      tips: g.tips,
      followUps: g.followUps,
      answer: g.answer === null ? null : { kind: 'maxBatch' as const, value: 4, text: g.answer, headline: g.verdict },
    };
  });

const otherReply: fc.Arbitrary<Reply> = fc.oneof(
  fc.record({ kind: fc.constant('help' as const), title: text(400), text: text(6000), tips: fc.array(tip, { maxLength: 30 }), examples: fc.array(text(200), { maxLength: 30 }) }),
  fc.record({
    kind: fc.constant('error' as const), message: text(2000), at: fc.nat(100), caret: text(3000), expected: fc.array(text(100), { maxLength: 60 }),
    suggestion: fc.option(text(300)), example: text(500),
  }),
);

function expectWithinEmbedLimits(embed: APIEmbed): void {
  expect(embed.title?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.title);
  expect(embed.description?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.description);
  expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.fields);
  for (const field of embed.fields ?? []) {
    expect(field.name.length).toBeGreaterThan(0);
    expect(field.name.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldName);
    expect(field.value.length).toBeGreaterThan(0);
    expect(field.value.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
  }
  expect(embed.footer?.text.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.footer);
  expect(embedLength(embed)).toBeLessThanOrEqual(EMBED_LIMITS.total);
}

describe('Discord renderer', () => {
  it('stays within every embed and component limit for any reply', () => {
    fc.assert(
      fc.property(fc.oneof(estimateReply, otherReply), fc.boolean(), (reply, charts) => {
        const message = renderDiscord(reply, { charts });
        for (const embed of message.embeds) expectWithinEmbedLimits(embed);
        if (reply.kind === 'estimate') {
          expectWithinEmbedLimits(detailsEmbed(reply));
          expectWithinEmbedLimits(tipsEmbed(reply));
        }
        expect(message.components.length).toBeLessThanOrEqual(COMPONENT_LIMITS.rows);
        for (const row of message.components) {
          expect(row.components.length).toBeGreaterThan(0);
          expect(row.components.length).toBeLessThanOrEqual(COMPONENT_LIMITS.buttonsPerRow);
          for (const button of row.components) {
            expect('label' in button && button.label!.length).toBeGreaterThan(0);
            expect('label' in button && button.label!.length).toBeLessThanOrEqual(COMPONENT_LIMITS.label);
            expect('custom_id' in button && button.custom_id.length).toBeLessThanOrEqual(COMPONENT_LIMITS.customId);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('keeps the breakdown code block closed however much is cut', () => {
    fc.assert(
      fc.property(estimateReply, (reply) => {
        const description = renderDiscord(reply).embeds[0]!.description ?? '';
        expect((description.match(/```/g) ?? []).length % 2).toBe(0);
      }),
      { numRuns: 100 },
    );
  });

  it('colours the embed by verdict: green fits, amber tight, red no, grey unknown', () => {
    const colour = (s: 'yes' | 'tight' | 'no' | 'unknown') => {
      const base = estimateReplyFixture('13b');
      return renderDiscord({ ...base, verdict: { ...base.verdict, status: s } }).embeds[0]!.color;
    };
    expect([colour('yes'), colour('tight'), colour('no'), colour('unknown')]).toEqual([0x2ecc71, 0xffbf00, 0xe74c3c, 0x95a5a6]);
  });

  it('titles the embed with the answer sentence; the first screen has the why, a short table and the defaults counted', () => {
    const reply = estimateReplyFixture('13b zero3 on 4xA100-80G');
    const message = renderDiscord(reply);
    const embed = message.embeds[0]!;
    expect(embed.title).toBe(reply.summary.verdict);
    expect(embed.description).toContain(reply.summary.why);
    expect(embed.description).toMatch(/activations\s+33\.8/);
    expect(embed.description).toMatch(/peak \(nvidia-smi\)\s+91\.8/);
    expect(embed.description).toContain('2 defaults — **Details**');
    expect(embed.fields ?? []).toEqual([]);
    expect(message.components[0]!.components.map((b) => ('label' in b ? b.label : ''))).toEqual(['gc → 60.4 GiB ✓', 'offload optimizer → 55.0 GiB ✓']);
  });

  it('Details has every formula, every default and the levers with their costs', () => {
    const reply = estimateReplyFixture('13b zero3 on 4xA100-80G');
    const details = detailsEmbed(reply);
    for (const c of reply.breakdown) expect(details.description).toContain(c.formula);
    expect(details.description).toContain('full fine-tune; AdamW');
    expect(details.fields?.[0]).toMatchObject({ name: '1. gc', value: '60.4 GiB ✓ · about +25% step time' });
  });

  it('draws bars against the capacity with a marker at the capacity', () => {
    expect(bar(0.5, 1, 10)).toBe('█████░░░░░');
    expect(bar(2, 1, 4)).toBe('████');
    expect(bar(1.2, 1.2, 12, 1)).toBe('██████████│█');
    expect(gib(1.25 * GiB)).toBe('1.3');
    fc.assert(fc.property(fc.double({ min: 0, max: 1e15, noNaN: true }), fc.double({ min: 1, max: 1e15, noNaN: true }), (v, s) => [...bar(v, s, 16)].length === 16));
  });

  it('renders request errors ephemerally with the caret in a code block', () => {
    const message = renderDiscord(errorReplyFixture('13b zer3', 4));
    expect(message.ephemeral).toBe(true);
    expect(message.components).toEqual([]);
    expect(message.embeds[0]!.description).toContain('```\n13b zer3\n    ^\n```');
  });

  it('renders help without buttons', () => {
    const message = renderDiscord(helpReplyFixture());
    expect(message.ephemeral).toBe(false);
    expect(message.embeds[0]!.fields).toEqual([{ name: 'Try', value: '`13b on 4090`' }]);
  });
});
