import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { types } from '@slack/bolt';
import type { EstimateReply, Lever, Tip } from '../../src/reply/types.js';
import { ACTION_IDS, decodeButtonValue, renderSlack, renderSlackDetails, renderSlackTips } from '../../src/render/slack.js';
import { capacityBar } from '../../src/render/slack/bar.js';
import { component, errorReply, estimateReply, helpReply } from './fixtures.js';
import { blockKitViolations } from './limits-check.js';

const GiB = 2 ** 30;

function allText(blocks: types.KnownBlock[]): string {
  return JSON.stringify(blocks);
}

function buttonsOf(blocks: types.KnownBlock[]): types.Button[] {
  return blocks.flatMap((block) => (block.type === 'actions' ? (block.elements as types.Button[]) : []));
}

describe('Slack rendering of an estimate', () => {
  const reply = estimateReply({ canonical: '13b bf16 zero3 seq 4096 on 4xA100-80G' });
  const message = renderSlack(reply);

  it('heads the message with the verdict and keeps the text fallback', () => {
    expect(message.blocks[0]).toMatchObject({ type: 'header', text: { text: reply.verdict.headline } });
    expect(message.text).toContain(reply.verdict.headline);
  });

  it('the first screen names the three largest components, sums the rest, and no code line is wider than a phone', () => {
    const code = message.blocks.flatMap((b) => (b.type === 'section' && b.text?.text.startsWith('```') ? b.text.text.split('\n') : []));
    expect(code.join('\n')).toMatch(/activations\s+33\.8/);
    expect(code.join('\n')).toMatch(/1 more\s+6\.1/);
    expect(code.join('\n')).toMatch(/card offers\s+79\.2/);
    for (const line of code) expect(line.length).toBeLessThanOrEqual(40);
  });

  it('Details shows every component in GiB with one decimal and the peak against capacity with a bar', () => {
    const text = allText(renderSlackDetails(reply).blocks);
    for (const c of reply.breakdown) {
      expect(text).toContain(c.name);
      expect(text).toContain((c.bytes / GiB).toFixed(1));
    }
    expect(text).toContain('91.8');
    expect(text).toContain('79.2');
    expect(text).toContain('│▌');
  });

  it('lists the top three levers with their new peaks and a button that carries canonical text + change', () => {
    const text = allText(message.blocks);
    expect(text).toContain('60.4 GiB');
    const levers = buttonsOf(message.blocks).filter((b) => b.action_id?.startsWith(ACTION_IDS.lever));
    expect(levers).toHaveLength(3);
    expect(decodeButtonValue(levers[0]!.value)).toEqual({ canonical: reply.canonical, change: 'gc' });
    const ids = buttonsOf(message.blocks).map((b) => b.action_id);
    expect(ids).toEqual(expect.arrayContaining([ACTION_IDS.math, ACTION_IDS.chart, ACTION_IDS.tips]));
  });

  it('embeds the canonical request as message metadata for thread recovery', () => {
    expect(message.metadata).toEqual({ event_type: 'headroom_answer', event_payload: { canonical: reply.canonical } });
  });

  it('escapes mrkdwn control characters coming from user text', () => {
    const tricky = estimateReply({ canonical: 'x <!channel> & <@U1>' });
    const visible = renderSlack({ ...tricky, reading: 'Read as: <!channel> & co' }).blocks.filter((b) => b.type !== 'actions');
    const text = allText(visible);
    expect(text).not.toContain('<!channel>');
    expect(text).toContain('&lt;!channel&gt; &amp; co');
  });

  it('without hardware shows the need, not a bar', () => {
    const open = renderSlack(estimateReply({ canonical: '7b', capacityGib: null }));
    expect(allText(open.blocks)).not.toContain('│');
    expect(blockKitViolations(open)).toEqual([]);
  });

  it('"Details" lists every formula with its numbers', () => {
    const math = renderSlackDetails(reply);
    const text = allText(math.blocks);
    for (const c of reply.breakdown) expect(text).toContain(c.formula.replace(/·/g, '·'));
    expect(text).toContain('max_memory_allocated');
    expect(blockKitViolations(math)).toEqual([]);
  });
});

describe('Slack rendering of errors and help', () => {
  it('shows the caret in a code block, what was expected, the suggestion and an example', () => {
    const message = renderSlack(errorReply('13b zer3'));
    const text = allText(message.blocks);
    expect(text).toContain('```\\n13b zer3\\n    ^\\n```');
    expect(text).toContain('`zero3`');
    expect(text).toContain('13b bf16 zero3 on 4xA100-80G');
    expect(message.metadata).toBeUndefined();
  });

  it('renders help with its examples', () => {
    const message = renderSlack(helpReply());
    expect(allText(message.blocks)).toContain('7b lora on a 4090');
    expect(blockKitViolations(message)).toEqual([]);
  });
});

