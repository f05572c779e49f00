import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * Chinese-LLaMA-Alpaca(-2)'s training scripts name the LoRA target modules in a shell variable,
 * `lora_trainable="q_proj,v_proj,…"`, passed on as `--trainable ${lora_trainable}`
 * (scripts/training/run_sft.sh, run_pt.sh): the same list as PEFT's target_modules, and all seven
 * projections of a Llama block are every linear layer (issue 22 §7: a value meaning "all").
 */

/** ymcui/Chinese-LLaMA-Alpaca#406 (corpus c941), the script's parameter block as posted. */
const CLA_406 = `- 单张显卡 24G 显存
- bash 脚本
\`\`\`
lr=1e-4
lora_rank=8
lora_alpha=32
lora_trainable="q_proj,v_proj,k_proj,o_proj,gate_proj,down_proj,up_proj"
modules_to_save="embed_tokens,lm_head"
lora_dropout=0.05

pretrained_model=/data/chinese-llama/llama-7B
per_device_train_batch_size=1
\`\`\``;

/** ymcui/Chinese-LLaMA-Alpaca#807 (corpus c942): the seven projections, the q,v line commented out. */
const CLA_807 = `### 基础模型

LLaMA-13B

\`\`\`
lora_rank=8
lora_alpha=16
lora_trainable="q_proj,v_proj,k_proj,o_proj,gate_proj,down_proj,up_proj"
#lora_trainable="q_proj,v_proj"
lora_dropout=0.05
per_device_train_batch_size=1
\`\`\``;

const ALL = ['q', 'k', 'v', 'o', 'gate', 'up', 'down'];

describe('lora_trainable names the LoRA target modules', () => {
  it('reads all seven projections as every linear layer (Chinese-LLaMA-Alpaca#406)', () => {
    expect(read(CLA_406).scenario.lora?.targets).toEqual(ALL);
  });

  it('reads the live line, not the commented-out one (Chinese-LLaMA-Alpaca#807)', () => {
    expect(read(CLA_807).scenario.lora?.targets).toEqual(ALL);
  });

  it('reads a shorter list as written (invented, the #807 lines swapped)', () => {
    const text = CLA_807.replace('lora_trainable="q_proj,v_proj,k_proj,o_proj,gate_proj,down_proj,up_proj"\n#lora_trainable="q_proj,v_proj"', 'lora_trainable="q_proj,v_proj"\n#lora_trainable="q_proj,v_proj,k_proj,o_proj,gate_proj,down_proj,up_proj"');
    expect(read(text).scenario.lora?.targets).toEqual(['q', 'v']);
  });

  it("reads the script's own flag, --trainable, beside the LoRA flags (invented)", () => {
    const text = 'llama-2-7b on 1x 24GB\ntorchrun run_clm_sft_with_peft.py --lora_rank 64 --trainable q_proj,k_proj,v_proj,o_proj --lora_dropout 0.05';
    expect(read(text).scenario.lora?.targets).toEqual(['q', 'k', 'v', 'o']);
  });

  it('leaves a trainable key alone where nothing speaks of LoRA (invented)', () => {
    const text = 'full fine-tune of llama-2-7b on 1x a100-80g\ntrainable=q_proj';
    expect(read(text).scenario.lora).toBeFalsy();
  });
});
