import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

const estimate = (text: string, state: Parameters<typeof respond>[1] = null) => {
  const turn = respond(text, state);
  if (turn.reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return { reply: turn.reply as EstimateReply, state: turn.state };
};

describe("a follow-up naming another model takes that model's own attention kernel (resolve-training.ts)", () => {
  it('BLOOM named after a model-less opening trains with its only kernel, eager (c405, DeepSpeedExamples)', () => {
    const opening = estimate('3b lora on 1x 32GB, batch 2');
    expect(opening.reply.scenario.attention).toBe('flash');
    const next = estimate('now bloom-3b', opening.state);
    expect(next.reply.scenario.attention).toBe('eager');
    expect(next.reply.assumptions.join(' ')).toMatch(/own modeling code has no SDPA or flash path/);
  });

  it("a kernel said in the thread stays with any other model, and BLOOM's only kernel wins over it", () => {
    const opening = estimate('3b lora on 1x 32GB, batch 2, sdpa');
    expect(estimate('now qwen2.5-7b', opening.state).reply.scenario.attention).toBe('sdpa');
    // transformers refuses SDPA for BLOOM (no _supports_sdpa): its eager path is the only one.
    expect(estimate('now bloom-3b', opening.state).reply.scenario.attention).toBe('eager');
  });
});

describe("running a model with transformers says nothing of the Trainer's recipe (presets.ts)", () => {
  it.each([
    'Mixtral 8x7B inference with transformers load_in_4bit on 2x T4',
    'run llama-3-8b with hugging face transformers on a 4090',
  ])('%s', (text) => {
    const { reply } = estimate(text);
    expect(reply.scenario.mode).toBe('inference');
    expect(reply.assumptions.join(' ')).not.toMatch(/Trainer preset|master weights|gradient checkpointing off/);
  });

  it('training with transformers keeps its preset note', () => {
    const { reply } = estimate('llama-3-8b full fine-tune with the transformers Trainer on 8x a100');
    expect(reply.assumptions.join(' ')).toMatch(/Trainer preset/);
  });
});
