import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { corpusLineRead, read } from './reading-fixtures.js';

const canonical = (text: string) => ` ${canonicalText(read(text).scenario)} `;
const hasAll = (text: string, words: readonly string[]) => {
  const c = canonical(text);
  for (const w of words) expect(c).toContain(` ${w} `);
};

/**
 * What the command states beats what a config defers (config-keys/read.ts DEFERS_TO_TRAINER): DeepSpeed's
 * `"gradient_accumulation_steps": "auto"` takes the trainer's own argument, so a later "auto" never replaces the
 * command's `--gradient_accumulation_steps 4` (hiyouga/LlamaFactory#3007, c2590: read as ga 1). First sight of these
 * variations on the code before the change: 2 of 6 right (the two where a fence parted the settings); after: 6 of 6
 * (rframe12, 2026-12-05).
 */
describe("a DeepSpeed config's \"auto\" defers to the command's value", () => {
  it.each<[string, string[]]>([
    ["torchrun --nproc_per_node 4 train.py --model_name_or_path meta-llama/Llama-2-7b-hf --per_device_train_batch_size 2 --gradient_accumulation_steps 8 --bf16 --deepspeed ds.json\nds.json:\n{\n  \"train_micro_batch_size_per_gpu\": \"auto\",\n  \"gradient_accumulation_steps\": \"auto\",\n  \"zero_optimization\": {\"stage\": 2}\n}\nOOM on 4x A100 40G, full finetune", ["ga 8", "mbs 2"]],
    ["Full fine-tune Qwen2.5-7B with deepspeed on 8x H100:\n```\ndeepspeed train.py --deepspeed ds_z3.json --per_device_train_batch_size 1 --gradient_accumulation_steps 16 --max_seq_length 4096 --bf16 True\n```\n```json\n{\"bf16\": {\"enabled\": \"auto\"}, \"gradient_accumulation_steps\": \"auto\", \"train_micro_batch_size_per_gpu\": \"auto\", \"zero_optimization\": {\"stage\": 3}}\n```", ["ga 16", "mbs 1"]],
    ["ds_config.json:\n{\n  \"gradient_accumulation_steps\": \"auto\",\n  \"zero_optimization\": {\"stage\": 2}\n}\n启动命令：deepspeed --num_gpus 2 finetune.py --model_name_or_path Qwen/Qwen2-7B --per_device_train_batch_size 4 --gradient_accumulation_steps 2 --fp16，全参数微调，两张A800", ["ga 2", "mbs 4"]],
    ["全参微调 llama-3-8b，8卡 A100-80G\n训练参数: per_device_train_batch_size=2, gradient_accumulation_steps=4, bf16=True, deepspeed=ds_config_zero3.json\nds_config_zero3.json 里 \"gradient_accumulation_steps\": \"auto\", \"train_micro_batch_size_per_gpu\": \"auto\", \"zero_optimization\": {\"stage\": 3}", ["ga 4", "mbs 2"]],
    ["accelerate launch --config_file zero2.yaml sft.py --model_name mistralai/Mistral-7B-v0.1 --per_device_train_batch_size 4 --gradient_accumulation_steps 4 --bf16\n\nzero2.yaml:\ndeepspeed_config:\n  gradient_accumulation_steps: auto\n  zero_stage: 2\n\nfull fine-tuning on 4x A6000", ["ga 4", "mbs 4"]],
    ["llama-3-8b 풀 파인튜닝, A100 80GB 4장\ndeepspeed train.py --gradient_accumulation_steps 32 --per_device_train_batch_size 1 --deepspeed ds.json --bf16\nds.json: {\"gradient_accumulation_steps\": \"auto\", \"zero_optimization\": {\"stage\": 3, \"offload_optimizer\": {\"device\": \"cpu\"}}}", ["ga 32", "mbs 1"]],
  ])('%s', (text, words) => hasAll(text, words));

  it('c2590: --gradient_accumulation_steps 4 is kept beside ds_config.json\'s "auto"', () => {
    expect(` ${canonicalText(corpusLineRead('c2590').scenario)} `).toContain(' ga 4 ');
  });
});
