import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond, type ThreadState } from '../../src/core/assistant.js';
import { DEFAULT_WORDS } from '../../src/scenario/defaults.js';
import type { Measurement } from '../../src/diagnose/measurement-schema.js';
import { answerInFooter, withScenarioMarker } from '../../src/adapters/discord/scenario-marker.js';
import { renderDiscord } from '../../src/render/discord.js';
import { EMBED_LIMITS, embedLength } from '../../src/render/discord/limits.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { corpusLines } from '../../bench/load/corpus-texts.js';
import { freshAnswer } from '../corpus/fresh.js';
import { basisOfReply, codeOfAnswer, decodeAnswerScenario, encodeAnswerScenario, MAX_SCENARIO_CODE_CHARS, pack, SCENARIO_CODE_VERSION, threadOfAnswer } from '../../src/state/scenario-code.js';

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

  it('the estimate it stands for is the one answered: restating the decoded code gives the same verdict, levers, "Defaults used", notices and ignored words (property)', () => {
    fc.assert(
      fc.property(request, fc.constantFrom('', ' please', ' thx lol'), (text, chatter) => {
        const first = respond(text + chatter, null);
        if (first.reply.kind !== 'estimate') return;
        const decoded = decodeAnswerScenario(codeOfAnswer(first.reply))!;
        const again = respond('', threadOfAnswer(decoded));
        expect(again.reply.kind).toBe('estimate');
        const reply = again.reply as EstimateReply;
        expect(reply.verdict).toEqual(first.reply.verdict);
        expect(reply.levers).toEqual(first.reply.levers);
        expect(reply.assumptions).toEqual(first.reply.assumptions);
        expect(reply.notices).toEqual(first.reply.notices);
        expect(reply.ignored).toEqual(first.reply.ignored);
      }),
      { numRuns: 40 },
    );
  });

  it('how an answer was read round-trips: its defaults in order, which lead as notices, the ignored words; a default costs its key, not its words (property)', () => {
    const defaults = Object.values(DEFAULT_WORDS);
    const words = fc.oneof(fc.constantFrom(...defaults), fc.string({ maxLength: 120 }), fc.string({ maxLength: 40 }).map((w) => `=${w}`));
    const reading = fc.uniqueArray(words, { maxLength: 24 }).chain((assumptions) =>
      fc.record({ assumptions: fc.constant(assumptions), notices: fc.nat({ max: assumptions.length }).map((n) => assumptions.slice(0, n)), ignored: fc.array(fc.string({ maxLength: 30 }), { maxLength: 6 }) }),
    );
    const scenario = (respond('13b lora on a 4090', null).reply as EstimateReply).scenario;
    fc.assert(
      fc.property(reading, (read) => {
        const code = encodeAnswerScenario({ scenario, reading: read })!;
        expect(decodeAnswerScenario(code)).toEqual({ scenario, reading: read });
      }),
      { numRuns: 200 },
    );
    // Every default named by its key: the code grows by a fraction of what the words would cost it.
    const bare = encodeAnswerScenario({ scenario })!;
    const keyed = encodeAnswerScenario({ scenario, reading: { assumptions: defaults, notices: [], ignored: [] } })!;
    const spelled = pack({ s: scenario, r: { a: defaults, n: 0, i: [] } });
    expect(keyed.length - bare.length).toBeLessThan((spelled.length - bare.length) / 3);
  });

  it('a reading too long for the limit is left out, never the scenario; a default this release no longer knows is dropped, the rest kept', () => {
    const scenario = (respond('13b lora on a 4090', null).reply as EstimateReply).scenario;
    // Incompressible words past the limit.
    const noise = Array.from({ length: 40 }, (_, i) => createHash('sha512').update(String(i)).digest('base64'));
    const code = encodeAnswerScenario({ scenario, reading: { assumptions: noise, notices: [], ignored: [] } })!;
    expect(code.length).toBeLessThanOrEqual(MAX_SCENARIO_CODE_CHARS);
    expect(decodeAnswerScenario(code)).toEqual({ scenario });
    // As a release with another default would have written it.
    const written = pack({ s: scenario, r: { a: ['=seq', '=noSuchDefault', 'kept'], n: 2, i: [] } });
    expect(decodeAnswerScenario(written)?.reading).toEqual({ assumptions: [DEFAULT_WORDS.seq, 'kept'], notices: [DEFAULT_WORDS.seq], ignored: [] });
  });

  it('on Discord a footer with little room left gets the code without its defaults, and none where even that does not fit', () => {
    const turn = respond('70b vllm on 2x h100', null);
    const withFooter = (used: number) => {
      const rendered = renderDiscord(turn.reply);
      return { ...rendered, embeds: [{ ...rendered.embeds[0]!, footer: { text: 'x'.repeat(used) } }] };
    };
    const read = (used: number) => {
      const embed = withScenarioMarker(withFooter(used), turn.reply).embeds[0]!;
      expect(embed.footer!.text.length).toBeLessThanOrEqual(EMBED_LIMITS.footer);
      return answerInFooter(embed.footer!.text).scenario;
    };
    const full = codeOfAnswer(turn.reply)!;
    expect(read(0)?.reading?.assumptions).toEqual((turn.reply as EstimateReply).assumptions);
    const tight = read(EMBED_LIMITS.footer - full.length + 2);
    expect(tight?.scenario).toEqual((turn.reply as EstimateReply).scenario);
    expect(tight?.reading).toBeUndefined();
    expect(read(EMBED_LIMITS.footer - 8)).toBeNull();
  });

  it('a NaN triage carries the setup it was read against, with the thread\'s measurement, without the help it asked for', () => {
    const thread = respond('finetune 7b full bf16 seq 2048 mbs 4 on A100-80G', null);
    const measured = { canonical: 'x', allocatedBytes: 1, requestedBytes: 2, reservedBytes: null, processBytes: null, capacityBytes: null, predictedAllocatedBytes: 3, predictedDeviceBytes: 4 };
    const triage = respond('my loss goes nan with fp16', { ...thread.state!, measured } as ThreadState);
    expect(triage.reply.kind).toBe('diagnosis');
    const decoded = decodeAnswerScenario(codeOfAnswer(triage.reply))!;
    expect(decoded.scenario.compute).toBe('fp16');
    expect(decoded.scenario.help).toEqual([]);
    expect(decoded.measured).toEqual(measured);
    const estimate = respond('', threadOfAnswer(decoded));
    expect(estimate.reply.kind).toBe('estimate');
  });

  it('a damaged code, another version\'s, or one whose scenario no longer passes the schema reads as nothing, never throws (property)', () => {
    const turn = respond('13b zero3 on 4xa100-80g', null);
    const code = codeOfAnswer(turn.reply)!;
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

  it('a scenario that would not read back gives a code that reads as none, as if it had none; a help reply has none', () => {
    const turn = respond('13b lora on a 4090', null);
    expect(decodeAnswerScenario(codeOfAnswer({ ...(turn.reply as EstimateReply), scenario: { fakeCanonical: '13b' } as unknown as Scenario }))).toBeNull();
    expect(codeOfAnswer(respond('help', null).reply)).toBeNull();
  });

  it('every corpus answer\'s code reads back its scenario, measurement and reading (the code is not validated on the way out)', () => {
    let coded = 0;
    // Every third line: the whole corpus takes over 20 s on a loaded 2-core machine.
    for (const text of corpusLines().filter((_, i) => i % 3 === 0)) {
      // Each line answered once per worker: accounting, fact-trace and chat-turn answer it too.
      const reply = freshAnswer(text).reply;
      const basis = basisOfReply(reply);
      const code = codeOfAnswer(reply);
      if (basis === null) {
        expect(code, text).toBeNull();
        continue;
      }
      coded += 1;
      const decoded = decodeAnswerScenario(code);
      // A reading too long for the code's room is left out by design (encodeAnswerScenario): the scenario and the
      // measurement still read back, and only then (a pasted GRPO launch script with a long "not read" list, b66).
      if (decoded !== null && decoded.reading === undefined && basis.reading !== undefined) {
        const { reading: _left, ...bare } = basis;
        expect(decoded, text).toEqual(bare);
        continue;
      }
      expect(decoded, text).toEqual(basis);
    }
    expect(coded).toBeGreaterThan(100);
  }, 60_000);

  it('reads back the same at every deflate level (the level is a size choice, not part of the format)', () => {
    const reply = respond('13b lora on a 4090', null).reply;
    const basis = basisOfReply(reply)!;
    const body = { s: basis.scenario, r: { a: [], n: 0, i: [] } };
    for (const level of [1, 6, 9]) expect(decodeAnswerScenario(pack(body, level))?.scenario).toEqual(basis.scenario);
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
