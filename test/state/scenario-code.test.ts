import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { Measurement } from '../../src/diagnose/measurement-schema.js';
import { answerInFooter, withScenarioMarker } from '../../src/adapters/discord/scenario-marker.js';
import { renderDiscord } from '../../src/render/discord.js';
import { EMBED_LIMITS, embedLength } from '../../src/render/discord/limits.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { codeOfAnswer, decodeAnswerScenario, encodeAnswerScenario, MAX_SCENARIO_CODE_CHARS, SCENARIO_CODE_VERSION } from '../../src/state/scenario-code.js';

/** Slack's button value limit (DESIGN §5); metadata values are held to it too. */
const SLACK_BUTTON_VALUE = 2000;

/** Request pieces by family, one per family at most (as test/scenario/canonical.test.ts builds them). */
const FAMILIES: string[][] = [
  ['13b', '7b', '8x7b', 'llama-3-8b', 'mistral-7b', 'qwen2.5-14b', 'gemma-2-9b', 'qwen2.5-vl-7b', 'mixtral 8x7b', '70b'],
  ['full', 'pretrain', 'lora r16', 'lora rank 64 all-linear', 'qlora r64 q,v', 'inference', 'vllm'],
  ['bf16', 'fp16', 'pure bf16', 'fp32'],
  ['adamw', 'adam8bit', 'paged adamw', 'sgd momentum'],
  ['zero2', 'zero3', 'fsdp', 'ddp'],
  ['offload optimizer', 'nvme offload'],
  ['tp 2', 'pp 2', 'cp 2'],
  ['seq 4096', '32k', 'seq 1000'],
  ['mbs 2', 'ga 8', 'gbs 64'],
  ['gc', 'selective recompute'],
  ['on 4xA100-80G', '8x H100', 'on a 4090', 'on 24GB', '2 nodes of 8xH100'],
  ['max batch', 'max seq', 'which gpu'],
  ['chart', 'sweep'],
];

const request = fc
  .tuple(fc.constantFrom(...FAMILIES[0]!), fc.subarray(FAMILIES.slice(1), { maxLength: 7 }).chain((fs) => (fs.length ? fc.tuple(...fs.map((f) => fc.constantFrom(...f))) : fc.constant([] as string[]))))
  .map(([model, rest]) => [model, ...rest].join(' '));

/** Scenarios the reader resolves from generated requests. */
const resolved = request.map((text) => resolveRequest(text, null)).filter((r) => r.ok && r.scenario !== null).map((r) => (r as { scenario: Scenario }).scenario);

/**
 * The same with the model replaced by one read from a pasted config.json or a Hub repo: no
 * catalog id, a name of its own, architecture numbers no dictionary knows (incompressible).
 */
const configModel = fc.record({
  name: fc.string({ minLength: 1, maxLength: 96 }),
  layers: fc.integer({ min: 1, max: 512 }),
  hidden: fc.integer({ min: 64, max: 65_536 }),
  heads: fc.integer({ min: 1, max: 256 }),
  ffn: fc.integer({ min: 64, max: 262_144 }),
  vocab: fc.integer({ min: 1000, max: 1_000_000 }),
  sizeAdjustment: fc.integer({ min: -1e10, max: 1e10 }),
});
const fromConfig = fc.tuple(resolved, configModel).map(([s, m]): Scenario => ({
  ...s,
  model: { ...s.model, id: null, name: m.name, asWritten: 'config.json', requestedParams: null, arch: { ...s.model.arch, layers: m.layers, hidden: m.hidden, heads: m.heads, kvHeads: m.heads, ffn: m.ffn, vocab: m.vocab, sizeAdjustment: m.sizeAdjustment } },
}));

const measured: fc.Arbitrary<Measurement | undefined> = fc.option(
  fc.record({
    canonical: fc.string({ maxLength: 300 }),
    allocatedBytes: fc.nat(),
    requestedBytes: fc.nat(),
    reservedBytes: fc.option(fc.nat(), { nil: null }),
    processBytes: fc.option(fc.nat(), { nil: null }),
    capacityBytes: fc.option(fc.nat(), { nil: null }),
    predictedAllocatedBytes: fc.nat(),
    predictedDeviceBytes: fc.nat(),
  }),
  { nil: undefined },
);

