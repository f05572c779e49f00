import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond, scenarioThread } from '../../src/core/assistant.js';
import { followUpsFor } from '../../src/reply/follow-ups.js';
import { canonicalText } from '../../src/scenario/canonical.js';

/**
 * The follow-up hint says what can be typed in this thread (issue 24, item 9): every change it
 * offers is one this setup does not have yet, so typing it gives a different setup.
 */
const REQUESTS = [
  '7b lora on a 4090',
  '13b bf16 zero3 seq 4096 on 4xA100-80G',
  '13b gc zero2 on 8x h100',
  '70b qlora seq 8192 on 2x h100',
  'llama-3-8b full on 1x h100 gc',
  'llama3-8b serve vllm ctx 29000 on a 3090',
  'llama3-8b awq kv fp8 vllm on h100',
  'mistral 7b inference on a 4090',
];
/** Offered in every thread: questions and help topics, no change of setting. */
const QUESTIONS = new Set(['max batch', 'oom', 'nan']);

const threadOf = (request: string) => scenarioThread(respond(request, null).state)!;

describe('follow-up hints change with the thread', () => {
  it('every change offered, typed in the thread, reads and changes the setup', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REQUESTS), (request) => {
        const thread = threadOf(request);
        const before = canonicalText(thread.scenario);
        for (const change of followUpsFor(thread.scenario).filter((f) => !QUESTIONS.has(f))) {
          const next = respond(change, thread);
          expect(next.reply.kind, `${request} + ${change}`).toBe('estimate');
          expect(canonicalText(scenarioThread(next.state)!.scenario), `${request} + ${change}`).not.toBe(before);
        }
      }),
      { numRuns: REQUESTS.length * 2 },
    );
  });

  it('a setting the thread already has is not offered again', () => {
    expect(followUpsFor(threadOf('7b lora on a 4090').scenario)).toContain('gc');
    expect(followUpsFor(threadOf('7b lora gc on a 4090').scenario)).not.toContain('gc');
    expect(followUpsFor(threadOf('finetune 13b on 4x a100').scenario)).toContain('now zero2');
    expect(followUpsFor(threadOf('13b zero2 on 4x a100').scenario)).toContain('zero3');
    expect(followUpsFor(threadOf('13b zero3 on 4x a100').scenario).join(' ')).not.toMatch(/zero/);
    // One GPU has nothing to shard over.
    expect(followUpsFor(threadOf('7b lora on a 4090').scenario).join(' ')).not.toMatch(/zero/);
    expect(followUpsFor(threadOf('finetune 13b seq 4096 on a100').scenario)).toContain('seq 8192');
    expect(followUpsFor(threadOf('finetune 13b on 2x h100').scenario)).toContain('on 4x H100');
    expect(followUpsFor(threadOf('llama3-8b awq kv fp8 vllm on a 4090').scenario)).not.toEqual(expect.arrayContaining(['int4']));
    expect(followUpsFor(threadOf('llama3-8b awq kv fp8 vllm on a 4090').scenario)).not.toEqual(expect.arrayContaining(['kv fp8']));
  });

  it('an answer shows the hints of its own setup', () => {
    const reply = respond('13b gc zero2 on 8x h100', null).reply;
    expect(reply.kind === 'estimate' && reply.followUps.slice(0, 3)).toEqual(['zero3', 'seq 4096', 'on 16x H100']);
  });
});
