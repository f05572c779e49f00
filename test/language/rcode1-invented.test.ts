import { describe, expect, it } from 'vitest';
import { judge, type Line } from '../../bench/language.js';
import { readCode, SETTING_CALLS } from '../../src/language/code-dump.js';
import { modelAndRest, namePartWords, NAME_PART_RULES } from '../../src/language/name-parts.js';
import { normalise } from '../../src/language/normalise.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * rcode1 (s45): two mechanisms seen in fresh batches, proved on invented lines (their readings written from the
 * words, before the engine was changed; docs/reading.md "Settings written in code, setups packed into a name").
 *
 * 1. Settings written as Python code: an attribute assignment (`model.config._attn_implementation = 'eager'`), a
 *    keyword argument (`from_pretrained(…, attn_implementation="sdpa")`), a call that says a setting
 *    (`.half()`, `.to(torch.bfloat16)`, `model.gradient_checkpointing_enable()`), a dict literal — each the same
 *    key as the config reader knows it. A branch that does not run on the GPU and a commented-out line are no run.
 * 2. A setup packed into a name: a file, run, output-folder or repository name split on `_ - . / --`, its parts
 *    read with the same rules, weak, yielding to the same fact said in words; a model's own name stays whole.
 */

export const judged = (text: string, reading: string) => judge({ id: 'inv', text, source: 'invented', reading, intent: 'stated' } as Line);

/** Mechanism 1: settings written in code. [text, reading] */
export const CODE_LINES: [string, string][] = [
  // an attribute assignment with a private key, and use_cache off (no memory item)
  ['llama-3-8b lora on a single A100 80G runs out of memory.\n```python\nmodel.config._attn_implementation = "eager"\nmodel.config.use_cache = False\n```',
    'llama-3-8b lora eager on 1x a100-80g'],
  // the key inside a sub-config, single quotes, no spaces
  ["OOM with mistral-7b qlora on one RTX 4090\n```\nmodel.language_config._attn_implementation='eager'\n```",
    'mistral-7b qlora eager on 1x rtx-4090'],
  // a loader call's keywords: kernel, dtype, 4-bit load
  ['why does this OOM on my 4090 at generate?\n```python\nmodel = AutoModelForCausalLM.from_pretrained("mistralai/Mistral-7B-v0.1", attn_implementation="sdpa", torch_dtype=torch.float16, load_in_4bit=True)\n```',
    'mistral-7b inference nf4 fp16 sdpa on 1x rtx-4090'],
  // a cast written as a call chain
  ['llama-2-7b inference on a 3090:\n```python\nmodel = LlamaForCausalLM.from_pretrained(path).to(torch.bfloat16).cuda()\n```',
    'llama-2-7b inference bf16 on 1x rtx-3090'],
  // .half()
  ["Running llama-2-13b on a V100 32G.\n```python\nmodel = AutoModelForCausalLM.from_pretrained('meta-llama/Llama-2-13b-hf').half().cuda()\n```",
    'llama-2-13b inference fp16 on 1x v100-32g'],
  // gradient_checkpointing_enable() and TrainingArguments keywords
  ['Full fine-tune of qwen2.5-7b on 8x H100 80G OOMs:\n```python\nmodel.gradient_checkpointing_enable()\nargs = TrainingArguments(output_dir="out", per_device_train_batch_size=4, gradient_accumulation_steps=8, bf16=True)\n```',
    'qwen2.5-7b full hf bf16 amp gc bs 4 ga 8 on 8x h100-80g'],
  // a dict literal assigned to a name
  ['mistral-7b qlora on a T4 16G, config:\n```python\ncfg = {"max_seq_length": 2048, "per_device_train_batch_size": 2}\n```',
    'mistral-7b qlora seq 2048 bs 2 on 1x t4'],
  // BitsAndBytesConfig keywords. Written first as "nf4 bf16"; corrected after the first score: bnb_4bit_compute_dtype is
  // the 4-bit matmuls' dtype, and a 4-bit load with no torch_dtype keeps the rest in fp16 (transformers overrides
  // torch_dtype=None with float16 for bitsandbytes), which is what the reader says.
  ['loading llama-3-8b on an RTX 3060 12GB for inference:\n```python\nbnb_config = BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_quant_type="nf4", bnb_4bit_compute_dtype=torch.bfloat16)\n```',
    'llama-3-8b inference nf4 fp16 on 1x rtx-3060'],
  // Chinese around the code; the kernel set by an attribute after the load
  ['用下面的代码加载 qwen2.5-14b 做推理，一张 4090，显存不够：\n```python\nmodel = AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-14B-Instruct", torch_dtype=torch.float16)\nmodel.config.attn_implementation = "flash_attention_2"\n```',
    'qwen2.5-14b inference fp16 flash on 1x rtx-4090'],
  // Korean, the keywords inline in prose
  ['llama-3-8b를 A100 40G 한 장에서 풀 파인튜닝합니다. 코드: `training_args = TrainingArguments(per_device_train_batch_size=8, gradient_checkpointing=True, fp16=True)`',
    'llama-3-8b full hf fp16 amp gc bs 8 on 1x a100-40g'],
  // Japanese, the calls named in prose
  ['llama-3-8b を RTX 4090 で推論しています。`model.half()` と `attn_implementation="sdpa"` を使っています',
    'llama-3-8b inference fp16 sdpa on 1x rtx-4090'],
  // the cue after the thing: the setting first, the model and card after
  ['```python\nmodel.gradient_checkpointing_enable()\nmodel.config.use_cache=False\n```\nthis is for a llama-2-13b lora r16 on 2x A6000',
    'llama-2-13b lora r16 gc on 2x a6000'],
  // near miss: a branch that does not run on the GPU is not the run
  ['running llama-2-7b on an A10G 24G\n```python\nif torch.cuda.is_available():\n    model = model.to(torch.bfloat16).cuda()\nelse:\n    model = model.to(torch.float16)\n```',
    'llama-2-7b inference bf16 on 1x a10g'],
  // near miss: a commented-out line is not the run
  ['mistral-7b full finetune on 4x A100 80G, zero3\n```python\nmodel = AutoModelForCausalLM.from_pretrained(name, torch_dtype=torch.bfloat16)\n# model.gradient_checkpointing_enable()\n```',
    'mistral-7b full zero3 bf16 on 4x a100-80g'],
  // near miss: the model's own maximum printed is not the user's length
  ['qwen2.5-7b inference on a 4090\n```python\nprint(model.config.max_position_embeddings)  # 32768\n```',
    'qwen2.5-7b inference on 1x rtx-4090'],
  // near miss: the old value commented out, the new one set
  ['gemma-2-9b lora on one H100 80G\n```python\n# attn_implementation="eager"\nmodel = AutoModelForCausalLM.from_pretrained(mid, attn_implementation="flash_attention_2", torch_dtype=torch.bfloat16)\n```',
    'gemma-2-9b lora flash bf16 on 1x h100-80g'],
];