const anyScenario = fc.oneof(resolved, fromConfig);

describe('an answer\'s scenario code (issue 24, item 2)', () => {
  it('round-trips every resolved scenario, with or without a measurement, and stays within a Slack button value (property)', () => {
    fc.assert(
      fc.property(anyScenario, measured, (scenario, m) => {
        const answer = m === undefined ? { scenario } : { scenario, measured: m };
        const code = encodeAnswerScenario(answer);
        expect(code).not.toBeNull();
        expect(code!.startsWith(`${SCENARIO_CODE_VERSION}.`)).toBe(true);
        expect(code!.length).toBeLessThanOrEqual(SLACK_BUTTON_VALUE);
        expect(decodeAnswerScenario(code)).toEqual(answer);
      }),
      { numRuns: 150 },
    );
  });

  it('the estimate it stands for is the one answered: restating the decoded scenario gives the same verdict and levers (property)', () => {
    fc.assert(
      fc.property(request, (text) => {
        const first = respond(text, null);
        if (first.reply.kind !== 'estimate') return;
        const decoded = decodeAnswerScenario(codeOfAnswer(first.reply.scenario, first.state))!;
        const again = respond('', { scenario: decoded.scenario, history: [] });
        expect(again.reply.kind).toBe('estimate');
        const reply = again.reply as EstimateReply;
        expect(reply.verdict.headline).toBe(first.reply.verdict.headline);
        expect(reply.levers.map((l) => l.change)).toEqual(first.reply.levers.map((l) => l.change));
      }),
      { numRuns: 40 },
    );
  });

  it('a damaged code, another version\'s, or one whose scenario no longer passes the schema reads as nothing, never throws (property)', () => {
    const turn = respond('13b zero3 on 4xa100-80g', null);
    const code = codeOfAnswer((turn.reply as EstimateReply).scenario, turn.state)!;
    expect(decodeAnswerScenario(code)).not.toBeNull();
    fc.assert(
      fc.property(fc.nat({ max: code.length - 1 }), fc.constantFrom(...'ABCxyz019-_.!'), (at, ch) => {
        const damaged = code.slice(0, at) + ch + code.slice(at + 1);
        // Null, or (a change the compressed stream happens to tolerate) a scenario that passed the schema.
        expect(() => decodeAnswerScenario(damaged)).not.toThrow();
      }),
      { numRuns: 200 },
    );
    expect(decodeAnswerScenario(code.replace(/^s1\./, 's2.'))).toBeNull();
    expect(decodeAnswerScenario(encodeAnswerScenario({ scenario: { mode: 'lora' } as unknown as Scenario }))).toBeNull();
    expect(decodeAnswerScenario(42)).toBeNull();
    expect(decodeAnswerScenario(`s1.${'A'.repeat(MAX_SCENARIO_CODE_CHARS)}`)).toBeNull();
  });

  it('a scenario that would not read back is given no code', () => {
    expect(codeOfAnswer({ fakeCanonical: '13b' } as unknown as Scenario, null)).toBeNull();
  });

  it('on Discord the code rides in the answer\'s footer within every embed limit, the custom ids stay within 100, and the footer reads back the scenario (property)', () => {
    fc.assert(
      fc.property(request, (text) => {
        const turn = respond(text, null);
        if (turn.reply.kind !== 'estimate') return;
        const rendered = withScenarioMarker(renderDiscord(turn.reply), turn.reply);
        const embed = rendered.embeds[0]!;
        expect(embed.footer!.text.length).toBeLessThanOrEqual(EMBED_LIMITS.footer);
        expect(embedLength(embed)).toBeLessThanOrEqual(EMBED_LIMITS.total);
        for (const row of rendered.components) for (const button of row.components) expect((button as { custom_id: string }).custom_id.length).toBeLessThanOrEqual(100);
        expect(answerInFooter(embed.footer!.text).scenario?.scenario).toEqual(turn.reply.scenario);
      }),
      { numRuns: 40 },
    );
  });
});
