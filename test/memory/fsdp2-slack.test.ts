import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SLACK, slackDrivers, slackFraction } from '../../src/memory/overhead.js';
import { runsFsdp2 } from '../../src/memory/fsdp2.js';
import { layoutOf } from '../../src/memory/layout.js';
import type { Estimate } from '../../src/memory/types.js';
import { churnOf, estimateOf, scenario, slackOf } from './fixtures.js';

/** The slack terms the estimate applied, from its resolved scenario. */
function driversOf(e: Estimate) {
  return slackDrivers(e.scenario, layoutOf(e.scenario).shard.weights > 1);
}

describe('FSDP2 runs get no sharded-gathers slack: the +26 % was fitted on record_stream engines (fsdp2.ts)', () => {
  it('who runs FSDP2: torchtitan always, torchtune from v0.3.0, the HF Trainer / Accelerate never (FSDP1)', () => {
    const fsdp = { sharding: { kind: 'fsdp', stage: 3 } } as const;
    expect(runsFsdp2(scenario('llama-3-8b', { ...fsdp, framework: 'torchtitan' }))).toBe(true);
    expect(runsFsdp2(scenario('llama-3-8b', { ...fsdp, framework: 'torchtune' }))).toBe(true);
    expect(runsFsdp2(scenario('llama-3-8b', { ...fsdp, framework: 'torchtune', torchtuneVersion: '0.3.0' }))).toBe(true);
    expect(runsFsdp2(scenario('llama-3-8b', { ...fsdp, framework: 'torchtune', torchtuneVersion: '0.2.1' }))).toBe(false);
    expect(runsFsdp2(scenario('llama-3-8b', { ...fsdp, framework: 'hf' }))).toBe(false);
    expect(runsFsdp2(scenario('llama-3-8b', { sharding: { kind: 'zero', stage: 3 }, framework: 'hf' }))).toBe(false);
    // Not sharded at all: nothing gathered, whatever the framework.
    expect(runsFsdp2(scenario('llama-3-8b', { framework: 'torchtitan' }))).toBe(false);
  });

  it('torchtitan FSDP over 8× H100: block rounding only (packed batches), no sharded-gathers term, and the formula says so', () => {
    const e = estimateOf('llama-3-8b full fsdp seq 4096 bs 2 gc torchtitan on 8x h100');
    expect(driversOf(e).shardedGathers).toBe(false);
    expect(slackOf(e)).toBeCloseTo(SLACK.fixedShapes * churnOf(e), 0);
    expect(e.components.find((c) => c.key === 'slack')?.formula).not.toMatch(/sharded gathers/);
  });

  it('the same full fine-tune under the HF Trainer\'s FSDP1 keeps the term it was fitted on', () => {
    const e = estimateOf('llama-3-8b full fsdp seq 4096 bs 2 gc packed on 8x h100');
    expect(driversOf(e).shardedGathers).toBe(true);
    expect(e.components.find((c) => c.key === 'slack')?.formula).toMatch(/26% sharded gathers/);
  });

  it('torchtune 0.2.1 (FSDP1) carries the term on its churn, 0.3.0 (FSDP2) does not: 26 points of the churn apart', () => {
    const old = estimateOf('llama-2-7b full fsdp seq 2048 bs 1 torchtune 0.2.1 on 4x a100-80g');
    const now = estimateOf('llama-2-7b full fsdp seq 2048 bs 1 torchtune 0.3.0 on 4x a100-80g');
    expect(driversOf(old).shardedGathers).toBe(true);
    expect(driversOf(now).shardedGathers).toBe(false);
    expect(slackFraction(driversOf(old)) - slackFraction(driversOf(now))).toBeCloseTo(SLACK.shardedGathers, 6);
    expect(slackOf(old)).toBeCloseTo(slackFraction(driversOf(old)) * churnOf(old), 0);
    expect(slackOf(now)).toBeCloseTo(slackFraction(driversOf(now)) * churnOf(now), 0);
  });

  it('property: an FSDP2 run\'s slack is never above the FSDP1 reading of the same request, and never below block rounding', () => {
    fc.assert(
      fc.property(fc.constantFrom('llama-2-7b', 'llama-3-8b', 'qwen2-7b'), fc.constantFrom(1024, 4096), fc.constantFrom(1, 4), fc.constantFrom(2, 8), (model, seq, bs, gpus) => {
        const titan = estimateOf(`${model} full fsdp seq ${seq} bs ${bs} gc torchtitan on ${gpus}x h100`);
        expect(slackOf(titan)).toBeGreaterThanOrEqual(SLACK.fixedShapes * churnOf(titan) - 1);
        expect(slackOf(titan)).toBeLessThanOrEqual((SLACK.fixedShapes + SLACK.shardedGathers) * churnOf(titan) + 1);
      }),
      { numRuns: 12 },
    );
  });
});
