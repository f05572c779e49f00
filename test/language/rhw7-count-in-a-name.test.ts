import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Session 41, rhw7: a count of GPUs written inside a name — a run id, a script's path, a recipe or a
 * checkpoint folder ("qwen3_30b_a3b_bf16_16gpus-2026-…", "run_…_grpo_64card_npu.sh", "ckpt_8gpu_bf16").
 * The name is the run's own label, so its count is evidence of the cards, but weak evidence: it is read
 * when nothing else counts the cards, and said. The variations were written from the phenomenon before
 * the fix (figures in the commit message).
 */

/** The hardware a message is read as, in the item language: the tail of its canonical reading ("on 8x h100-80g"). */
function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) return { hardware: r.ok ? 'help' : `refused: ${r.error.message}`, said: '', count: 0 };
  const hardware = / (on .*|how many .*|which gpu.*|\d+ nodes of .*)$/.exec(canonicalText(r.scenario))?.[1] ?? '(no hardware)';
  return { hardware, said: [...r.notices, ...r.assumptions].join(' | '), count: r.scenario.hardware?.count ?? 0 };
}

describe('a count of GPUs inside a name counts the cards when nothing else does, and is said', () => {
  // AI-Hypercomputer/gpu-recipes#194 (c2823, b83): "…/qwen3_30b_a3b_bf16_16gpus-2026-03-30…" on H200 read as one H200, in silence;
  // verl-project/verl#4855 (c3195, b95): "run_qwen3-235b_megatron_grpo_64card_npu.sh" read as the 8 of n_gpus_per_node.
  const variations: [string, number, string][] = [
    ['Add llama3 8b bf16 recipe on H100.\nRun ID: megatron_bridge_training-nemo2602/llama3_8b_bf16_16gpus-2026-04-01_120000-abcd', 16, 'h100'],
    ['bash examples/grpo_trainer/run_qwen2_5-32b_grpo_32card.sh  on H800, it OOMs at the first step', 32, 'h800'],
    ['full finetune of qwen2.5-7b on A100 80G, output_dir ./ckpt_qwen2.5-7b_full_8gpu_bf16, OOM at step 1', 8, 'a100-80g'],
    ['deepspeed --hostfile hosts train.py --config configs/llama2_13b_zero3_4gpus.json   (A100 40GB)', 4, 'a100-40g'],
    ['qwen2.5-72b sft 脚本 sft_qwen2.5_72b_16卡.sh 在 H800 上爆显存', 16, 'h800'],
    ['H100에서 configs/mistral_7b_lora_2gpu.yaml 로 LoRA 학습하면 OOM 납니다', 2, 'h100'],
    ['Recipe: llama3_70b_lora_h100_8gpus_bf16 — fails with CUDA OOM on the first backward', 8, 'h100'],
    ['python convert_checkpoint.py --model_dir llama-2-13b --output_dir ./tllm_ckpt_4gpu_tp4 --dtype float16 on L40S', 4, 'l40s'],
    ['deepseek-v2-lite sft: my slurm job name is dsv2lite_sft_16gpus and it crashes with OOM on A800 nodes', 16, 'a800'],
    ['launch scripts/train_qwen3_8b_dpo_4xgpu.sh on RTX 4090 — out of memory', 4, 'rtx-4090'],
  ];
  for (const [text, count, card] of variations) {
    it(`"${text.slice(0, 70).replace(/\n/g, ' ')}": ${count}× ${card}, said`, () => {
      const r = read(text);
      expect(r.count).toBe(count);
      expect(r.hardware).toContain(card);
      expect(r.said).toMatch(/from the name|in the name/);
    });
  }
});

describe('a count in a name does not override the count the user writes, nor come from numbers that count no cards', () => {
  it('"on 8x H100" with a recipe named …_64gpus stays eight: the recipe is someone else\'s scale', () => {
    expect(read('I run on 8x H100; the recipe llama3_70b_bf16_64gpus OOMs for me').count).toBe(8);
  });
  it('"gpu0" and "cuda:1" name a device, not a count', () => {
    expect(read('llama-3-8b lora on one RTX 4090, log in logs/gpu0/train_run1.log').count).toBe(1);
  });
  it('"qwen2_7b_bs16_lr2e-5" has no GPUs in it', () => {
    expect(read('qwen2-7b full finetune run qwen2_7b_bs16_lr2e-5 on A100 80GB').count).toBe(1);
  });
});
