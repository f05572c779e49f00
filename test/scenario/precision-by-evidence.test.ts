import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * The run's precision read by evidence, never refused and never defaulted in silence (rprec8, twenty-sixth
 * session). Each block holds invented variations of one phenomenon, in the words people use, and the real
 * corpus line it was seen in; they were scored on the code before the fix (counts in each block's comment).
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!.text;

function read(text: string): { s: Scenario; said: string } {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}${r.ok ? '' : `: ${r.error.message}`}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
}

// Before the fix: 1 of 8 right (7 read as pure bf16 in silence).
describe('a model loaded with torch_dtype and trained under DeepSpeed ZeRO is mixed precision (fp32 masters)', () => {
  it.each([
    ['an accelerate zero3.yaml launch beside a recipe YAML', 'Run it w/ `accelerate launch --config_file recipes/accelerate_configs/zero3.yaml --num_processes=8 -m open_r1.sft --config cfg.yaml`\n\n```yaml\nmodel_name_or_path: Qwen/Qwen2.5-7B\ntorch_dtype: bfloat16\nbf16: true\ngradient_checkpointing: true\n```'],
    ['a --deepspeed flag in the same command', 'deepspeed train.py --deepspeed ds_z2_config.json --model_name_or_path meta-llama/Llama-2-7b-hf --torch_dtype bfloat16 --per_device_train_batch_size 4 on 8x A100'],
    ['prose', 'full finetune of qwen2-7b with deepspeed zero2, the model loaded with torch_dtype=torch.bfloat16, 8x A100 80G, OOM'],
    ['Chinese', '用deepspeed zero3全参微调llama3-8b，torch_dtype: bfloat16，8卡A800，显存爆了'],
    ['a deepspeed key in the same YAML', '```yaml\nmodel_name_or_path: meta-llama/Meta-Llama-3-8B\ntorch_dtype: bfloat16\ndeepspeed: configs/ds_zero3.json\nper_device_train_batch_size: 2\n```\nfull sft on 4x H100'],
    ['Korean', 'deepspeed zero-3로 llama-3-8b 풀 파인튜닝 중인데 torch_dtype bfloat16 으로 로드했어요. A100 8장'],
    ['from_pretrained in code, the launch in a command', "model = AutoModelForCausalLM.from_pretrained('mistralai/Mistral-7B-v0.1', torch_dtype=torch.bfloat16)\ntrainer = SFTTrainer(model=model, args=args)\n`accelerate launch --config_file deepspeed_zero2.yaml sft.py` on 4 A100s"],
  ])('%s', (_how, text) => {
    const { s, said } = read(text);
    expect(s.sharding.kind).toBe('zero');
    expect([s.recipe, s.compute]).toEqual(['mixed', 'bf16']);
    expect(said).toMatch(/under DeepSpeed ZeRO its bf16 optimizer keeps fp32 masters \(say pure bf16/);
  });

  it('c2223 (huggingface/trl#3383): open-r1 GRPO under zero3.yaml with torch_dtype bfloat16 is mixed bf16', () => {
    expect([read(line('c2223')).s.recipe, read(line('c2223')).s.compute]).toEqual(['mixed', 'bf16']);
  });

  it('without DeepSpeed, torch_dtype bfloat16 stays pure (the corpus README rule)', () => {
    expect(read('full finetune llama-3-8b, torch_dtype bfloat16, on 1 H100 80GB').s.recipe).toBe('pure');
  });
});

// Before the fix: 0 of 4 right (each refused as a contradiction).
describe('"fp32" beside QLoRA is the adapters\' dtype: QLoRA read, said, never refused', () => {
  it.each([
    ['qlora llama-2-7b on a 3090, the adapters in fp32', 'bf16'],
    ['qlora fp32 mistral-7b on T4', 'fp16'],
    ['QLoRA 微调 qwen-7b，lora 参数用 fp32，4090', 'bf16'],
    ['qlora with 4bit nf4 base, fp32 optimizer states, llama-3-8b, rtx 4080', 'bf16'],
  ])('%s', (text, compute) => {
    const { s, said } = read(text);
    expect(s.mode).toBe('qlora');
    expect([s.recipe, s.compute]).toEqual(['mixed', compute]);
    expect(said).toMatch(/with QLoRA read as the dtype of the LoRA adapters and the optimizer/);
  });

  it('a 16-bit dtype said too stays the compute', () => {
    expect(read('qlora llama-2-7b fp16, adapters fp32, on a 3090').s.compute).toBe('fp16');
  });
});

// Before the fix: 1 of 5 right (4 refused: "FP8" and "W8A8" contradict each other).
describe('"W8A8" beside "FP8" is one FP8 checkpoint described twice', () => {
  it.each([
    'Serving RedHatAI/Meta-Llama-3.1-8B-Instruct-FP8 which is a W8A8 FP8 checkpoint on vllm, L4',
    'Qwen2.5-72B-Instruct FP8-dynamic (W8A8) on 4x L40S with vllm',
    'w8a8 fp8 llama-3.1-70b on 2 h100, vllm serve',
    'deepseek-r1-distill-qwen-32b 用 fp8 w8a8 量化，vllm 部署在两张 L20 上',
  ])('%s', (text) => {
    expect(read(text).s.weights).toBe('fp8');
  });

  it('W8A8 with int8 stays int8', () => {
    expect(read('llama-3.1-8b w8a8 int8 on an A100 vllm').s.weights).toBe('int8');
  });
});

// Before the fix: 4 of 10 right (the bf16 compared with read as the run's precision; two silently).
describe('a dtype named as the copy compared with is not the run\'s precision', () => {
  it.each([
    'running gemma-3-12b int4 on a 4090 OOMs; the int4 checkpoint is barely smaller than the bf16 checkpoint',
    'qwen2.5-14b gptq int4 on a 4080 with vllm, I thought it would be a quarter of the bf16 size',
    'mistral-7b q4_k_m with llama.cpp on an 8gb card; in bf16 it would need 15GB',
    'compared to the bf16 model, the awq one still OOMs on my 4090 with vllm (qwen2.5-14b-instruct-awq)',
    'Qwen2.5-7B-Instruct-AWQ 모델인데 bf16 대비 메모리가 별로 안 줄어요. vllm, RTX 4090',
    'llama-3.1-8b-instruct gptq on vllm at half the size of the bf16 weights, L4',
    'llama-2-13b awq 比 bf16 版本省多少显存？vllm，3090',
  ])('%s', (text) => {
    const { s, said } = read(text);
    expect(s.compute).toBe('fp16');
    expect(said).toMatch(/names a copy to compare with, not your run's precision/);
  });

  it('two dtypes compared with each other are left to the reader', () => {
    expect(read('llama-3-8b full finetune in bf16 on one A100 80GB, is that more than fp32 would need?').s.compute).toBe('bf16');
  });
});

// Before the fix: the served compute of a quantised model with no dtype named was bf16 in silence (c2207, and
// "llama-3-70b int8 inference", lmdeploy's AWQ: 2 of the 10 variations silent).
describe('a served quantised model\'s default compute dtype is said with its switch', () => {
  it.each([
    ['llama-3-70b int8 inference on 2 A100 40GB, does it fit?'],
    ['Serving Qwen2.5-7B-Instruct-AWQ with lmdeploy on an A10, OOM at startup'],
    ['gpt-oss-120b inference, how much memory?'],
  ])('%s', (text) => {
    const { s, said } = read(text);
    expect(s.compute).toBe('bf16');
    expect(said).toMatch(/bf16 precision for activations(?: and KV cache)? \(default: no dtype named; say fp16/);
  });

  it('c2207 (lhl/strix-halo-testing#33): gpt-oss MXFP4 benchmarked with llama.cpp, its compute dtype said', () => {
    expect(read(line('c2207')).said).toMatch(/bf16 precision for activations and KV cache \(default: no dtype named/);
  });

  it('a dtype named, or an engine that sets one, needs no such note', () => {
    expect(read('llama-3-70b int8 inference on 2 A100 40GB, --dtype bfloat16').said).not.toMatch(/default: no dtype named/);
    expect(read('serve llama-3-8b awq with vllm on an A100').said).not.toMatch(/default: no dtype named/);
    expect(read('llama-3-8b q4_k_m with llama.cpp on a 3060').said).not.toMatch(/default: no dtype named/);
  });
});
