import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * s31 (rprec9): causes of the adapter, precision and weight-format fields, each pinned by invented variations
 * of the phenomenon (other spellings, orders, a command, a config, Chinese and Korean), scored before the fix.
 */
const scenarioOf = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return r.scenario;
};
const targetsOf = (text: string) => {
  const l = scenarioOf(text).lora;
  return l ? (l.targets.length === 7 ? 'all-linear' : l.targets.join(',')) : 'none';
};

describe('LoRA targets in each architecture\'s own module names (h2oai/h2ogpt, c2217)', () => {
  it.each([
    ['llamafactory-cli train --stage sft --model_name_or_path THUDM/chatglm3-6b --finetuning_type lora --lora_target query_key_value,dense,dense_h_to_4h,dense_4h_to_h --lora_rank 8', 'all-linear'],
    ['finetuning falcon-7b with qlora, target_modules=["query_key_value", "dense", "dense_h_to_4h", "dense_4h_to_h"], r=16 on a 4090', 'all-linear'],
    ['phi-3-mini lora finetune\ntarget_modules: [qkv_proj, o_proj, gate_up_proj, down_proj]\nr: 32', 'all-linear'],
    ["internlm2-7b 微调 lora，target_modules=['wqkv','wo','w1','w2','w3']，r=8", 'all-linear'],
    ["phi-2 lora, target_modules=['q_proj','k_proj','v_proj','dense','fc1','fc2'], rank 16 on a T4", 'all-linear'],
    ['baichuan2-13b lora training\nlora_target: W_pack,o_proj,gate_proj,up_proj,down_proj\nlora_rank: 16', 'all-linear'],
    ['mistral-7b lora r 64, lora_alpha 16, target_modules = ["q_proj","k_proj","v_proj","o_proj"]', 'q,k,v,o'],
    ['falcon-7b lora, target_modules=["query_key_value", "dense"], r=8', 'q,k,v,o'],
  ])('%s → %s', (text, targets) => {
    expect(targetsOf(text)).toBe(targets);
  });
});

describe('LoRA rank and targets in Chinese and Korean words', () => {
  it.each([
    ['qwen2.5-7b lora 训练，lora 秩设成 32，单卡 A100 80G', 32],
    ['LoRA 랭크는 32, 알파 64 로 llama-3-8b 파인튜닝, 4090 한 장', 32],
    ['llama-3-8b QLoRA 학습, 랭크를 16으로 설정했는데 OOM 나요 (RTX 3090)', 16],
    ['LoRA的秩(rank)=8，mistral-7b，a100 40g 一张', 8],
    ['LoRA 랭크 16, target_modules 는 q_proj,v_proj 로 llama-2-7b 학습 중', 16],
  ])('%s → r%d', (text, rank) => {
    expect(scenarioOf(text).lora?.rank).toBe(rank);
  });

  it('"所有线性层" beside LoRA is every linear layer, and "秩 8" its rank', () => {
    const s = scenarioOf('qwen2.5-7b 用 peft lora，所有线性层都加，秩 8');
    expect(s.lora?.rank).toBe(8);
    expect(targetsOf('qwen2.5-7b 用 peft lora，所有线性层都加，秩 8')).toBe('all-linear');
  });

  it('"秩" without LoRA in the message is left alone', () => {
    expect(scenarioOf('llama-2-7b inference, 矩阵的秩 16, on a 4090').lora).toBeNull();
  });
});

describe('a scheme width ("w4", "W4A16") yields to the quantiser named beside it (TGI, c2302)', () => {
  it.each([
    ['text-generation-launcher --model-id someone/mistral-7b-instruct-w4-g128 --quantize awq on an A10G', 'awq'],
    ['serving abhinavkulkarni/meta-llama-Llama-2-7b-chat-hf-w4-g128-awq with tgi on a 3090', 'awq'],
    ['serving llama-3-70b w4a16 awq with vllm on 2x A100 80GB', 'awq'],
    ['vllm serve RedHatAI/Meta-Llama-3.1-8B-Instruct-quantized.w4a16 on a 4090', 'gptq'],
  ])('%s → %s', (text, weights) => {
    expect(scenarioOf(text).weights).toBe(weights);
  });
});

describe('precision: Lightning\'s "-mixed" strings are autocast; "纯"/"순수" bf16 is pure', () => {
  const recipe = (text: string) => {
    const s = scenarioOf(text);
    return `${s.recipe} ${s.compute}`;
  };
  it.each([
    ['training llama-2-13b with pytorch lightning, Trainer(precision="16-mixed") on a single A100 80GB', 'amp fp16'],
    ["lightning trainer, precision='bf16-mixed', full finetune of llama-2-7b on 4 A100 80G", 'amp bf16'],
    ['litgpt finetune lora --precision bf16-mixed for llama-2-7b on a 4090', 'amp bf16'],
    ['纯 bf16 训练 qwen2.5-7b 全参数，一张 H100', 'pure bf16'],
    ['qwen2.5-7b 全参微调，纯bf16，8张4090 zero3', 'pure bf16'],
    ['llama-3-8b 풀 파인튜닝을 순수 bf16 으로 돌리면 H100 한 장에 들어갈까요?', 'pure bf16'],
    ['用纯粹的 fp16 训练 llama-2-7b 全参，A100 80G 一张', 'pure fp16'],
    ['llama-2-7b 全参 bf16 混合精度 训练，一张 a100 80g', 'mixed bf16'],
  ])('%s → %s', (text, precision) => {
    expect(recipe(text)).toBe(precision);
  });
});
