import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * A DeepSpeed config file is read from its name (config-keys/sharding.ts). A name that negates the
 * offload — Chinese-LLaMA-Alpaca(-2)'s `ds_zero2_no_offload.json`, open-instruct's
 * `ds_configs/stage3_no_offloading.conf` beside `stage3_offloading.conf` — offloads nothing: the
 * negation's scope is the word it stands before (issue 22 §7).
 */

/** wuyike2000/Retrieve-Rewrite-Answer#11 (corpus c486), the script's lines that set the run. */
const RRA_11 = `lora_rank=64
lora_trainable="q_proj,v_proj,k_proj,o_proj,gate_proj,down_proj,up_proj"
pretrained_model=/home/leike/models/chinese-alpaca-2-7b
per_device_train_batch_size=1
gradient_accumulation_steps=8
deepspeed_config_file=ds_zero2_no_offload.json

torchrun --master_port 29501 --nnodes 1 --nproc_per_node 1 run_clm_sft_with_peft-chinese-7b.py \\
    --deepspeed \${deepspeed_config_file} \\
    --per_device_train_batch_size \${per_device_train_batch_size}`;

describe('a config file named for no offload offloads nothing', () => {
  it('reads ds_zero2_no_offload.json as ZeRO-2 without offload (Retrieve-Rewrite-Answer#11)', () => {
    const { scenario } = read(RRA_11);
    expect(scenario.sharding).toMatchObject({ kind: 'zero', stage: 2 });
    expect(scenario.offload).toMatchObject({ optimizer: 'none', params: 'none' });
  });

  it.each([
    ['open-instruct stage3_no_offloading.conf', 'full fine-tune of llama-2-7b on 4x a100-80g --deepspeed ds_configs/stage3_no_offloading.conf', 3],
    ['hyphen and capitals (invented)', 'full fine-tune of llama-2-7b on 4x a100-80g --deepspeed ZeRO3-No-Offload.json', 3],
    ['run together (invented)', 'full fine-tune of llama-2-7b on 4x a100-80g --deepspeed zero2_nooffload.json', 2],
  ])('%s: the stage without offload', (_name, text, stage) => {
    const { scenario } = read(text);
    expect(scenario.sharding).toMatchObject({ kind: 'zero', stage });
    expect(scenario.offload).toMatchObject({ optimizer: 'none', params: 'none' });
  });

  it('still reads an offload file as offloading (open-instruct stage3_offloading.conf; LLaVA zero3_offload.json)', () => {
    for (const file of ['ds_configs/stage3_offloading.conf', './scripts/zero3_offload.json']) {
      const { scenario } = read(`full fine-tune of llama-2-7b on 4x a100-80g --deepspeed ${file}`);
      expect(scenario.offload).toMatchObject({ optimizer: 'cpu', params: 'cpu' });
    }
  });
});
