import { describe, expect, it } from 'vitest';
import { read, sameAs } from './reading-fixtures.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Causes of silent misreadings found on the real-request corpus (test/corpus/requests.jsonl),
 * each pinned by a line written like the cited one (not the corpus line itself).
 */

describe('silent misreadings of real lines, by cause', () => {
  // c013 (axolotl-ai-cloud/axolotl#2412): "SP disabled / not possible" turned sequence parallelism ON.
  it('a post-negation that is also a pre-negation word ("SP disabled / not") turns the setting before it off', () => {
    const { scenario, said } = read('train 13b on 8x h100, SP disabled / not possible');
    expect(canonicalText(scenario)).not.toMatch(/\bsp\b/);
    expect(said).toMatch(/not using sp/);
    sameAs('train 13b on 8x h100, SP disabled / not possible', '13b full on 8x h100');
  });

  it('"disabled" before a setting still negates what follows it', () => {
    sameAs('train 7b, disabled gradient checkpointing', '7b full no gc');
  });

  // c114 (Lightning-AI/litgpt#459): litgpt --quantize "bnb.nf4-dq" lost its double quantisation.
  it('litgpt --quantize bnb.nf4-dq is NF4 with double quantisation', () => {
    sameAs('finetune 7b lora --quantize "bnb.nf4-dq"', '7b qlora nf4 dq');
    sameAs('finetune 7b lora --quantize bnb.nf4', '7b qlora nf4');
  });

  // c105 (deepseek-ai/DeepSeek-V3#11): "how many GPU (A800 80G)" was one A800 and "how many gpus".
  it('the card named after "how many GPU" is the card asked about', () => {
    sameAs('how many GPU (A100 80G) to serve llama-2-70b with vllm?', 'llama-2-70b serve how many a100-80g');
    sameAs('how many gpus, H100, to serve llama-2-70b with vllm', 'llama-2-70b serve how many h100');
  });

  // c038 (oobabooga/textgen#2782), c171 (Infini-AI-Lab/UMbreLLa#16): a Ti card the catalog lacks
  // was silently its non-Ti sibling, or silently dropped.
  it('a Ti/Super card the catalog lacks is said to be unknown, whichever way it is written', () => {
    for (const text of ['run 13b q4_k_m on a 4070 Super 12GB', 'run 13b on a 2070 super', 'run 13b on an 12GB GPU like the RTX 4070super']) {
      expect(read(text).said).toMatch(/don't know the GPU/);
    }
  });

  it('a Ti card the catalog has is read whole, with nothing to flag', () => {
    const { scenario, said } = read('run 7b on a 1080 Ti');
    expect(scenario.hardware?.gpuId).toBe('gtx-1080-ti');
    expect(said).not.toMatch(/don't know the GPU/);
    for (const [text, id] of [['run 13b q4_k_m on a 3080 Ti 12GB', 'rtx-3080-ti'], ['run 13b on an 8GB GPU like the RTX 3060Ti', 'rtx-3060-ti']] as const) {
      expect(read(text).scenario.hardware?.gpuId).toBe(id);
    }
  });

  // c033 (haotian-liu/LLaVA#655): `--deepspeed zero2.json --bf16 True` was read as torch autocast.
  it("HF's --bf16 True under DeepSpeed is DeepSpeed's bf16 (mixed), and the reply says so", () => {
    const { said } = read('finetune 7b --deepspeed ./scripts/zero2.json --bf16 True');
    sameAs('finetune 7b --deepspeed ./scripts/zero2.json --bf16 True', '7b full zero2 mixed bf16');
    expect(said).toMatch(/DeepSpeed's bf16/);
    sameAs('finetune 7b --bf16 True', '7b full amp bf16');
  });

  // c023 (huggingface/trl#4100): what "zero3_offload.yaml" offloads is known from its name only.
  it('offload read from a config file name is stated as read from the name', () => {
    const { said } = read('lora 32b on 8x h100, accelerate launch --config_file accelerate_configs/zero3_offload.yaml');
    expect(said).toMatch(/offload read from the file name/);
  });

  // c032 (Lightning-AI/litgpt#553): `python3 finetune/lora.py` was dropped as a file name, so the
  // line with no intent word was answered as inference.
  it('a training script named by its method or by training keeps that word', () => {
    // lit-gpt's script layout suggests litgpt (a weak artefact, said: prose/rules/artefacts.ts); the method stays the file's.
    sameAs('python3 finetune/lora.py llama-2-7b on a 3090', 'llama-2-7b lora litgpt on 1x 3090');
    sameAs('python train_qlora.py 7b on a 4090', '7b qlora on 1x 4090');
    sameAs('python train.py 7b on a 4090', '7b full on 1x 4090');
    // Other file names still say nothing.
    sameAs('python serve_model.py llama-2-7b on a 3090, inference', 'llama-2-7b inference on 1x 3090');
  });

  // c028 (unslothai/unsloth#22): "hf + FlashAttn 2 vs unsloth" became "compare flash vs unsloth".
  it('"A vs B" of unlike settings is no comparison: the first side is read and the reply says so', () => {
    const { scenario, said } = read('We are benchmarking training of llama-2-13b + hf + trl + FlashAttn 2 vs unsloth on a single A100 80GB.');
    expect(scenario.question).not.toMatchObject({ kind: 'compare' });
    expect(canonicalText(scenario)).not.toMatch(/compare/);
    expect(said).toMatch(/compares two setups/);
    // Alternatives of one setting still compare.
    expect(canonicalText(read('13b inference bf16 vs int8').scenario)).toMatch(/compare bf16 vs int8/);
    expect(canonicalText(read('7b lora on a100, zero2 vs zero3').scenario)).toMatch(/compare zero2 vs zero3/);
  });

  // c165 (lm-sys/FastChat#346): "what per_device_train_batch_size … should be?" asks for the largest batch.
  it('a value asked for ("what batch size", "what per_device_train_batch_size should be") is the max question', () => {
    sameAs('finetune 13b on 8 A100 80GB. Do you know what per_device_train_batch_size should be?', '13b full on 8x a100-80g max batch');
    sameAs('finetune 13b on 8 A100 80GB, what batch size can I use?', '13b full on 8x a100-80g max batch');
    sameAs("serve 7b on a 4090, what's the max context length?", '7b serve on 1x rtx-4090 max seq');
    // A stated value is no question.
    sameAs('finetune 13b on 8 A100 80GB, per_device_train_batch_size 4', '13b full on 8x a100-80g bs 4');
  });

  // c066 (hiyouga/LlamaFactory#8482): a YAML comment listing choices set a second ZeRO stage.
  it('YAML comments are not settings: neither a commented-out key nor the comment after a value', () => {
    const yaml = [
      'model_name_or_path: Qwen/Qwen2.5-7B',
      'finetuning_type: lora',
      'deepspeed: examples/deepspeed/ds_z3_config.json  # choices: [ds_z0_config.json, ds_z2_config.json]',
      '# per_device_train_batch_size: 8',
      'per_device_train_batch_size: 2',
    ].join('\n');
    const { scenario } = read(yaml);
    expect(canonicalText(scenario)).toMatch(/zero3/);
    expect(scenario.microBatch).toBe(2);
  });

  // c081 (haotian-liu/LLaVA#978): "deepspeed ../scripts/zero2.json" named the stage only in a file name.
  it('a DeepSpeed config file given to the launcher names its ZeRO stage', () => {
    const { scenario } = read('so, deepspeed ../scripts/zero2.json OOM, full finetune mixtral-8x7b on h800');
    expect(scenario.sharding).toEqual(read('mixtral-8x7b full zero2 on 1x h800').scenario.sharding);
  });

  // c033 (haotian-liu/LLaVA#655): "2 nodes with 8xA100" may be 8 per node or 8 in all.
  it('"N nodes with Mx" is read per node and the reply says so, with the other reading', () => {
    const { scenario, said } = read('finetune 7b on 2 nodes with 8xA100 40G');
    expect(scenario.hardware?.count).toBe(16);
    expect(said).toMatch(/16 GPUs in all \(say "2 nodes of 4x" if 8 is the total\)/);
  });

  // c146 (unslothai/unsloth#2504): code comments named other models, and "not loading" set inference.
  it('a comment after code is not read, and a "#" before a digit is an issue number', () => {
    const code = 'model_name = "unsloth/Qwen3-30B-A3B", #  "unsloth/Mistral-Nemo-Base-2407", qwen2.5 32b\nload_in_4bit = True';
    expect(canonicalText(read(`train with unsloth ${code}`).scenario)).not.toMatch(/mistral|32b/);
    expect(() => read('serve llama-2-7b on a 4090, like in #1234')).not.toThrow();
  });

  // c082 (vllm-project/vllm#2554): "not able to load" on A100s was read as no intent, so a full fine-tune.
  it('a load that failed ("not able to load", "not loading") is still the run tried', () => {
    expect(read('I have 2xA100 80GB and I am not able to load Mixtral-8x7B-Instruct-v0.1').scenario.mode).toBe('inference');
    expect(read('Qwen3-30B-A3B not loading on RTX4090').scenario.mode).toBe('inference');
    // …and a training setting beside it still trains (Unsloth's loader in unslothai/unsloth#2504).
    expect(read('Qwen3-30B-A3B not loading on RTX4090 with unsloth, load_in_4bit = True').scenario.mode).toBe('qlora');
  });

  it('a negated training word ("not finetuning") is no intent: the intent is assumed and said so', () => {
    const { scenario, said } = read('llama-3-8b on an A100, not finetuning');
    expect(said).toMatch(/not finetuning" read as no intent word/);
    expect(said).toMatch(/running the model \(no train or run word/);
    expect(scenario.mode).toBe('inference');
  });

  it("Unsloth's full_finetuning False is its LoRA path, stated", () => {
    const { scenario, said } = read('model_name = "Qwen/Qwen2.5-7B", load_in_4bit = True, full_finetuning = False');
    expect(scenario.lora).not.toBeNull();
    expect(said).toMatch(/full_finetuning False: read as LoRA/);
  });

  // c134 (NVIDIA/Megatron-LM#606): GPUS_PER_NODE=8 was not read, so one GPU took the global batch as accumulation.
  it('GPUS_PER_NODE counts the GPUs', () => {
    expect(read('finetune llama-2-7b on A100 40G\nGPUS_PER_NODE=8\nMICRO_BATCH_SIZE=1').scenario.hardware?.count).toBe(8);
  });

  // c090/c146: a Hub id or a name the catalog lacks restates the model when its size matches.
  it('names of one model the catalog lacks collapse by the size they hold', () => {
    // Offline, the Hub repo kept is one not fetched: asked for, not a contradiction between two names.
    const r = resolveRequest('Not enough memory for Qwen3-Coder-30B-A3B on 8 GPUs of 24GB, I served `Qwen/Qwen3-Coder-30B-A3B-Instruct` with vllm', null);
    expect(r.ok ? '' : r.error.message).not.toMatch(/contradict/);
    // Two different models: the first is read and the other is named as set aside, never merged.
    const other = resolveRequest('I served `Qwen/Qwen3-Coder-30B-A3B-Instruct` with vllm, and llama 2 7b', null);
    expect(other.ok ? other.assumptions.join(' | ') : '').toMatch(/"llama 2 7b" sets it differently/);
  });

  // c156 (meta-pytorch/torchtune#830): "Llama3 … and all parameters equal" made "3 … parameters" a model size.
  it('"parameters" counts only the number right before it', () => {
    const r = resolveRequest('train Llama 3 8b on a single A6000 with lora, and all parameters equal', null);
    expect(r.ok && r.scenario ? canonicalText(r.scenario) : r.ok ? '' : r.error.message).toMatch(/^llama 3 8b lora/);
    expect(canonicalText(read('train 6.7e9 params model on a100').scenario)).toMatch(/^6\.7e9 params full /);
  });

  // c155 (arielnlee/Platypus#10): "micro batch size 1 / batch_size 32" is alpaca-lora's global batch.
  it('a micro-batch said in words makes batch_size the global batch', () => {
    sameAs('finetune 7b lora with micro batch size 1 / batch_size 32 on 4 A100 80gb GPUS', '7b lora bs 1 ga 8 on 4x a100-80g');
  });

  // c140 (huggingface/trl#3678), c142 (huggingface/open-r1#475): GRPO prompt and completion lengths.
  it('max_prompt_length + max_completion_length is the sequence, stated; one alone sets none', () => {
    const yaml = 'train qwen2.5-7b with grpo\nmax_prompt_length: 512\nmax_completion_length: 1024\nper_device_train_batch_size: 1';
    const { scenario, said } = read(yaml);
    expect(scenario.seq).toBe(1536);
    expect(said).toMatch(/prompt 512 \+ completion 1024/);
    expect(read('train qwen2.5-7b with grpo, max-prompt=256 and max-completions=256').scenario.seq).toBe(512);
    expect(read('train qwen2.5-7b with grpo\nmax_prompt_length: 512').scenario.seq).toBe(read('train qwen2.5-7b with grpo').scenario.seq);
  });

  // c100 (huggingface/open-r1#506): "--gradient_checkpointing \\" took the line continuation as its value.
  it('a shell line continuation is no flag value', () => {
    const cmd = 'accelerate launch sft.py \\\n  --model_name_or_path Qwen2.5-1.5B \\\n  --gradient_checkpointing \\\n  --per_device_train_batch_size 16';
    const { scenario } = read(cmd);
    expect(scenario.recompute).toBe(read('train qwen2.5-1.5b gc').scenario.recompute);
    expect(scenario.microBatch).toBe(16);
  });

  // c102 (OPPO-PersonalAI/Agent_Foundation_Models#5): BATCH_SIZES=(1) GRADIENT_ACCUMULATIONS=(16), bash arrays.
  it('bash arrays of one value and the plural GRADIENT_ACCUMULATIONS are read', () => {
    const { scenario } = read('sft qwen2.5-7b on 8x a100 80G\nBATCH_SIZES=(1)\nGRADIENT_ACCUMULATIONS=(16)');
    expect(scenario.gradAccum).toBe(16);
    expect(scenario.microBatch).toBe(1);
  });
});
