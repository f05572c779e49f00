import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond, scenarioThread, waitingOpening } from '../../src/core/assistant.js';
import { statedScenario } from '../../src/diagnose/index.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import type { DiagnosisReply } from '../../src/reply/types.js';
import { fixture } from './fixtures.js';

/**
 * Issue 24, item 3, the pure part: a pasted error and its setup make one conversation. With the
 * setup in the same message the log is held against it; sent after, the setup gets the same answer.
 */
const LOGS = ['torch2-shortage-4090', 'torch2-fragmentation-a800', 'torch1-shortage', 'hip-shortage', 'nan-bf16-hf', 'vllm-kv-tokens'];
const SETUPS = ['13b lora on 1x 4090 seq 4096', '7b full bf16 seq 2048 mbs 4 on A100-80G', 'llama3-8b serve vllm ctx 29000 on a 3090'];

describe('a setup sent after a diagnosis', () => {
  it('gets the answer the log and the setup in one message get: the same reply, the same thread state', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOGS), fc.constantFrom(...SETUPS), (name, setup) => {
        const log = fixture(name).text;
        const first = respond(log, null);
        expect(waitingOpening(first.state), name).toBe(log);
        const after = respond(setup, first.state);
        const together = respond(`${setup}\n${log}`, null);
        expect(after.reply.kind).toBe('diagnosis');
        // The setup's notices are its own message's reading (issue 22 item 5): read with the log,
        // they may also say what was read from the log's OOM message; all the setup's own are said both ways.
        const { setup: afterSetup, ...afterRest } = after.reply as DiagnosisReply;
        const { setup: togetherSetup, ...togetherRest } = together.reply as DiagnosisReply;
        expect(afterRest).toEqual(togetherRest);
        expect({ ...afterSetup, notices: [] }).toEqual({ ...togetherSetup, notices: [] });
        for (const notice of afterSetup?.notices ?? []) expect(togetherSetup?.notices, setup).toContain(notice);
        expect(scenarioThread(after.state)!.scenario).toEqual(scenarioThread(together.state)!.scenario);
        expect(scenarioThread(after.state)!.measured).toEqual(scenarioThread(together.state)!.measured);
      }),
      { numRuns: LOGS.length * SETUPS.length },
    );
  });

  it('names the setup it was held against, with that setup\'s own verdict and its estimate one click away', () => {
    const reply = respond('13b lora on 1x 4090 seq 4096', respond(fixture('torch2-shortage-4090').text, null).state).reply as DiagnosisReply;
    const alone = respond('13b lora on 1x 4090 seq 4096', null).reply;
    if (alone.kind !== 'estimate') throw new Error('the setup reads as an estimate');
    // Its notices are the ones the setup's own estimate says on its first screen (issue 22 item 5).
    expect(reply.setup).toEqual({ request: alone.compact, canonical: alone.canonical, verdict: alone.verdict.headline, notices: alone.notices });
    expect(reply.memoryRequest).toBe(alone.compact);
    expect(canonicalText(scenarioThread(respond(reply.memoryRequest!, null).state)!.scenario)).toBe(alone.canonical);
  });

  it('a control word or a question in the waiting thread is read as usual, and the log still waits for its setup', () => {
    const first = respond(fixture('torch2-shortage-4090').text, null);
    const help = respond('help', first.state);
    expect(help.reply.kind).toBe('help');
    expect(waitingOpening(help.state)).toBe(fixture('torch2-shortage-4090').text);
    expect(respond('reset', first.state).cleared).toBe(true);
    // Words that name no model: asked which model, with the log and the words kept for the answer.
    const noModel = respond('on a 4090', first.state);
    expect(noModel.reply.kind).toBe('error');
    expect(waitingOpening(noModel.state)).toContain('Tried to allocate 22.00 MiB');
    // The model then: held against the setup all the waiting words make.
    const then = respond('13b lora', noModel.state);
    expect(then.reply.kind).toBe('diagnosis');
    expect((then.reply as DiagnosisReply).setup?.request).toMatch(/^13b lora .*on 1x rtx-4090$/);
  });

  it('a second log pasted while one waits takes its place', () => {
    const first = respond(fixture('torch2-shortage-4090').text, null);
    const second = respond(fixture('torch1-shortage').text, first.state);
    expect(waitingOpening(second.state)).toBe(fixture('torch1-shortage').text);
  });

  it('a thread waiting for a model keeps its words when a log is pasted (the log is no answer to "Which model?")', () => {
    const asked = respond('which models fit on a 5090 at 16k?', null);
    const words = waitingOpening(asked.state);
    expect(words).not.toBeNull();
    expect(waitingOpening(respond(fixture('torch2-shortage-4090').text, asked.state).state)).toBe(words);
  });
});

describe('a setup on the error\'s own line (a slash command is one line)', () => {
  const line = fixture('torch2-shortage-4090').text.split('\n').find((l) => l.includes('OutOfMemoryError'))!;

  it('before the error, or after its last sentence', () => {
    expect(statedScenario(`13b lora on 1x 4090 seq 4096 ${line}`)?.seq).toBe(4096);
    expect(statedScenario(`13b lora on 1x 4090 seq 4096: ${line}`)?.hardware?.gpuId).toBe('rtx-4090');
    expect(statedScenario(`${line} 13b lora on 1x 4090 seq 4096`)?.mode).toBe('lora');
  });

  it('an error quoted in prose without an exception\'s name: the line is read whole, and the log\'s diagnosis keeps it', () => {
    // A stranger's line (invented, in the words of vLLM's own error): the setup and the error in one sentence.
    const quoted = "vllm serve Qwen/Qwen3-30B-A3B --tensor-parallel-size 2 --max-model-len 32768 on two L40S, getting 'No available memory for the cache blocks'";
    const s = statedScenario(quoted);
    expect(s?.hardware?.count).toBe(2);
    expect(s?.seq).toBe(32768);
    const reply = respond(quoted, null).reply as DiagnosisReply;
    expect(reply.kind).toBe('diagnosis');
    expect(reply.setup?.request).toMatch(/tp 2/);
    // A line that names no model is still no setup.
    expect(statedScenario("getting 'No available memory for the cache blocks' again")).toBeNull();
  });

  it('the log\'s own sentences are no setup', () => {
    expect(statedScenario(line)).toBeNull();
    expect(statedScenario(`my run died: ${line}`)).toBeNull();
  });
});
