import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_OPENING_CHARS, readInThread, respond, scenarioThread, waitingOpening, type ThreadState } from '../../src/core/assistant.js';
import type { EstimateReply, ErrorReply } from '../../src/reply/types.js';
import { fixture } from '../diagnose/fixtures.js';

/** vllm-project/vllm#41695 (corpus c132), as a chat user writes it: the card and the engine first, the model when asked. */
const OPENING = 'I have a 5090 and want to serve something with vLLM at 16k context, which models fit?';
const ANSWER = 'Qwen3-Coder-30B-A3B-Instruct-FP8';

function opened(text = OPENING): ThreadState {
  const turn = respond(text, null);
  expect(turn.reply.kind).toBe('error');
  expect((turn.reply as ErrorReply).message).toMatch(/^Which model\?/);
  return turn.state!;
}

describe('an opening refused for naming no model waits in its thread', () => {
  it('"Which model?" keeps the opening\'s words as the thread\'s state, with no scenario', () => {
    const state = opened();
    expect(waitingOpening(state)).toBe(OPENING);
    expect(scenarioThread(state)).toBeNull();
  });

  it('the answer "Qwen3-Coder-30B-A3B-Instruct-FP8" is estimated on the opening\'s 5090, vLLM and 16k context', () => {
    const turn = respond(ANSWER, opened());
    expect(turn.reply.kind).toBe('estimate');
    const reply = turn.reply as EstimateReply;
    expect(reply.scenario.hardware?.gpuId).toBe('rtx-5090');
    expect(reply.scenario.mode).toBe('inference');
    expect(reply.scenario.seq).toBe(16384);
    expect(reply.scenario.weights).toBe('fp8');
    expect(reply.canonical).toMatch(/^qwen3-coder-30b-a3b/);
  });

  it('the reply to the answer says up front what it kept from the opening', () => {
    const reply = respond(ANSWER, opened()).reply as EstimateReply;
    const kept = reply.notices.find((n) => n.startsWith("kept from the thread's earlier message"));
    expect(kept).toBeDefined();
    for (const word of ['"5090"', '"serve"', '"vLLM"', '"16k context"']) expect(kept).toContain(word);
    expect(reply.assumptions).toContain(kept);
  });

  it('the answer replaces the waiting words with an ordinary scenario state', () => {
    const state = respond(ANSWER, opened()).state!;
    expect(waitingOpening(state)).toBeNull();
    expect(scenarioThread(state)?.history).toEqual([]);
    const followUp = respond('seq 8192', state);
    expect((followUp.reply as EstimateReply).scenario.seq).toBe(8192);
    expect((followUp.reply as EstimateReply).scenario.hardware?.gpuId).toBe('rtx-5090');
  });

  it('where the answer says a setting differently, the later message wins', () => {
    const turn = respond('llama-3-8b at 8k context on a 4090', opened('serve at 16k context on a 3090'));
    const reply = turn.reply as EstimateReply;
    expect(reply.scenario.seq).toBe(8192);
    expect(reply.scenario.hardware?.gpuId).toBe('rtx-4090');
    expect(reply.scenario.mode).toBe('inference');
    const kept = reply.notices.find((n) => n.startsWith("kept from the thread's earlier message"))!;
    expect(kept).toContain('"serve"');
    expect(kept).not.toContain('16k');
    expect(kept).not.toContain('3090');
  });

  it('only the refusal for a missing model waits: any other refusal leaves no state', () => {
    const turn = respond('undo 7b lora', null);
    expect(turn.reply.kind).toBe('error');
    expect(turn.state).toBeNull();
    expect(readInThread('undo 7b lora', null).waiting).toBeNull();
  });

  it('a message that still names no model is added to the waiting words, which stay bounded to the latest characters', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('on a 4090', 'with lora', 'seq 4096', 'thanks', 'bf16 please', 'zero3 on 8 gpus'), { minLength: 1, maxLength: 400 }), (messages) => {
        let state: ThreadState | null = opened('fine-tune on an a100');
        for (const message of messages) {
          const turn = respond(message, state);
          expect(turn.reply.kind).toBe('error');
          state = turn.state;
        }
        const waiting = waitingOpening(state)!;
        expect(waiting.length).toBeLessThanOrEqual(MAX_OPENING_CHARS);
        expect(waiting.endsWith(messages.at(-1)!)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it('a short answer the reader would refuse alone ("the 8b one") is read with the waiting words', () => {
    const reply = respond('the 8b one', opened()).reply as EstimateReply;
    expect(reply.kind).toBe('estimate');
    expect(reply.scenario.hardware?.gpuId).toBe('rtx-5090');
  });

  it('words added while waiting are read with the answer', () => {
    const waiting = respond('with qlora please', opened('fine-tune on a 3090')).state;
    const reply = respond('mistral 7b', waiting).reply as EstimateReply;
    expect(reply.scenario.hardware?.gpuId).toBe('rtx-3090');
    expect(reply.scenario.mode).toBe('qlora');
  });

  it('a mistake the answer makes on its own is shown in the answer\'s words, and the opening still waits', () => {
    const state = opened();
    for (const answer of ['undo 7b', 'mistral 7b tp 3 on 2 gpus']) {
      const turn = respond(answer, state);
      expect(turn.reply.kind).toBe('error');
      expect((turn.reply as ErrorReply).caret.split('\n')[0]).toBe(answer);
      expect(turn.state).toBe(state);
    }
  });

  it('"help" and "oom" answer without losing the waiting words', () => {
    const state = opened();
    for (const text of ['help', 'oom']) {
      const turn = respond(text, state);
      expect(turn.reply.kind).toBe('help');
      expect(turn.state).toBe(state);
    }
  });

  it('a pasted OOM log with no setup is diagnosed and the waiting words stay', () => {
    const state = opened();
    const turn = respond(fixture('torch1-shortage').text, state);
    expect(turn.reply.kind).toBe('diagnosis');
    expect(turn.state).toBe(state);
  });

  it('"undo" has nothing to go back to and keeps the waiting words', () => {
    const state = opened();
    const turn = respond('undo', state);
    expect(turn.reply.kind).toBe('help');
    expect(turn.state).toBe(state);
  });

  it('"reset" forgets the waiting words', () => {
    const turn = respond('reset', opened());
    expect(turn.cleared).toBe(true);
    expect(turn.state).toBeNull();
  });

  it('an empty message in a waiting thread asks again for the model and keeps the words', () => {
    const turn = respond('', opened());
    expect((turn.reply as ErrorReply).message).toMatch(/^Which model\?/);
    expect(waitingOpening(turn.state)).toBe(OPENING);
  });

  it('code that needs a scenario must ask for it: an opening thread has none', () => {
    const state: ThreadState = { opening: OPENING };
    // @ts-expect-error: ThreadState may have no scenario; scenarioThread() is the check.
    expect(state.scenario).toBeUndefined();
    expect(scenarioThread(state)).toBeNull();
  });
});
