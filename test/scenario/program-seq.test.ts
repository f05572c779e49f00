import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * A named framework's own default sequence length is the point of a request that does not say seq
 * (issue 23 item 8, catalog/program-seq.ts): LongLoRA's model_max_length 8192 × 4 (fine-tune.py),
 * axolotl's sequence_len 512 (its config
 * schema). The reply says it as that default; a said seq, or no framework, keeps what it had.
 */

const reply = (text: string): EstimateReply => {
  const { reply: r } = respond(text, null);
  if (r.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${r.kind}`);
  return r;
};

describe('a framework named without seq trains at its own default length', () => {
  it('LongLoRA trains at seq 32768, its model_max_length default', () => {
    const r = reply('llama-2-7b longlora lora flash bs 1 on 8x a100-40g');
    expect(r.scenario.seq).toBe(32768);
    expect(r.assumptions.join(' ')).toMatch(/seq 32768 — LongLoRA's model_max_length default.*say seq N if yours differs/);
  });

  it("LLaMA-Factory keeps seq 2048: its cutoff_len default today (hparams/data_args.py) is ours", () => {
    expect(reply('baichuan-7b lora r8 bs 4 llamafactory on 1x 32GB').scenario.seq).toBe(2048);
  });

  it('axolotl trains at seq 512, its sequence_len default', () => {
    expect(reply('mistral-7b qlora axolotl on 1x 4090').scenario.seq).toBe(512);
  });

  it('a said seq is kept, and no framework keeps seq 2048', () => {
    expect(reply('llama-2-7b longlora lora seq 4096 on 8x a100-40g').scenario.seq).toBe(4096);
    expect(reply('mistral-7b qlora on 1x 4090').scenario.seq).toBe(2048);
  });

  it('the envelope stays: seq is still unstated, so the reply answers around the default', () => {
    const r = reply('mistral-7b qlora axolotl on 1x 4090');
    expect(r.scenario.unstated ?? []).toContain('seq');
  });
});
