import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';

/**
 * Issue 23 (vran): training runs the users report as having run, read as their threads ran them.
 * Each case is the arithmetic a corrected corpus line rests on (test/corpus/verdicts-vb18.jsonl
 * v456, verdicts-vb22.jsonl v548/v549/v554), so a later change to the terms shows up here first.
 */

function estimateOf(text: string) {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`${text}: ${reply.kind}`);
  return reply;
}

const GiB = 2 ** 30;
const part = (text: string, key: string) => estimateOf(text).estimate.components.find((c) => c.key === key)?.bytes ?? 0;

describe("fsdp_qlora's README run: Llama-2 70B on dual 24GB GPUs (v554)", () => {
  // AnswerDotAI/fsdp_qlora README.md (02fe695): --batch_size 2 --context_length 2048 --precision bf16
  // --train_type qlora --use_gradient_checkpointing true --use_cpu_offload true; train.py (02586ac7)
  // wraps with FSDP(cpu_offload=CPUOffload(offload_params=True)) when use_cpu_offload, lora_rank 64.
  const readme = 'llama-2-70b qlora r64 fsdp offload params gc bf16 bs 2 seq 2048 on 2x rtx-3090';
  const resident = 'llama-2-70b qlora r64 fsdp gc bf16 bs 2 seq 2048 on 2x rtx-3090';

  it('holds the README command on a 24 GB card', () => {
    const r = estimateOf(readme);
    expect(['yes', 'tight']).toContain(r.verdict.status);
  });

  it('needs the parameter offload the README turns on: kept on the cards, the NF4 half alone is ~18 GiB', () => {
    // 68.7 B linear weights × 0.5625 B (NF4 + absmax) ÷ 2 GPUs ≈ 18.0 GiB before any activation.
    const weights = part(resident, 'weights');
    expect(weights / GiB).toBeGreaterThan(17);
    expect(weights / GiB).toBeLessThan(20);
    expect(estimateOf(resident).verdict.status).toBe('no');
    expect(part(readme, 'weights')).toBeLessThan(weights / 4);
  });
});

describe("a GPTQ base split by layers over the cards (device map auto: v456, v548, v549)", () => {
  it("puts a quarter of Qwen-72B-Int4's weights on each of four cards", () => {
    const split = part('lora qwen-72b gptq int4 bs 1 ga 16 bf16 gc seq 512 device map auto on 4x rtx-4090', 'weights');
    const whole = part('lora qwen-72b gptq int4 bs 1 ga 16 bf16 gc seq 512 on 1x h100', 'weights');
    expect(split / whole).toBeGreaterThan(0.2);
    expect(split / whole).toBeLessThan(0.3);
  });

  it("holds Qwen's finetune_lora_single_gpu.sh run (--model_max_length 512, --gradient_checkpointing) on 4x 4090", () => {
    const r = estimateOf('lora qwen-72b gptq int4 bs 1 ga 16 bf16 gc seq 512 device map auto on 4x rtx-4090');
    expect(r.verdict.status).toBe('yes');
  });

  it('leaves the textgen pair to the unstated cutoff: at the default seq 2048 it turns on checkpointing', () => {
    const r = estimateOf('llama-30b lora gptq bs 3 device map auto on 2x rtx-3090');
    expect(r.verdict.status).toBe('no');
    expect(r.estimate.flipsOn ?? []).toContain('gc');
  });
});
