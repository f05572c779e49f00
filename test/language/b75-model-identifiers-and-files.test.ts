import { describe, expect, it } from 'vitest';
import { read, readNoticed, readsAs, refusal } from './reading-fixtures.js';

/**
 * b73–b75 (rmodel12): the model wherever people name it. Each group is one cause, tested on invented variations
 * (other families, separators, file kinds, languages) beside the real line it showed in:
 * - a name written as a code identifier: the version's dot as an underscore, a checkpoint word before the size
 *   (prose/rules/model-identifiers.ts; c2522, c2569, c2570);
 * - a series with a Chinese demonstrative's class ("Qwen3这几个模型") beside a sized model of it (model-classes.ts; c2595);
 * - a model named by a code file: a module named after it (module-files.ts; c2586, c2599), a folder or config named
 *   by a catalog model of one size (prose/rules/path-models.ts; c2541, c2577), a server's --served-model-name (c2593);
 * - words that are no model: a software version joined to its name ("cuda-12.6", c2541), a verb before a size ("Adds 270m", c2576).
 */

describe('a model written as a code identifier reads as its family, version and size', () => {
  it.each([
    ['training Qwen-2.5VL-instruct-3B on a 48GB L20', 'qwen2.5-vl-3b'],
    ['fine-tune Qwen-2.5-VL-Instruct-7B on a 4090', 'qwen2.5-vl-7b'],
    ['Qwen2.5-VL-Instruct-7B OOM with 2x 3090', 'qwen2.5-vl-7b'],
    ['qwen2_vl_instruct_7b lora 显存不够, 4090', 'qwen2-vl-7b'],
    ['Mistral_7B_Instruct_v0_2_q4_k_m on a 3060', 'mistral-7b'],
    ['mistral_7b_instruct_v0_2 on a 3060', 'mistral-7b'],
    ['serving Llama_3.1_8B_Instruct with vllm on an L4', 'llama-3.1-8b'],
    ['| Model | tok/s |\n| --- | --- |\n| `llama3_1_8b_instruct_q40` | 45.33 |\nRTX 3090 24GB', 'llama-3.1-8b'],
    ['训练 qwen3_8b_pretrain_4gpu_h100_bf16_config 显存不够, 4张H100', 'qwen3-8b'],
    ['llama3_2_3b full finetune on 2x 3090', 'llama-3.2-3b'],
  ])('%s', (text, reading) => {
    readsAs(text, reading);
  });

  it('keeps a size after an underscored version its own ("qwen3_8b" is Qwen3 8B, not Qwen 3.8)', () => {
    readsAs('--recipe qwen3_8b_pretrain_4gpu_h100_bf16_config on 4x H100', 'qwen3-8b');
  });
});

describe('a series named as "these several models" gives way to the sized model of it', () => {
  it.each([
    ['使用4张4090加载Qwen3-VL-30B-A3B-Thinking-FP8报错了，请问Qwen3这几个模型具体都需要什么配置？', 'qwen3-vl-30b-a3b'],
    ['用4090加载Qwen2.5-7B-Instruct-AWQ报错，请问Qwen2.5这些模型要多少显存', 'qwen2.5-7b'],
  ])('%s', (text, reading) => {
    readsAs(text, reading);
  });
});

describe('a model named by a code file is read weak, never "Which model?"', () => {
  it.each([
    ['1060 6G的显卡能不能跑？\n\nTraceback (most recent call last):\n  File "wenda.py", line 287, in load_model\n    LLM.load_model()\n  File "D:\\wenda\\plugins\\llm_glm6b.py", line 31, in load_model\n    model = AutoModel.from_pretrained(', 'chatglm-6b'],
    ['My RTX 2060 6GB OOMs:\n  File "/root/.cache/huggingface/modules/transformers_modules/local/modeling_chatglm.py", line 277, in attention_fn\ntorch.cuda.OutOfMemoryError: CUDA out of memory.', 'chatglm-6b'],
    ['Traceback (most recent call last):\n  File "/root/.cache/huggingface/modules/transformers_modules/local/modeling_baichuan.py", line 88, in forward\ntorch.cuda.OutOfMemoryError: CUDA out of memory\nmy card is a 3090', 'baichuan-7b'],
    ['paddlemix/examples/qwen_vl/README.md: lora微调需要A100 40G显存', 'qwen-vl-9.6b'],
    ['按照 examples/internlm2/README.md 做 lora 需要 A100 40G 吗', 'internlm2-7b'],
    ["Tried: DeepSeek-V3-Chat-multi.yaml didn't work either, 2x 3080 OOM", 'deepseek-v3'],
    ['python -m ktransformers.local_chat --model_path /home/m/model --optimize_rule_path /home/m/optimize_rules/DeepSeek-V3-Chat-multi-gpu-marlin.yaml on 2x 3080', 'deepseek-v3'],
    ['vllm serve /data/ckpt --served-model-name qwen2.5-7b-instruct --max-model-len 4096 on one A10', 'qwen2.5-7b'],
  ])('%s', (text, reading) => {
    readsAs(text, reading);
  });

  it('says the module file it read the model from', () => {
    const { said } = readNoticed('My RTX 2060 6GB OOMs:\n  File "/root/.cache/huggingface/modules/transformers_modules/local/modeling_chatglm.py", line 277, in attention_fn\ntorch.cuda.OutOfMemoryError: CUDA out of memory.');
    expect(said).toMatch(/chatglm/i);
  });

  it('reads a served name with a size as a model of that size, said', () => {
    const text = 'python -m vllm.entrypoints.openai.api_server --model &{modelpath} --served-model-name alibaba/tongyi-deepresearch-30b-a3b --max-model-len 8192 on a 4090';
    expect(refusal(text)).toBeNull();
    expect(read(text).scenario.model.requestedParams ?? 0).toBeGreaterThan(25e9);
  });

  it("never takes a served name's format words over the model served (c2557)", () => {
    const { scenario } = read('vllm serve Qwen/Qwen3.5-122B-A10B-GPTQ-Int4 --served-model-name Qwen3.5-27B-AWQ-4bit -tp 2 --max-model-len 131072');
    expect(scenario.weights).not.toBe('awq');
  });

});

describe('words that are no model', () => {
  it.each([
    'Specific Configuration: 3090 x2 cuda-12.4 python3.10, OOM when loading the model',
    'env: 4090, cuda-11.8, torch-2.1, python-3.9: out of memory',
    'epyc 7642x1 256G-RAM 3080-10G x2 cuda-12.6 python3.11 OOM loading',
  ])('a software version joined to its name: %s', (text) => {
    expect(refusal(text)).toMatch(/Which model\?/);
  });

  it.each([
    ['Adds 270m gemma3 qlora config, confirmed working on A40', /adds/i],
    ['Enables 7b qwen2.5 lora on a 3090', /enables/i],
  ])('a verb before a size: %s', (text, verb) => {
    expect(read(text).scenario.model.asWritten ?? '').not.toMatch(verb);
  });
});
