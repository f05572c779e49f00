import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { DEFAULT_WORDS } from '../../src/scenario/defaults.js';
import { namesTrl, TRL_RECOMPUTE_WORDS } from '../../src/scenario/trl-preset.js';

/**
 * "trl" named is transformers' Trainer, whose gradient_checkpointing=False TRL's trainer configs
 * override with True from v0.22.0 (huggingface/trl a222aeb, #3510; scenario/trl-preset.ts). No TRL
 * release is read, so the reading keeps the default of every release before 0.22 (off) and the
 * defaults line names the release that turns it on; a ✗ that gc fixes says "Fits only with gc".
 */

const reply = (text: string): EstimateReply => {
  const { reply: r } = respond(text, null);
  if (r.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${r.kind}`);
  return r;
};

// Llama-3-8B LoRA at seq 2048 on one 4090: 32.2 GiB without checkpointing, 19.5 GiB with it.
const TRL_LORA = 'llama-3-8b lora trl seq 2048 bs 1 on 1x rtx-4090';

describe("TRL's checkpointing default, said by release", () => {
  it('Llama-3-8B LoRA with TRL on a 4090 at seq 2048: off as before v0.22.0, said with the release that turns it on, and "Fits only with gc"', () => {
    const r = reply(TRL_LORA);
    expect(r.scenario.recompute).toBe('none');
    expect(r.assumptions).toContain(TRL_RECOMPUTE_WORDS);
    expect(r.assumptions).not.toContain(DEFAULT_WORDS.recompute);
    expect(TRL_RECOMPUTE_WORDS).toMatch(/v0\.22\.0.*huggingface\/trl#3510/);
    expect(r.verdict.status).toBe('no');
    expect(r.estimate.flipsOn).toContain('gc');
    expect(r.verdict.detail).toMatch(/Fits only with gc/);
    // 31.1 GiB (32.2 while each q/v adapter was counted with an fp32 copy of its input: under bf16
    // autocast lora_A keeps a 16-bit cast and the rank-r intermediate is 16-bit, activations.ts adapterTensors).
    expect(r.estimate.deviceBytes / 2 ** 30).toBeCloseTo(31.1, 1);
    expect(reply(TRL_LORA.replace(' trl', ' trl gc')).estimate.deviceBytes / 2 ** 30).toBeCloseTo(19.5, 1);
  });

  it('checkpointing said beside TRL is no default: nothing about the release is said', () => {
    for (const said of ['gc', 'no gc']) {
      const r = reply(TRL_LORA.replace(' trl', ` trl ${said}`));
      expect(r.scenario.recompute, said).toBe(said === 'gc' ? 'full' : 'none');
      expect(r.assumptions, said).not.toContain(TRL_RECOMPUTE_WORDS);
    }
  });

  it("transformers' own words keep the Trainer's default words; only TRL's name says the release", () => {
    for (const word of ['hf', 'transformers', 'accelerate', 'trainer', 'hf trainer']) {
      const r = reply(TRL_LORA.replace(' trl', ` ${word}`));
      expect(r.scenario.recompute, word).toBe('none');
      expect(r.assumptions, word).not.toContain(TRL_RECOMPUTE_WORDS);
    }
    for (const w of ['trl', 'TRL', ' trl ']) expect(namesTrl(w), w).toBe(true);
    for (const w of ['transformers', 'trainer', 'trlx']) expect(namesTrl(w), w).toBe(false);
  });

  it('TRL named estimates as the Trainer does, and "gc" said never raises it (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('llama-3-8b', 'mistral-7b', 'qwen2.5-3b'), fc.constantFrom('lora', 'qlora', 'full'), fc.constantFrom(512, 2048, 8192), (model, method, seq) => {
        const trl = reply(`${model} ${method} trl seq ${seq} on 1x a100-80g`);
        const hf = reply(`${model} ${method} hf seq ${seq} on 1x a100-80g`);
        expect(trl.estimate.deviceBytes).toBe(hf.estimate.deviceBytes);
        expect(reply(`${model} ${method} trl gc seq ${seq} on 1x a100-80g`).estimate.deviceBytes).toBeLessThanOrEqual(trl.estimate.deviceBytes);
      }),
      { numRuns: 18 },
    );
  });

  it("TRL beside the trainer it runs (TRL DPO, GRPO with TRL) says TRL's default too; the trainer word alone, which LLaMA-Factory and verl use as well, keeps the generic one", () => {
    for (const words of ['TRL DPO', 'GRPO with TRL', 'trl orpo']) {
      const r = reply(`${words} on qwen2.5-3b lora seq 1024 bs 1 on a single A100 40GB`);
      expect(r.assumptions, words).toContain(TRL_RECOMPUTE_WORDS);
      expect(r.assumptions, words).not.toContain(DEFAULT_WORDS.recompute);
      expect(r.scenario.recompute, words).toBe('none');
    }
    for (const words of ['DPO', 'GRPO with transformers', 'llama-factory dpo']) {
      expect(reply(`${words} on qwen2.5-3b lora seq 1024 bs 1 on a single A100 40GB`).assumptions, words).not.toContain(TRL_RECOMPUTE_WORDS);
    }
  });
});
