import { describe, expect, it } from 'vitest';
import { readNoticed } from './reading-fixtures.js';

/**
 * A framework the run is measured against or aligned with is a broken cue of the framework slot
 * (reconcile/trainer-deepspeed.ts, the evidence model): "in line with torchtune's", "consistent with
 * LLaMA-Factory's example", "和 axolotl 一致" say the user's run is not that program. Where nothing names the
 * program that runs, the yardstick was kept as the run's framework, said weak, with its presets (oumi's PR,
 * oumi-ai/oumi, corpus c2751, read as torchtune's QLoRA). It is now left out, with a note, and the defaults
 * are said. Invented variations, scored before the fix: 4/12 (the four where the tool is run).
 */

describe('the tool the run is compared with is not its framework', () => {
  it.each([
    ["Add Llama 3b lora config. This also fixes the params for Llama 8B Lora to be more in line with torchtune's. lora of llama-3-8b on 1x A100 80GB", 'torchtune'],
    ["I set the learning rate and warmup in line with axolotl's defaults; full fine-tune of mistral-7b on 2x A100 80GB, OOM at step 1", 'axolotl'],
    ["My LoRA hyperparameters for llama-2-13b are consistent with LLaMA-Factory's example yaml, but my own script OOMs on a 4090", 'llama-factory'],
    ["The loss curve is identical to torchtune's for the same config: qlora of llama-2-7b on a T4", 'torchtune'],
    ["hyperparameters aligned with torchtune's recipe; full finetune of llama-3.2-1b on 1x L4 runs out of memory", 'torchtune'],
    ['参数和 LLaMA-Factory 保持一致，用自己的脚本 lora 微调 qwen2-7b，单卡 A100 80G 爆显存', 'llama-factory'],
    ['超参数跟 axolotl 一致，全参微调 llama-3-8b，8卡 A100 80G', 'axolotl'],
    ["I kept the batch settings identical to unsloth's notebook, lora of llama-3-8b on a 3090 with my own trainer", 'unsloth'],
  ])('%s', (text, tool) => {
    const { s, said } = readNoticed(text);
    expect(s.framework).not.toBe(tool);
    // Said: the note names the tool and how to switch to it.
    expect(said).toMatch(new RegExp(`say ${tool} if it does run yours`));
  });
});

describe('the tool the run uses stays, whatever else is compared', () => {
  it.each([
    ['I fine-tune llama-3-8b with torchtune on 1x A100 80GB, lora, OOM', 'torchtune'],
    ['full fine-tune of mistral-7b with axolotl on 2x A100 80GB, the loss matches my earlier runs', 'axolotl'],
    ['用 LLaMA-Factory lora 微调 qwen2-7b，单卡 A100 80G，结果和论文一致', 'llama-factory'],
    ['llamafactory-cli train qwen2_lora.yaml, lora of qwen2-7b on a 4090, in line with the docs', 'llama-factory'],
  ])('%s', (text, tool) => {
    expect(readNoticed(text).s.framework).toBe(tool);
  });
});
