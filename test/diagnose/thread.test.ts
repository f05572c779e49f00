import { describe, expect, it } from 'vitest';
import { respond, scenarioThread, waitingOpening, type ScenarioThread, type ThreadState } from '../../src/core/assistant.js';
import { showSize } from '../../src/diagnose/sizes.js';
import { estimate } from '../../src/memory/estimate.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { levers } from '../../src/plan/levers.js';
import type { DiagnosisReply, EstimateReply } from '../../src/reply/types.js';
import { decodeThreadState, encodeThreadState } from '../../src/state/codec.js';
import { fixture } from './fixtures.js';

const GiB = 2 ** 30;

function thread(request: string): ScenarioThread {
  const turn = respond(request, null);
  expect(turn.reply.kind).toBe('estimate');
  return scenarioThread(turn.state)!;
}

/** The thread's state after the pasted log: a scenario, or (with none to hold it against) the log waiting for its setup. */
function diagnosisIn(state: ThreadState | null, name: string): { reply: DiagnosisReply; state: ScenarioThread | null; waiting: string | null } {
  const turn = respond(fixture(name).text, state);
  expect(turn.reply.kind).toBe('diagnosis');
  expect(turn.state === null || scenarioThread(turn.state) !== null || waitingOpening(turn.state) === fixture(name).text).toBe(true);
  return { reply: turn.reply as DiagnosisReply, state: scenarioThread(turn.state), waiting: waitingOpening(turn.state) };
}

describe('a pasted OOM in a thread with a scenario', () => {
  const request = 'finetune 7b full bf16 seq 2048 mbs 4 on A100-80G';

  it('compares the measured allocation with the estimate of the thread\'s setup, numbers from that one Estimate', () => {
    const before = thread(request);
    const { reply, state } = diagnosisIn(before, 'torch2-fragmentation-a800');
    const predicted = estimate(before.scenario).peakAllocatedBytes;
    expect(reply.comparison).toContain(`Your run had 74.53 GiB allocated when it failed`);
    expect(reply.comparison).toContain(`I predicted a peak of ${showSize(predicted)} allocated for this setup`);
    expect(state!.scenario).toEqual(before.scenario);
    expect(state!.measured!.allocatedBytes).toBeCloseTo(74.53 * GiB, -4);
    expect(state!.measured!.predictedAllocatedBytes).toBe(predicted);
  });

  it('later answers in the thread say how far off the estimate was, after a change and after undo', () => {
    const { state } = diagnosisIn(thread(request), 'torch2-fragmentation-a800');
    const changed = respond('gc', state);
    const tip = (changed.reply as EstimateReply).tips[0]!;
    expect(tip.title).toBe('Measured in this thread');
    expect(tip.text).toContain(state!.measured!.canonical);
    expect(tip.text).toMatch(/74\.70 GiB/);
    expect(scenarioThread(changed.state)!.measured).toEqual(state!.measured);
    const undone = respond('undo', changed.state);
    expect((undone.reply as EstimateReply).tips[0]!.text).toMatch(/^For this setup,/);
    expect(scenarioThread(undone.state)!.measured).toEqual(state!.measured);
  });

  it('says the estimate was low, by how much, when the run needed more than predicted', () => {
    const { state } = diagnosisIn(thread('1b lora seq 512 on A100-80G'), 'torch2-fragmentation-a800');
    const m = state!.measured!;
    expect(m.predictedAllocatedBytes).toBeLessThan(m.allocatedBytes);
    const again = respond('', state).reply as EstimateReply;
    expect(again.tips[0]!.text).toMatch(/my estimate was at least \d+% low/);
  });

  it('re-estimates the levers for a real shortage and judges them against the card in the log', () => {
    const before = thread('7b lora seq 4096 mbs 8 on a 4090');
    const { reply } = diagnosisIn(before, 'hip-shortage');
    expect(reply.cause).toBe('shortage');
    expect(reply.headline).toMatch(/short by about [\d.]+ GiB — the 1\.88 GiB that failed plus what the rest of the step needs/);
    const expected = levers(before.scenario, estimate(before.scenario)).slice(0, 5);
    expect(reply.levers.map((l) => [l.change, l.deviceBytes])).toEqual(expected.map((l) => [l.change, l.deviceBytes]));
    for (const l of reply.levers) expect(l.fits).toBe(l.deviceBytes <= 23.98 * GiB);
  });

  it('a diagnosis with nothing to measure (vLLM, NaN) leaves the thread state as it was', () => {
    const before = thread('llama3-8b serve vllm ctx 29000 on a 3090');
    expect(diagnosisIn(before, 'vllm-kv-tokens').state).toBe(before);
    expect(diagnosisIn(before, 'nan-bf16-hf').state).toBe(before);
  });

  it('holds vLLM\'s KV room against the thread\'s serving estimate', () => {
    const before = thread('llama3-8b serve vllm ctx 29000 on a 3090');
    const predicted = estimate(before.scenario).serving!.kvCapacityTokens;
    const { reply } = diagnosisIn(before, 'vllm-kv-tokens');
    expect(reply.comparison).toContain(`vLLM found room for 16,816 tokens of KV cache; I estimated ${predicted.toLocaleString('en-US')} for this setup`);
    // The share is of what vLLM found: the estimate is that share more or fewer than the measurement.
    const share = Math.round((100 * Math.abs(predicted - 16816)) / 16816);
    expect(reply.comparison).toContain(`(${share}% ${predicted > 16816 ? 'more' : 'fewer'} than it found)`);
  });

  it('an estimate of no KV room against the room vLLM found is 100% fewer, not 0%', () => {
    const before = thread('llama-3-70b serve vllm ctx 29000 on a 3090');
    expect(estimate(before.scenario).serving!.kvCapacityTokens).toBe(0);
    const { reply } = diagnosisIn(before, 'vllm-kv-tokens');
    expect(reply.comparison).toContain('I estimated 0 for this setup (100% fewer than it found)');
  });

  it('uses the thread\'s card: fp16 NaN advice on a V100 does not say "move to bf16"', () => {
    const { reply } = diagnosisIn(thread('13b fp16 on v100'), 'nan-spike-bf16');
    expect(reply.cause).toBe('nan-fp16');
    expect(reply.actions[0]).toMatch(/has no bf16/);
  });

  it('without a thread: generic levers and an offer to re-estimate, no comparison; the log waits for its setup (issue 24)', () => {
    const { reply, state, waiting } = diagnosisIn(null, 'torch1-shortage');
    expect(reply.comparison).toBeNull();
    expect(reply.levers).toEqual([]);
    expect(reply.setup).toBeUndefined();
    expect(reply.actions.join(' ')).toMatch(/Tell me the setup in this thread/);
    expect(state).toBeNull();
    expect(waiting).toBe(fixture('torch1-shortage').text);
  });
});