describe('capacity bar', () => {
  it('never shrinks as the peak grows, and marks overflow only past capacity (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 400, noNaN: true }), fc.double({ min: 0, max: 400, noNaN: true }), fc.double({ min: 1, max: 200, noNaN: true }), (a, b, cap) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const filled = (bar: string) => [...bar].filter((ch) => ch === '█' || ch === '▌').length;
        expect(filled(capacityBar(low, cap))).toBeLessThanOrEqual(filled(capacityBar(high, cap)));
        expect(capacityBar(low, cap).includes('▌')).toBe(low > cap);
      }),
    );
  });
});

// ---------- property: every reply stays inside Block Kit's limits ----------

const text = (max: number) => fc.oneof(fc.string({ maxLength: max }), fc.string({ unit: 'grapheme', maxLength: Math.min(max, 400) }), fc.constant('<&>```'.repeat(Math.floor(max / 6))));
const bytes = fc.double({ min: 0, max: 1e13, noNaN: true });

const leverArb: fc.Arbitrary<Lever> = fc.record({
  change: text(300),
  deviceBytes: bytes,
  fits: fc.constantFrom(true, false, null),
  cost: text(500),
  note: text(500),
});
const tipArb: fc.Arbitrary<Tip> = fc.record({
  topic: fc.constantFrom('oom' as const, 'nan' as const, 'usage' as const),
  title: text(300),
  text: text(4000),
});

const estimateArb: fc.Arbitrary<EstimateReply> = fc
  .record({
    canonical: text(2500),
    reading: text(5000),
    headline: text(400),
    detail: text(4000),
    verdict: text(400),
    why: text(2000),
    kv: fc.option(text(500)),
    ask: fc.option(text(500)),
    capacity: fc.option(fc.double({ min: 1, max: 1e12, noNaN: true })),
    device: bytes,
    assumptions: fc.array(text(800), { maxLength: 20 }),
    notices: fc.array(text(800), { maxLength: 8 }),
    ignored: fc.array(text(200), { maxLength: 20 }),
    components: fc.array(fc.record({ name: text(200), formula: text(600), bytes }), { maxLength: 40 }),
    levers: fc.array(leverArb, { maxLength: 10 }),
    tips: fc.array(tipArb, { maxLength: 12 }),
    followUps: fc.array(text(200), { maxLength: 20 }),
    answer: fc.option(fc.record({ text: text(3000), sides: fc.array(fc.record({ label: text(300), reading: text(2000), deviceBytes: bytes, fits: fc.constantFrom(true, false, null) }), { maxLength: 6 }) })),
    hostBytes: bytes,
  })
  .map((g) => {
    const base = estimateReply({ canonical: g.canonical });
    return {
      ...base,
      summary: { verdict: g.verdict, why: g.why, capacity: g.kv, ask: g.ask },
      reading: g.reading,
      assumptions: [...g.notices, ...g.assumptions],
      notices: g.notices,
      ignored: g.ignored,
      verdict: { ...base.verdict, headline: g.headline, detail: g.detail, deviceBytes: g.device, capacityBytes: g.capacity },
      breakdown: g.components.map((c, i) => component(`k${i}`, c.name, c.bytes / GiB, c.formula)),
      levers: g.levers,
      tips: g.tips,
      followUps: g.followUps,
      answer: g.answer ? { kind: 'compare' as const, value: null, text: g.answer.text, headline: g.verdict, sides: g.answer.sides } : null,
      estimate: { ...base.estimate, hostBytes: g.hostBytes, notes: g.assumptions },
    };
  });

describe('Block Kit limits (property over generated replies)', () => {
  it('an estimate never breaks a limit, always has its buttons and metadata', () => {
    fc.assert(
      fc.property(estimateArb, fc.option(text(400)), (reply, note) => {
        const message = renderSlack(reply, note && note.trim() !== '' ? note : null);
        expect(blockKitViolations(message)).toEqual([]);
        expect(message.blocks.some((b) => b.type === 'actions')).toBe(true);
        expect(message.metadata?.event_payload).toEqual({ canonical: reply.canonical });
        expect(blockKitViolations(renderSlackDetails(reply))).toEqual([]);
        expect(blockKitViolations(renderSlackTips(reply))).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('errors and help never break a limit', () => {
    fc.assert(
      fc.property(text(3000), text(3000), fc.array(text(300), { maxLength: 60 }), fc.option(text(500)), text(3000), (messageText, caret, expected, suggestion, example) => {
        const error = renderSlack({ kind: 'error', message: messageText, at: 0, caret, expected, suggestion, example });
        expect(blockKitViolations(error)).toEqual([]);
        const help = renderSlack({ kind: 'help', title: messageText, text: caret.repeat(4), tips: expected.map((t) => ({ topic: 'oom' as const, title: t, text: example })), examples: expected });
        expect(blockKitViolations(help)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});

describe('Slack help in a proportional font', () => {
  it('lists the items as "*model* 13b · …", with no space-aligned columns', async () => {
    const { respond } = await import('../../src/core/assistant.js');
    const sections = renderSlack(respond('help', null).reply).blocks.flatMap((b) => (b.type === 'section' && b.text && !b.text.text.startsWith('```') ? [b.text.text] : []));
    const text = sections.join('\n');
    expect(text).toMatch(/^\*model\* 13b/m);
    expect(text).not.toMatch(/\S {2,}\S/);
  });
});
