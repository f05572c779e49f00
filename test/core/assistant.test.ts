import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond, scenarioThread, UNDO_DEPTH, type ThreadState } from '../../src/core/assistant.js';
import { GiB } from '../../src/memory/format.js';

function estimateOf(text: string, previous: ThreadState | null = null) {
  const turn = respond(text, previous);
  if (turn.reply.kind !== 'estimate') throw new Error(`expected an estimate for "${text}", got ${turn.reply.kind}`);
  return { reply: turn.reply, state: turn.state! };
}

describe('respond: the one entry point', () => {
  it('answers "13b bf16 zero3 seq 4096 on 4xA100-80G" with every component and its arithmetic', () => {
    const { reply } = estimateOf('13b bf16 zero3 seq 4096 on 4xA100-80G');
    expect(reply.reading).toMatch(/Llama-2-13B shape/);
    expect(reply.reading).toMatch(/ZeRO-3/);
    const keys = reply.breakdown.map((c) => c.key);
    for (const key of ['weights', 'master', 'optimizer', 'activations', 'logits', 'slack', 'context']) expect(keys).toContain(key);
    for (const c of reply.breakdown) expect(c.formula.length).toBeGreaterThan(3);
    expect(reply.verdict.capacityBytes).not.toBeNull();
  });

  it('reports the Llama-2-70B KV cache at 4k tokens as 1.25 GiB', () => {
    const { reply } = estimateOf('llama-2-70b infer bf16 ctx 4096');
    const kv = reply.breakdown.find((c) => c.key === 'kv')!;
    expect(kv.bytes / GiB).toBeCloseTo(1.25, 2);
  });

  it('gives the ZeRO paper model states for 7.5 B on 64 GPUs (120 / 31.4 / 16.6 / 1.9 GB)', () => {
    const expected = { ddp: 120, zero1: 31.4, zero2: 16.6, zero3: 1.9 } as const;
    for (const [stage, gb] of Object.entries(expected)) {
      const { reply } = estimateOf(`7.5b fp16 adam ${stage} on 64 gpus of 80GB`);
      const states = reply.estimate.modelStates.reduce((s, c) => s + c.bytes, 0) / 1e9;
      expect(states, stage).toBeCloseTo(gb, 1);
    }
  });

  it('reads a follow-up as a patch on the thread and walks back with undo', () => {
    const first = estimateOf('13b bf16 zero3 seq 4096 on 4xA100-80G');
    const second = estimateOf('now zero2', first.state);
    expect(second.reply.scenario.sharding.stage).toBe(2);
    expect(second.reply.scenario.seq).toBe(4096);
    expect(second.reply.estimate.deviceBytes).toBeGreaterThan(first.reply.estimate.deviceBytes);
    const back = estimateOf('undo', second.state);
    expect(back.reply.scenario).toEqual(first.reply.scenario);
  });

  it('keeps a bounded undo history', () => {
    let state = estimateOf('7b lora on a 4090').state;
    for (let i = 0; i < UNDO_DEPTH + 5; i++) state = estimateOf(`seq ${1024 + i}`, state).state;
    expect(scenarioThread(state)!.history.length).toBe(UNDO_DEPTH);
  });

  it('answers a request error with a caret and keeps the thread state', () => {
    const first = estimateOf('13b on 4xA100-80G');
    const turn = respond('zer3', first.state);
    expect(turn.reply.kind).toBe('error');
    if (turn.reply.kind === 'error') expect(turn.reply.caret).toContain('^');
    expect(turn.state).toBe(first.state);
  });

  it('restates the thread for an empty message, and rejects empty text without one', () => {
    const first = estimateOf('13b on 4xA100-80G');
    expect(estimateOf('', first.state).reply.scenario).toEqual(first.reply.scenario);
    expect(respond('', null).reply.kind).toBe('error');
  });

  it('answers help topics without a scenario', () => {
    const turn = respond('oom', null);
    expect(turn.reply.kind).toBe('help');
    if (turn.reply.kind === 'help') expect(turn.reply.tips.some((t) => t.topic === 'oom')).toBe(true);
  });

  it('offers levers that each fit when the request does not', () => {
    const { reply } = estimateOf('13b bf16 zero3 seq 4096 on 4xA100-80G');
    expect(reply.verdict.status).toBe('no');
    expect(reply.levers.length).toBeGreaterThan(0);
    for (const lever of reply.levers.filter((l) => l.fits)) {
      const applied = estimateOf(lever.change, { scenario: reply.scenario, history: [] });
      expect(applied.reply.estimate.deviceBytes).toBeCloseTo(lever.deviceBytes, -3);
    }
  });

  it('answers max batch with the largest micro-batch that fits', () => {
    const { reply } = estimateOf('llama-3-8b lora max batch on h100');
    const b = reply.answer!.value as number;
    expect(b).toBeGreaterThan(0);
    const at = (n: number) => estimateOf(`llama-3-8b lora bs ${n} on h100`).reply.estimate.fits;
    expect(at(b)).toBe(true);
    expect(at(b + 1)).toBe(false);
  });

  it('never throws and always answers, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const turn = respond(text, null);
        expect(['estimate', 'help', 'error']).toContain(turn.reply.kind);
      }),
      { numRuns: 300 },
    );
  });
});

describe('questions without a GPU named', () => {
  it('max batch answers for one H100 and says so', () => {
    const { reply } = estimateOf('llama-3-8b lora max batch');
    expect(reply.answer!.text).toMatch(/No GPU named, so on one H100/);
    const b = reply.answer!.value as number;
    expect(b).toBeGreaterThan(0);
    expect(estimateOf(`llama-3-8b lora bs ${b} on h100`).reply.estimate.fits).toBe(true);
  });
});
