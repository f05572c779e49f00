import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * Weight formats and precision recipes written as flags the reader had missed:
 * - Windows cmd's caret continues a .bat script's line ("--fp16 ^"), as a backslash does a shell's;
 * - MedicalGPT's `--use_peft True --torch_dtype float16 --fp16`: a frozen fp16 base, fp32 adapters under
 *   the Trainer's autocast (amp);
 * - AutoTrain's `--use-peft --quantization int4`: bitsandbytes NF4 (a QLoRA base), not an 8-bit load;
 * - CogVLM / CogCoM's SAT demo `--quant 4`: 4-bit integer weights.
 */

/** shibing624/MedicalGPT#410 (corpus c874), the .bat script's flags that set the run. */
const MEDICALGPT_410 = `baichuan2-13b
@echo off
set CUDA_VISIBLE_DEVICES=0,1,2,3

call python  supervised_finetuning.py ^
    --model_type baichuan ^
    --per_device_train_batch_size 4 ^
    --use_peft True ^
    --model_max_length 6144 ^
    --target_modules all ^
    --lora_rank 8 ^
    --torch_dtype float16 ^
    --fp16 ^
    --device_map auto ^`;

/** onlybooks/llm#12 (corpus c944), the AutoTrain command as posted. */
const AUTOTRAIN_12 = `base_model = 'beomi/Yi-Ko-6B'
!autotrain llm \\
--train \\
--model {base_model} \\
--batch-size 8 \\
--lora-r 8 \\
--gradient-accumulation 8 \\
--mixed-precision fp16 \\
--use-peft \\
--quantization int4 \\
--trainer sft`;

describe('flags that set the weights and the precision', () => {
  it('MedicalGPT#410: the caret ends no value, and torch_dtype float16 with --fp16 under LoRA is fp16 amp', () => {
    const { scenario } = read(MEDICALGPT_410);
    expect([scenario.recipe, scenario.compute]).toEqual(['amp', 'fp16']);
    expect(scenario.lora?.targets).toHaveLength(7);
  });

  it('a caret glued to the end of the paste is no value either (invented)', () => {
    const { scenario } = read('llama-2-7b full on 1x a100-80g\npython train.py ^\n  --per_device_train_batch_size 2 ^\n  --gradient_checkpointing ^');
    expect(scenario.microBatch).toBe(2);
    expect(scenario.recompute).not.toBe('none');
  });

  it('torch_dtype float16 alone, without the Trainer flag, stays as it was (invented)', () => {
    const { scenario } = read('baichuan2-13b on 4x 3090\npython sft.py --use_peft True --torch_dtype float16 --lora_rank 8');
    expect(scenario.recipe).not.toBe('amp');
  });

  it('onlybooks/llm#12: AutoTrain --quantization int4 beside --use-peft is an NF4 base', () => {
    expect(read(AUTOTRAIN_12).scenario.weights).toBe('nf4');
  });

  it('--quantization int8 beside --use-peft stays int8 (invented)', () => {
    expect(read(AUTOTRAIN_12.replace('int4', 'int8')).scenario.weights).toBe('int8');
  });

  it.each([
    ['CogCoM#12', 'when the model inference on 1 * RTX4090, running `python cli_demo_sat.py --from_pretrained cogcom-base-17b --local_tokenizer tokenizer --english --quant 4`, the output will be CUDA out of memory.', 'gptq'],
    ['8 bits (invented)', 'cogvlm 17b inference on 1x rtx-4090: python cli_demo_sat.py --from_pretrained cogvlm-chat --quant 8', 'int8'],
  ])('%s: --quant sets the weight width', (_name, text, weights) => {
    expect(read(text).scenario.weights).toBe(weights);
  });

  it('onlybooks/llm#12: AutoTrain --mixed-precision fp16 without DeepSpeed or FSDP is fp16 amp', () => {
    const { scenario } = read(AUTOTRAIN_12);
    expect([scenario.recipe, scenario.compute]).toEqual(['amp', 'fp16']);
  });

  it("Accelerator(mixed_precision='bf16') in a script is amp; under FSDP, or in an accelerate config file, it stays mixed (invented)", () => {
    expect(read("gemma-2b full on 1x rtx-6000-ada\naccelerator = Accelerator(mixed_precision='bf16', gradient_accumulation_steps=1)").scenario.recipe).toBe('amp');
    const fsdp = read('llama-2-7b full on 8x a100-80g\n```yaml\ndistributed_type: FSDP\nfsdp_config:\n  fsdp_sharding_strategy: FULL_SHARD\nmixed_precision: bf16\nnum_processes: 8\n```');
    expect(fsdp.scenario.recipe).toBe('mixed');
    const launcher = read('llama-2-7b full on 2x a100-80g\n```yaml\ncompute_environment: LOCAL_MACHINE\ndistributed_type: MULTI_GPU\nmixed_precision: bf16\nnum_processes: 2\n```');
    expect(launcher.scenario.recipe).toBe('mixed');
  });
});