describe('the measurement in stored thread state', () => {
  it('round-trips through the store codec', () => {
    const { state } = diagnosisIn(thread('finetune 7b full bf16 seq 2048 mbs 4 on A100-80G'), 'torch2-fragmentation-a800');
    expect(decodeThreadState(encodeThreadState(state!))).toEqual(state);
  });

  it('rows written before it existed still decode (the field is optional)', () => {
    const old = thread('7b lora on a 4090');
    const json = JSON.parse(encodeThreadState(old));
    delete json.measured;
    const decoded = decodeThreadState(JSON.stringify(json));
    expect(decoded).not.toBeNull();
    expect(scenarioThread(decoded)!.measured).toBeUndefined();
  });

  it('a corrupt measurement makes the row unreadable, as any corrupt state does', () => {
    const json = JSON.parse(encodeThreadState(thread('7b lora on a 4090')));
    json.measured = { canonical: 3 };
    expect(decodeThreadState(JSON.stringify(json))).toBeNull();
  });
});

describe('a setup stated on the first line above the pasted log', () => {
  const request = 'finetune 7b full bf16 seq 2048 mbs 4 on A100-80G';

  it('is read as the thread\'s scenario: the OOM is compared with its estimate and the thread starts there', () => {
    const turn = respond(`${request}\n${fixture('torch2-fragmentation-a800').text}`, null);
    const alone = scenarioThread(respond(request, null).state)!;
    expect(turn.reply.kind).toBe('diagnosis');
    expect((turn.reply as DiagnosisReply).comparison).toContain(`I predicted a peak of ${showSize(estimate(alone.scenario).peakAllocatedBytes)} allocated`);
    expect(scenarioThread(turn.state)!.scenario).toEqual(alone.scenario);
    expect(scenarioThread(turn.state)!.measured!.canonical).toBe(canonicalText(alone.scenario));
    expect(respond('gc', turn.state).reply.kind).toBe('estimate');
  });

  it('prose on the first line is not a setup: no comparison, no scenario; the message waits for its setup', () => {
    const text = `my run died with this:\n${fixture('torch2-fragmentation-a800').text}`;
    const turn = respond(text, null);
    expect((turn.reply as DiagnosisReply).comparison).toBeNull();
    expect(scenarioThread(turn.state)).toBeNull();
    expect(waitingOpening(turn.state)).toBe(text);
  });

  it('a setup stated with the log wins over the thread\'s (it was said about this run); the thread\'s is its undo step (issue 24)', () => {
    const before = thread('7b lora on a 4090');
    const turn = respond(`${request}\n${fixture('torch2-fragmentation-a800').text}`, before);
    const stated = scenarioThread(respond(request, null).state)!.scenario;
    expect(scenarioThread(turn.state)!.scenario).toEqual(stated);
    expect(scenarioThread(turn.state)!.history.at(-1)).toEqual(before.scenario);
    expect(scenarioThread(respond('undo', turn.state).state)!.scenario).toEqual(before.scenario);
  });
});
