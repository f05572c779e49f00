import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { torchtuneConfigWithoutCheckpointing } from '../../src/scenario/torchtune-configs.js';

/**
 * torchtune's shipped configs set enable_activation_checkpointing per config (v0.6.1): True in most,
 * False in the distributed 7B–32B LoRA configs (llama3_1/8B_lora.yaml …) and some of the smallest
 * models' (scenario/torchtune-configs.ts). The preset takes the config's value for the model, method
 * and GPU count the request names.
 */

const reply = (text: string): EstimateReply => {
  const { reply: r } = respond(text, null);
  if (r.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${r.kind}`);
  return r;
};

describe("torchtune's per-config activation checkpointing", () => {
  it('Llama-3.1-8B LoRA on two GPUs runs llama3_1/8B_lora.yaml: checkpointing off, said with the config; on one GPU its _single_device config turns it on', () => {
    const two = reply('llama-3.1-8b lora torchtune seq 2048 bs 1 on 2x rtx-4090');
    expect(two.scenario.recompute).toBe('none');
    expect(two.assumptions.join(' | ')).toMatch(/llama3_1\/8B_lora\.yaml sets enable_activation_checkpointing: False/);
    const one = reply('llama-3.1-8b lora torchtune seq 2048 bs 1 on 1x rtx-4090');
    expect(one.scenario.recompute).toBe('full');
    // 25.4 GiB a GPU without checkpointing on two 4090s; 17.3 on one 4090 with the single-device config's checkpointing.
    // Two GPUs shard with FSDP2 (torchtune ≥ 0.3.0): 29.2 while the FSDP1/ZeRO-3 sharded-gathers slack (+26 % of
    // the churned bytes) was applied to it; FSDP2 frees gathers without record_stream, so block rounding only (memory/fsdp2.ts).
    expect(two.estimate.deviceBytes / 2 ** 30).toBeCloseTo(25.4, 1);
    expect(one.estimate.deviceBytes / 2 ** 30).toBeCloseTo(17.3, 1);
  });

  it('the 70B LoRA, Mistral and full fine-tuning configs keep checkpointing on; "gc" said wins over a config that leaves it off', () => {
    expect(reply('llama-3-70b lora torchtune seq 2048 bs 1 on 8x a100-80g').scenario.recompute).toBe('full');
    expect(reply('mistral-7b lora torchtune seq 2048 bs 1 on 2x a100-80g').scenario.recompute).toBe('full');
    expect(reply('llama-3.1-8b full torchtune seq 2048 bs 1 on 2x a100-80g').scenario.recompute).toBe('full');
    expect(reply('llama-3.1-8b lora torchtune gc seq 2048 bs 1 on 2x rtx-4090').scenario.recompute).toBe('full');
  });

  it('a config is found only for its own model, method and device count (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('llama-3.1-8b', 'qwen2.5-7b', 'llama-3-70b', 'mistral-7b', 'qwen2.5-0.5b', null), fc.constantFrom('lora', 'qlora', 'full', 'inference') , fc.integer({ min: 1, max: 8 }), (model, mode, gpus) => {
        const config = torchtuneConfigWithoutCheckpointing(model, mode as 'lora', gpus);
        if (config === null) return;
        expect(model).not.toBeNull();
        expect(mode).not.toBe('inference');
        if (!config.startsWith('qwen2_5/0.5B') && !config.startsWith('llama3_2/1B')) expect(gpus).toBeGreaterThan(1);
      }),
    );
    expect(torchtuneConfigWithoutCheckpointing('qwen2.5-0.5b', 'lora', 1)).toBe('qwen2_5/0.5B_lora.yaml');
    expect(torchtuneConfigWithoutCheckpointing('llama-3-70b', 'lora', 8)).toBeNull();
  });
});
