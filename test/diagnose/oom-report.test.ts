import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { reportsOutOfMemory } from '../../src/diagnose/oom-report.js';
import type { EstimateReply } from '../../src/reply/types.js';

const topics = (text: string) => ((respond(text, null).reply as EstimateReply).tips ?? []).map((t) => t.topic);

describe('an out-of-memory reported in the user\'s words brings the OOM triage, whatever the verdict', () => {
  it.each([
    'Training starts fine but OOMs around step 300.',
    'got cuda OOM on 8 A100s', // CarperAI/trlx#431
    'I keep getting out of memory after a few hundred steps',
    '8卡 A100 40G，7B的FT，仍然CUDA oom', // the corpus line of training.ts's example
    'qwen2-7b lora 两张3090，爆显存了',
    'RTX 4090 두 장인데 메모리 부족 에러가 납니다',
  ])('%s is a report', (text) => expect(reportsOutOfMemory(text)).toBe(true));

  it.each(['will it OOM on a 4090?', 'would this run out of memory with seq 8192', '会不会爆显存', 'llama-3-8b lora on 1x a100-80g'])(
    '%s is no report',
    (text) => expect(reportsOutOfMemory(text)).toBe(false),
  );

  it('a setup the estimate says fits, reported to OOM late, gets the timing table (unslothai/unsloth-style report)', () => {
    const text = 'gemma-2-27b with unsloth on a single RTX A6000, Training starts fine but OOMs around step 300.';
    const reply = respond(text, null).reply as EstimateReply;
    expect(reply.estimate.fits).toBe(true);
    expect(topics(text)).toContain('oom');
  });

  it('the same setup without the report gets no OOM table, and a report never doubles the table', () => {
    const setups = fc.constantFrom('llama-3-8b lora on 1x a100-80g', 'qwen2-7b qlora on 1x rtx-4090 seq 1024', 'mistral-7b lora on 2x a100-80g');
    fc.assert(
      fc.property(setups, fc.constantFrom('', ', it OOMs', ', I get OOM after 100 steps'), (setup, report) => {
        const said = topics(setup + report).filter((t) => t === 'oom').length;
        expect(said).toBe(report ? 1 : topics(setup).filter((t) => t === 'oom').length);
        expect(said).toBeLessThanOrEqual(1);
      }),
      { numRuns: 9 },
    );
  });
});
