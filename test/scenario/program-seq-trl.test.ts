import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * TRL named bare trains with its SFTTrainer, whose max_length is 1024 when unsaid in every release
 * (catalog/program-seq.ts: min(tokenizer max, 1024) in trl/trainer/sft_trainer.py v0.7.0 → v0.13.0,
 * SFTConfig default 1024 from v0.15.0, max_length from v0.16.0 → v1.9.0). A said seq, another
 * trainer named with TRL, a run of the model, or no TRL keeps what each had.
 */

const reply = (text: string): EstimateReply => {
  const { reply: r } = respond(text, null);
  if (r.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${r.kind}`);
  return r;
};

describe("TRL's SFTTrainer trains at its own max_length, 1024, when seq is unsaid", () => {
  it('a bare "trl" LoRA run is read at seq 1024, said as TRL\'s default', () => {
    const r = reply('llama-3-8b lora trl on 1x a100-80g');
    expect(r.scenario.seq).toBe(1024);
    expect(r.assumptions.join(' ')).toMatch(/seq 1024 — TRL SFTTrainer's max_length default.*say seq N if yours differs/);
  });

  it('a said seq wins', () => {
    expect(reply('llama-3-8b lora trl seq 4096 on 1x a100-80g').scenario.seq).toBe(4096);
  });

  it('"transformers" or no framework keeps seq 2048; GRPO named with TRL keeps its own reading', () => {
    expect(reply('llama-3-8b lora transformers on 1x a100-80g').scenario.seq).toBe(2048);
    expect(reply('llama-3-8b lora on 1x a100-80g').scenario.seq).toBe(2048);
    expect(reply('qwen2.5-7b grpo lora trl on 1x a100-80g').scenario.seq).toBe(2048);
  });

  it('a model with fewer learned positions keeps its bound (GPT-2: 1024, the same min TRL took)', () => {
    expect(reply('gpt2 full trl on 1x rtx-4090').scenario.seq).toBe(1024);
  });

  it('the shorter default never makes a fit worse: the peak at 1024 is at most the peak at 2048', () => {
    const at = (text: string) => reply(text).estimate.deviceBytes;
    expect(at('llama-3-8b lora trl on 1x a100-80g')).toBeLessThanOrEqual(at('llama-3-8b lora trl seq 2048 on 1x a100-80g'));
  });
});

/**
 * alpaca-lora's finetune.py cuts at cutoff_len 256 (tloen/alpaca-lora 3b79ea4 → 8bb8579; CUTOFF_LEN 256
 * from 41e0ff6): the point when no seq is said, and its 4-sample micro-batch is still only said.
 */
describe("alpaca-lora trains at its own cutoff_len, 256, when seq is unsaid", () => {
  it('a bare alpaca-lora LoRA run is read at seq 256, said as its default', () => {
    const r = reply('llama-1-7b lora alpaca-lora on 1x rtx-3090');
    expect(r.scenario.seq).toBe(256);
    expect(r.scenario.microBatch).toBe(1);
    expect(r.assumptions.join(' ')).toMatch(/seq 256 — alpaca-lora's cutoff_len default/);
  });

  it('a said seq wins, and running the model (generate.py) takes no training cut', () => {
    expect(reply('llama-1-7b lora alpaca-lora seq 512 on 1x rtx-3090').scenario.seq).toBe(512);
    expect(reply('llama-1-7b alpaca-lora infer on 1x rtx-3090').scenario.seq).not.toBe(256);
  });
});
