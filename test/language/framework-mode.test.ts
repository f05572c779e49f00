import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * What the user runs and does, by the evidence the text gives (branch rfw2): a trainer named by its
 * script or entry point, a config known by its keys, a prediction run of a training script, and a
 * framework's name that is a word of a model's name.
 */

const framework = (text: string) => read(text).scenario.framework;
const mode = (text: string) => read(text).scenario.mode;

describe("SPIN's run_spin.py is a DPO-style run (uclaml/SPIN#21, #12; verl-project/verl#1407)", () => {
  it('c1630: phi-2 with `accelerate launch spin/run_spin.py` on one A100 40GB reads as dpo, not plain HF', () => {
    const { scenario } = corpusLineRead('c1630');
    expect(scenario.framework).toBe('dpo');
    expect(scenario.mode).toBe('full');
  });

  it('the same script with launcher flags before it, another path, or no launcher', () => {
    expect(framework('zephyr-7b on 8x a100-80g\naccelerate launch --config_file configs/deepspeed_zero3.yaml --num_processes=8 --main_process_port 2950 spin/run_spin.py configs/config.yaml')).toBe('dpo');
    expect(framework('mistral-7b on 1x h100\n`accelerate launch   SPIN/spin/run_spin.py configs/config_7b.yaml`')).toBe('dpo');
    expect(framework('用 4 张 A100 跑 zephyr-7b: python run_spin.py configs/config.yaml 显存不够')).toBe('dpo');
  });

  it('a file only named like it is no SPIN run', () => {
    expect(framework('llama-2-7b full on 1x a100 with spin.py')).not.toBe('dpo');
    expect(framework('llama-2-7b full on 1x a100, accelerate launch run_spinner.py')).not.toBe('dpo');
  });
});

describe("axolotl's entry points run axolotl (axolotl-ai-cloud/axolotl#1563, #1129, #3029; axolotl-cookbook#7)", () => {
  it('c1380: `accelerate launch -m axolotl.cli.train examples/llama-3/lora-fsdp-70b.yaml` reads as axolotl', () => {
    const { scenario } = corpusLineRead('c1380');
    expect(scenario.framework).toBe('axolotl');
  });

  it('the module under python, the launcher with flags, the CLI of 0.8+ with flags before its YAML', () => {
    expect(framework('llama-3-8b lora on 1x rtx-4090\npython -m axolotl.cli.train examples/llama-3/lora-8b.yml')).toBe('axolotl');
    expect(framework('llama-3-8b lora on 2x rtx-4090\n./venv/bin/accelerate launch --num_processes 2 -m axolotl.cli.train lora.yml')).toBe('axolotl');
    expect(framework('gpt-oss-20b lora on 1x 48gb\naxolotl train examples/gpt-oss/gpt-oss-20b-sft-lora-singlegpu.yaml')).toBe('axolotl');
    expect(framework('qwen2.5-3b lora on 1x h100\naxolotl train --num-processes=1 gsm8k.yaml')).toBe('axolotl');
  });

  it('the word in passing is not its command', () => {
    // "axolotl train" with no config after it is prose, read (as before) by the name alone.
    expect(read('llama-3-8b lora on 1x rtx-4090, I ran python -m axolotl.cli.preprocess cfg.yml').scenario.framework).not.toBe('dpo');
  });
});

describe("axolotl's config cut after its first lines: `strict:` beside base_model (axolotl-ai-cloud/axolotl#1641, #1448)", () => {
  it('c1238: Llama-3-8B GaLore config cut at `strict: false` reads as axolotl, with its preset', () => {
    const { scenario, said } = corpusLineRead('c1238');
    expect(scenario.framework).toBe('axolotl');
    expect(said).toMatch(/are axolotl's: read as an axolotl run/);
  });

  it('the same keys in another order or spacing; one key alone is no shape', () => {
    expect(framework('llama-3-8b full on 2x a100\n```yaml\nstrict: false\nbase_model:   meta-llama/Meta-Llama-3-8B\n```')).toBe('axolotl');
    expect(framework('mistral-7b full on 1x a6000\nbase_model: mistralai/Mistral-7B-v0.1\nmodel_type: MistralForCausalLM\nload_in_8bit: false\nstrict: false')).toBe('axolotl');
    expect(framework('llama-3-8b full on 2x a100\nstrict: false')).not.toBe('axolotl');
  });
});

describe('a prediction run of a training script is inference (hiyouga/LlamaFactory#2321, #4803, #4340, #6040)', () => {
  const command = (extra = '') =>
    `mixtral-8x7b on 8 gpus of 80gb\naccelerate launch src/train_bash.py \\\n   --stage sft \\\n   --do_predict \\\n${extra}   --finetuning_type lora \\\n   --per_device_eval_batch_size 1 \\\n   --predict_with_generate \\\n   --cutoff_len 1024`;

  it('`--stage sft --do_predict --finetuning_type lora` with no do_train runs the model, said', () => {
    const { scenario, said } = read(command());
    expect(scenario.mode).toBe('inference');
    expect(said).toMatch(/do_predict without do_train: a prediction run/);
  });

  it("LLaMA-Factory's predict YAML (its llama3_lora_predict.yaml, #4803's Qwen2-72B on 8x A100)", () => {
    expect(mode('qwen2-72b on 8x a100-80g\n```yaml\nstage: sft\ndo_predict: true\nfinetuning_type: lora\ncutoff_len: 2048\nper_device_eval_batch_size: 1\npredict_with_generate: true\n```')).toBe('inference');
    expect(mode('llama-3-8b on 8x a100-40g\nstage: sft\ndo_predict: True\nfinetuning_type: lora\nfp16: true')).toBe('inference');
  });

  it('beside do_train, or turned off, it trains as before', () => {
    expect(mode(command('   --do_train \\\n'))).not.toBe('inference');
    expect(mode('llama-3-8b on 1x a100-80g\nstage: sft\ndo_train: true\ndo_predict: true\nfinetuning_type: lora\ncutoff_len: 1024')).toBe('lora');
    expect(mode('llama-3-8b on 1x a100-80g\nstage: sft\ndo_predict: false\nfinetuning_type: lora\ncutoff_len: 1024')).toBe('lora');
  });
});

describe("a framework's name inside a model's name is the model's (oobabooga/textgen#6267, unslothai/unsloth#786, #2504)", () => {
  it('c1372: "DrNicefellow_Mistral-Nemo-Instruct-2407-exl2-5bpw" loads on ExLlamaV2, not a Megatron LoRA run', () => {
    const { scenario } = corpusLineRead('c1372');
    expect(scenario.framework).toBe('exllamav2');
    expect(scenario.mode).toBe('inference');
  });

  it('Mistral-Nemo split by an underscore, a space or a folder; NeMo said alone is still NeMo', () => {
    expect(framework('Mistral-Nemo-Instruct-2407 fails to load on 1x rtx-4090\nLoading "TheBloke_Mistral-Nemo-Instruct-2407-exl2"')).not.toBe('megatron');
    expect(framework('mistral-nemo-12b inference on 1x rtx-4090, folder models/foo_Mistral_Nemo_gptq')).not.toBe('megatron');
    expect(framework('mistral-nemo-12b inference on 1x rtx-4090, model dir: bar_mistral nemo_awq')).not.toBe('megatron');
    expect(framework('finetune llama 8b with NeMo on 8x h100')).toBe('megatron');
  });
});
