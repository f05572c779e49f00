import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22: a version's decimal point written '_', '___' or 'd' (prose/rules/training.ts
 * training.underscore-version): torchtune's qwen2_5, ModelScope's Qwen2___5, InternLM's
 * internlm2_5 and xcomposer2d5 (InternLM2.5-7B is the catalog's internlm2-7b, one shape), and InternVL2d5 as its users write it (modelscope/ms-swift, c2048:
 * "swift3.0 DPO InternVL2d5-8B Error", read as an unknown 8B).
 */
function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? '' : r.error.message}`);
  return r.scenario;
}

describe("a version's point written '_', '___' or 'd'", () => {
  it.each([
    ['swift3.0 DPO InternVL2d5-8B full on 8x A100 80GB', 'internvl2.5-8b'],
    ['lora of internvl2d5_8b on 2x A100 80GB', 'internvl2.5-8b'],
    ['InternVL2_5-8B full fine-tune on 8x A100 80GB', 'internvl2.5-8b'],
    ['Qwen2d5-7B-Instruct lora on 1x RTX 4090', 'qwen2.5-7b'],
    ['/root/.cache/modelscope/hub/Qwen/Qwen2___5-7B-Instruct lora on 1x A100 80GB', 'qwen2.5-7b'],
    ['internlm2d5-7b-chat inference on 1x RTX 3090', 'internlm2-7b'],
    ['internlm/internlm2_5-7b-chat inference on 1x RTX 3090', 'internlm2-7b'],
  ])('%s is %s', (text, model) => {
    expect(read(text).model.id).toBe(model);
  });

  it("a 'd' that is no version's point stays: a word, a size's 'd' suffix", () => {
    expect(read('qwen2.5-7b lora on 1x RTX 4090, 2d5 grid').model.id).toBe('qwen2.5-7b');
    expect(read('llama-2-7b lora on 1x RTX 4090').model.id).toBe('llama-2-7b');
  });

  it('c2048 (modelscope/ms-swift): the title names InternVL2.5-8B; the run is a full DPO under ZeRO-3', () => {
    const s = read("swift3.0 DPO InternVL2d5-8B Error\n```\nNPROC_PER_NODE=8 \\\nswift rlhf \\\n    --rlhf_type dpo \\\n    --model /data/InternVL2d5/checkpoint-2000 \\\n    --model_type 'internvl2_5' \\\n    --train_type  full \\\n    --per_device_train_batch_size 1 \\\n    --deepspeed zero3_offload\n```");
    expect(s.model.id).toBe('internvl2.5-8b');
  });
});
