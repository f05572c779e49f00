import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { scenarioPayload } from '../../src/render/discord/customId.js';
import { compactCanonical } from '../../src/reply/compact.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/** Buttons carry only the items that differ from the defaults (issue 13, item 5). */

const MODELS = ['7b', '13b', '70b', 'llama-3-8b', 'llama-3.1-70b', 'mistral-7b', 'mixtral-8x7b', 'qwen2.5-14b', 'gemma-2-9b', 'phi-3-mini'];
const TRAIN = ['', 'lora', 'lora r16 all-linear', 'qlora', 'qlora r64 alpha 128 all-linear', 'pure bf16', 'fp16', 'zero2', 'zero3', 'fsdp', 'gc', 'chunked ce', 'adam8bit', 'offload optimizer', 'seq 8192', 'mbs 4 ga 8', 'seq 16384', 'tp 2'];
const SERVE = ['serve', 'serve int4', 'serve fp8 kv fp8', 'infer', 'serve ctx 32k', 'serve ctx 8192 gen 512', 'serve awq ctx 16k tp 2'];
const HARDWARE = ['', 'on h100', 'on 4xa100-80g', 'on 8xh100', 'on a 4090', 'on 2x l40s', 'on 16xh200'];
const QUESTIONS = ['', 'max batch', 'max seq', 'how many h100', 'which gpu'];

const training = fc.tuple(fc.constantFrom(...MODELS), fc.subarray(TRAIN, { maxLength: 4 }), fc.constantFrom(...HARDWARE), fc.constantFrom(...QUESTIONS)).map(([m, items, hw, q]) => [m, ...items, hw, q].join(' '));
const serving = fc.tuple(fc.constantFrom(...MODELS), fc.constantFrom(...SERVE), fc.constantFrom(...HARDWARE)).map(([m, s, hw]) => `${m} ${s} ${hw}`);

function scenarioOf(text: string) {
  const outcome = resolveRequest(text, null);
  return outcome.ok ? outcome.scenario : null;
}

describe('the short form of a request', () => {
  it('reads back as the very same scenario (property over training and serving requests)', () => {
    fc.assert(
      fc.property(fc.oneof(training, serving), (text) => {
        const s = scenarioOf(text);
        if (!s) return;
        const compact = compactCanonical(s);
        expect(canonicalText(scenarioOf(compact)!)).toBe(canonicalText(s));
        expect(compact.length).toBeLessThanOrEqual(canonicalText(s).length);
      }),
      { numRuns: 80 },
    );
  });

  it('fits a Discord custom_id as text for LoRA, serving and long requests alike (property)', () => {
    fc.assert(
      fc.property(fc.oneof(training, serving), (text) => {
        const reply = respond(text, null).reply;
        if (reply.kind !== 'estimate') return;
        expect(scenarioPayload(reply.compact).ref.kind, reply.compact).toBe('text');
      }),
      { numRuns: 60 },
    );
  });

  it('every serving answer of the README families fits without the store', () => {
    for (const model of MODELS) {
      for (const serve of SERVE) {
        const reply = respond(`${model} ${serve} on 2xh100`, null).reply;
        if (reply.kind === 'estimate') expect(scenarioPayload(reply.compact).ref.kind, reply.compact).toBe('text');
      }
    }
  });

  it('names what differs from the defaults, nothing else', () => {
    const s = scenarioOf('13b bf16 zero3 seq 4096 on 4xA100-80G')!;
    expect(compactCanonical(s)).toBe('13b zero3 seq 4096 on 4x a100-80g');
  });
});