/** Mechanism 2: a setup packed into a name. [text, reading] */
export const NAME_LINES: [string, string][] = [
  ['Create mistralai--Mixtral-8x7B-Instruct-v0.1_a100-80g_tp2.yaml', 'mixtral-8x7b inference tp 2 on 2x a100-80g'],
  ['`bash llama3-8b_lora_r16_4xA100-80G.sh` fails with CUDA OOM at step 0', 'llama-3-8b lora r16 on 4x a100-80g'],
  ['training with configs/qwen2.5-7b-sft-zero3-seq8k.yaml on 8 H100s OOMs', 'qwen2.5-7b full zero3 seq 8192 on 8x h100-80g'],
  ['my llama-2-7b full finetune on 8x A100 80G writes to output/ds_z3_bs4_ga8 and dies at the first step', 'llama-2-7b full zero3 bs 4 ga 8 on 8x a100-80g'],
  ['./run_llama3-70b_fp8_h100x8.sh gets OOM while loading', 'llama-3-70b inference fp8 on 8x h100-80g'],
  ['用 scripts/qwen2-7b_lora_bs2_len4096.sh 微调，单卡 4090 爆显存', 'qwen2-7b lora bs 2 seq 4096 on 1x rtx-4090'],
  ['mistral-7b_qlora_r64_seq2048_1xA6000.yaml 로 학습 중 OOM 이 납니다', 'mistral-7b qlora r64 seq 2048 on 1x a6000'],
  ['gemma-2-9b_lora_r16_bs1_seq8192.yaml で RTX 4090 1枚だと OOM になります', 'gemma-2-9b lora r16 bs 1 seq 8192 on 1x rtx-4090'],
  ['wandb run llama3.1-8b-dpo-lora-r32-8xh100 crashed with OOM', 'llama-3.1-8b dpo lora r32 on 8x h100-80g'],
  // the words win over the name
  ['config llama2-13b_zero2_bs8.yaml, but I changed it to zero3 and bs 4; full finetune on 4x A100 80G', 'llama-2-13b full zero3 bs 4 on 4x a100-80g'],
  ['launching train_qwen2.5-1.5b_grpo_zero2_4xA100.sh — OOM in the rollout', 'qwen2.5-1.5b full grpo zero2 on 4x a100-80g'],
  ['my yaml is llama3_8b-qlora-seq4096.yaml and I run it on a single 3090', 'llama-3-8b qlora seq 4096 on 1x rtx-3090'],
  // near misses: a model's own name stays whole
  ['Mixtral-8x7B-Instruct-v0.1 with vllm serve on 2x A100 80G, tp 2', 'mixtral-8x7b serve tp 2 on 2x a100-80g'],
  ['serving Qwen2.5-7B-Instruct-1M with vllm on one H100 80G, --max-model-len 32768', 'qwen2.5-7b serve seq 32768 on 1x h100-80g'],
  // near miss: a path that only locates a file gives the model at most
  ['loading /home/user/models/llama-2-7b/config.json on my 3090 gives OOM', 'llama-2-7b inference on 1x rtx-3090'],
  // near miss: a date, a version and a port in a name are no setup
  ['deploy_llama3-8b_port8000_v2_2024-05-01.sh on one L4 24G runs out of memory', 'llama-3-8b inference on 1x l4'],
];

