import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { contextLengthOf } from '../../src/catalog/context-lengths.js';
import { estimate } from '../../src/memory/estimate.js';
import { longestSeq, maxSeq } from '../../src/plan/solvers.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * "What is the max context I can get" on a server is at most the model's own context: vLLM and SGLang
 * refuse a longer max-model-len at start (vllm config _get_and_verify_max_len, SGLang model_config.py),
 * so the KV cache's room beyond it is said, not answered as the length. Training and plain generate()
 * are not capped (people extend context there).
 */
function scenarioOf(text: string): Scenario {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return reply.scenario;
}

describe('the longest context a server accepts', () => {
  it('worked example (a stranger message): Qwen2.5-32B AWQ on one L40S has KV room for ~83k tokens, vLLM serves 32,768', () => {
    const s = scenarioOf('max context for Qwen2.5-32B-Instruct-AWQ on a single L40S with vllm');
    const answer = maxSeq(s).answer;
    expect(longestSeq(s)).toBeGreaterThan(80_000);
    expect(answer.value).toBe(32_768);
    expect(answer.headline).toMatch(/the model's own context \(its KV cache has room for 8\d,\d{3}\)/);
    expect(answer.text).toMatch(/VLLM_ALLOW_LONG_MAX_MODEL_LEN/);
  });

  it('SGLang names its own override', () => {
    expect(maxSeq(scenarioOf('max context for qwen2.5-7b with sglang on 1x h100')).answer.text).toMatch(/SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN/);
  });

  it('on any card and server, the answer never passes the model context, fits, and is the room where the room is shorter', () => {
    fc.assert(
      fc.property(fc.constantFrom('qwen2.5-7b', 'llama-3-8b', 'mistral-7b', 'qwen2.5-32b awq'), fc.constantFrom('vllm', 'sglang'), fc.constantFrom('l4', '4090', 'a100-80g', 'h100'), (model, engine, gpu) => {
        const s = scenarioOf(`max context for ${model} with ${engine} on 1x ${gpu}`);
        const answer = maxSeq(s).answer.value;
        const room = longestSeq(s);
        const own = contextLengthOf(s.model.id, s.model.arch.maxPositions)!;
        if (room === null || typeof answer !== 'number') return;
        expect(answer).toBe(Math.min(room, own));
        expect(estimate({ ...s, seq: answer }, { numbersOnly: true }).fits).toBe(true);
      }),
      { numRuns: 16 },
    );
  });

  it('a training run is not capped at the model context', () => {
    const s = scenarioOf('max seq for llama-2-7b lora gc on 1x h100');
    expect(maxSeq(s).answer.value).toBe(longestSeq(s));
    expect(longestSeq(s)).toBeGreaterThan(4096);
  });
});
