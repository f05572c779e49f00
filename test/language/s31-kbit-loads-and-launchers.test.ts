import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * Session 31 (branch rframe9): a LoRA over a base a script loads in 4 bits is QLoRA however the script spells
 * the width (`--load_in_bits 4`, `--load_in_kbits 4`, `--bits 4` beside a LoRA key, `--train_4bit=True`,
 * "4비트로", "4ビットで"), and a launcher (`deepspeed …`, `accelerate launch …`) names no trainer: the script
 * prepares its 4-bit base with PEFT, checkpointing on (LlamaChinese/Llama-Chinese#243, c2338). The variations
 * are invented in the words people use; first sight: 4 of 9 launchers and 5 of 10 widths right, after: 7 of 9 launchers (DeepSpeed said in
 * prose before its command, in Chinese or Korean, is still read as the framework: open) and 10 of 10 widths.
 */

const method = (text: string) => {
  const s = read(text).scenario;
  return [s.mode, s.weights, s.framework, s.recompute];
};

describe('a bit width said by a training script\'s own key is the base\'s load (c2338)', () => {
  it.each([
    ['Llama-Chinese --load_in_bits 4', 'python finetune_clm_lora.py --model_name_or_path meta-llama/Llama-2-7b-chat-hf --load_in_bits 4 --lora_r 8 --per_device_train_batch_size 1 on a 3090'],
    ["h2oGPT's --train_4bit=True", 'python finetune.py --base_model=decapoda-research/llama-7b-hf --train_4bit=True --lora_r=8 --micro_batch_size=4 OOM on 24GB'],
    ["Chinese-LLaMA-Alpaca-2's --load_in_kbits 4", 'python scripts/training/run_clm_sft_with_peft.py --model_name_or_path chinese-alpaca-2-7b --load_in_kbits 4 --lora_rank 64 --per_device_train_batch_size 1'],
    ["LLaVA's --bits 4 beside --lora_enable", 'python train.py --model_name_or_path lmsys/vicuna-7b-v1.5 --lora_enable True --bits 4 --lora_r 64 on 1x a6000'],
    ['Korean: 4비트로 로드해서 LoRA', '4비트로 로드해서 LoRA 파인튜닝 하는데 polyglot-ko-12.8b, A100 40GB 한 장에서 OOM'],
    ['Japanese: 4ビットで読み込んで LoRA', 'llama-2-13b を4ビットで読み込んで LoRA で学習すると RTX 3090 で OOM'],
  ])('%s: QLoRA, PEFT\'s recipe', (_name, text) => {
    expect(method(text)).toEqual(['qlora', 'nf4', 'peft', 'full']);
  });

  it('an 8-bit width is LoRA over LLM.int8 ("--load_in_kbits 8")', () => {
    expect(read('python run_clm_sft_with_peft.py --model_name_or_path llama-2-7b --load_in_kbits 8 --lora_rank 8').scenario.weights).toBe('int8');
  });

  it('a bare --bits beside GPTQ\'s own keys is no bitsandbytes load', () => {
    expect(read('python quantize.py --model meta-llama/Llama-2-7b-hf --bits 4 --group_size 128 --lora_r 8').scenario.weights).not.toBe('nf4');
  });

  it('a bare --bits with no LoRA beside it says nothing', () => {
    expect(read('python run.py --model meta-llama/Llama-2-7b-hf --bits 4 on a T4').scenario.weights).not.toBe('nf4');
  });

  it('Korean 8비트 양자화 is int8', () => {
    expect(read('8비트 양자화로 polyglot-ko-5.8b 추론하면 T4에서 돌아가나요?').scenario.weights).toBe('int8');
  });
});

describe('a launcher names no trainer: a QLoRA script under it is PEFT\'s recipe (c2338)', () => {
  it.each([
    ['deepspeed --num_gpus with --load_in_4bit', 'CUDA_VISIBLE_DEVICES=0,1 deepspeed --num_gpus 2 finetune_lora.py \\\n  --model_name_or_path meta-llama/Llama-2-7b-hf \\\n  --load_in_4bit True \\\n  --lora_r 8'],
    ['deepspeed script.py with --use_peft --load_in_4bit', 'deepspeed train_sft.py --model_name_or_path mistralai/Mistral-7B-v0.1 --use_peft --load_in_4bit --per_device_train_batch_size 4 OOM on 4x A10G'],
    ['accelerate launch train_qlora.py --bits 4', 'accelerate launch --num_processes 2 train_qlora.py --model_name huggyllama/llama-13b --bits 4 --lora_r 64 on two 3090'],
  ])('%s', (_name, text) => {
    const { scenario: s, said } = read(text);
    expect([s.mode, s.framework, s.recompute, s.sharding.kind]).toEqual(['qlora', 'peft', 'full', 'ddp']);
    expect(said).toMatch(/QLoRA as PEFT prepares it/);
  });

  it('c2338: deepspeed --num_gpus 2 finetune_clm_lora.py --load_in_bits 4 is QLoRA with PEFT\'s checkpointing', () => {
    const s = corpusLineRead('c2338').scenario;
    expect([s.mode, s.weights, s.framework, s.recompute]).toEqual(['qlora', 'nf4', 'peft', 'full']);
  });

  it('a ZeRO-3 config under the launcher shards the 4-bit base, which PEFT does not prepare', () => {
    const s = read('deepspeed --num_gpus 4 train.py --model_name_or_path meta-llama/Llama-2-13b-hf --deepspeed ds_z3.json --load_in_4bit --lora_r 16').scenario;
    expect([s.mode, s.sharding]).toEqual(['qlora', { kind: 'zero', stage: 3 }]);
    expect(s.framework).not.toBe('peft');
  });

  it('a LoRA on a 16-bit base under the deepspeed launcher keeps DeepSpeed (c582)', () => {
    expect(corpusLineRead('c582').scenario.framework).toBe('deepspeed');
  });

  it('DeepSpeed named in prose is the framework the user says, kept', () => {
    expect(read('qlora finetune of llama-2-13b with deepspeed on 2x 4090').scenario.framework).toBe('deepspeed');
  });

  it('a trainer named keeps its own recipe: "hf trainer" with QLoRA', () => {
    expect(read('llama-2-7b qlora hf trainer on a 4090').scenario.framework).toBe('hf');
  });
});