describe('mechanism 1: settings written in code are the keys the config reader knows', () => {
  it.each(CODE_LINES)('%j reads as %j', (text, reading) => {
    const r = judged(text, reading);
    expect(r.verdict, r.detail).toBe('right');
  });
});

describe('mechanism 2: a setup packed into a name is read, weak', () => {
  it.each(NAME_LINES)('%j reads as %j', (text, reading) => {
    const r = judged(text, reading);
    expect(r.verdict, r.detail).toBe('right');
  });
});

describe('the rules as data: each example reads', () => {
  it.each(NAME_PART_RULES.map((r) => [r.id, r] as const))('%s: its example holds a part it reads', (_, rule) => {
    const stem = rule.example.toLowerCase().replace(/\.(?:ya?ml|sh|json)$/, '').split('/').pop()!;
    expect(stem.split(/[-_]/).some((p) => rule.pattern.test(p))).toBe(true);
  });

  it.each(SETTING_CALLS.map((c) => [c.id, c] as const))('%s: its example is written as its key', (_, call) => {
    expect(readCode(normalise(call.example)).text.text.trim()).toBe(call.setting);
  });

  it('a tensor cast is no setting: `logits.half()` stays code', () => {
    expect(readCode(normalise('x = logits.half()')).text.text).not.toMatch(/torch_dtype/);
  });
});

describe('a name part yields to the words and keeps the model whole', () => {
  it('the same slot said in words drops the name\'s part', () => {
    expect(namePartWords('_zero2_bs8', 'but I changed it to zero3 and bs 4').words).toBe('');
    expect(namePartWords('_zero2_bs8', 'on 4x A100').words).toBe('zero2 bs 8');
  });

  it('a card in the name yields to a card said in words', () => {
    expect(namePartWords('_4xa100-80g_tp2', 'on my 3090').words).toBe('tp 2');
    expect(namePartWords('_4xa100-80g_tp2', 'on 2x rtx 4090').words).toBe('tp 2');
  });

  it('a rank with no adapter in the name says nothing', () => {
    expect(namePartWords('_r16_bs2', '').words).toBe('bs 2');
  });

  it.each([
    ['mixtral-8x7b-instruct-v0.1_a100-80g_tp2', 'mixtral-8x7b-instruct-v0.1'],
    ['qwen2.5-7b-instruct-1m', 'qwen2.5-7b-instruct-1m'],
    ['mistralai--mixtral-8x7b-instruct-v0.1', 'mixtral-8x7b-instruct-v0.1'],
    ['llama3-8b_lora_r16_4xa100-80g', 'llama3-8b'],
  ])('%s: the model is %s', (stem, head) => {
    expect(modelAndRest(stem)?.head).toBe(head);
  });

  it('facts from a name are weak (said with the name)', () => {
    const r = resolveRequest('training with configs/qwen2.5-7b-sft-zero3-seq8k.yaml on 8 H100s', null);
    if (!r.ok || !r.scenario) throw new Error('not read');
    const seq = (r.trace ?? []).find((f) => f.fact === 'seq' && f.at !== null);
    expect(seq?.weak).toBe(true);
  });
});
