import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * `pretrain` as a key names the checkpoint training starts from in OpenRLHF (`--pretrain`), Open-Reasoner-Zero
 * (`pretrain: Optional[str] = "xxx/Qwen2.5-1.5B"`, Open-Reasoner-Zero/Open-Reasoner-Zero#24, corpus c2256) and configs
 * built on them: the model, not pre-training (config-keys/models.ts MODEL_KEYS_TABLE). Invented variations: a dataclass
 * line, a YAML key, flags with and without OpenRLHF named, Chinese around them; and pre-training said in words, by
 * LLaMA-Factory's `--stage pt` or by a switch, which stays.
 */
function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { pretrain: r.scenario.pretrain === true, model: r.scenario.model.id };
}

describe('a pretrain key that names the starting checkpoint', () => {
  it("OpenRLHF sft command --pretrain path \u2014 the model, not pre-training", () => {
    const r = read("deepspeed --module openrlhf.cli.train_sft \\\n   --max_len 4096 \\\n   --pretrain meta-llama/Meta-Llama-3-8B \\\n   --micro_train_batch_size 2 \\\n   --zero_stage 2 \\\n   --bf16\nOOM on 8x A100 40G");
    expect(r.pretrain).toBe(false);
    expect(r.model).toBe('llama-3-8b');
  });
  it("ORZ dataclass pretrain: Optional[str] \u2014 the model, not pre-training", () => {
    const r = read("OOM when training PPO with Qwen2.5-7B on 8 * H100\nI changed:\n1. `pretrain: Optional[str] = \"/data/Qwen2.5-7B\"`\n2. `total_num_nodes: int = 8`");
    expect(r.pretrain).toBe(false);
    expect(r.model).toBe('qwen2.5-7b');
  });
  it("OpenRLHF ppo ray --pretrain \u2014 the model, not pre-training", () => {
    const r = read("ray job submit -- python3 -m openrlhf.cli.train_ppo_ray --ref_num_gpus_per_node 2 --actor_num_gpus_per_node 4 --pretrain OpenRLHF/Llama-3-8b-sft-mixture --reward_pretrain OpenRLHF/Llama-3-8b-rm-mixture --micro_train_batch_size 4 --zero_stage 3 --bf16");
    expect(r.pretrain).toBe(false);
    expect(r.model).toBe('llama-3-8b');
  });
  it("--pretrain with --lora_rank \u2014 the model, not pre-training", () => {
    const r = read("python -m openrlhf.cli.train_dpo --pretrain Qwen/Qwen2.5-14B-Instruct --lora_rank 64 --zero_stage 3 --max_len 2048 on 4x 4090 runs out of memory");
    expect(r.pretrain).toBe(false);
    expect(r.model).toBe('qwen2.5-14b');
  });
  it("yaml pretrain: path \u2014 the model, not pre-training", () => {
    const r = read("training config (GRPO):\npretrain: /models/qwen2.5-math-7b\nprompt_max_len: 1024\ngenerate_max_len: 3000\nmicro_train_batch_size: 1\n8x A800 80G, OOM");
    expect(r.pretrain).toBe(false);
    expect(r.model).toBe('qwen2.5-7b');
  });
  it("Chinese OpenRLHF --pretrain \u2014 the model, not pre-training", () => {
    const r = read("用OpenRLHF做SFT，--pretrain /data/Qwen2.5-14B-Instruct --max_len 8192，8张A100 80G还是爆显存");
    expect(r.pretrain).toBe(false);
    expect(r.model).toBe('qwen2.5-14b');
  });
  it("prose continued pretraining stays \u2014 pre-training stays", () => {
    const r = read("continued pretraining of llama-3-8b on 8x h100, seq 8192");
    expect(r.pretrain).toBe(true);
    expect(r.model).toBe('llama-3-8b');
  });
  it("LLaMA-Factory --stage pt stays \u2014 pre-training stays", () => {
    const r = read("llamafactory-cli train --stage pt --model_name_or_path Qwen/Qwen2.5-7B --finetuning_type full --cutoff_len 4096 on 4x a100-80g");
    expect(r.pretrain).toBe(true);
    expect(r.model).toBe('qwen2.5-7b');
  });
  it("a pretrain switch that is on \u2014 pre-training stays", () => {
    const r = read("pretrain: true\nmodel_name_or_path: meta-llama/Llama-2-7b-hf\non 8x a100-80g");
    expect(r.pretrain).toBe(true);
    expect(r.model).toBe('llama-2-7b');
  });
});
