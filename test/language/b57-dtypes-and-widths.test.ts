import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * Precision and weight-format words the reader had missed in batch b57/b58 (issue 22), each as a class:
 * - a dtype named through the module the script imported it as (`th.bfloat16`, `import torch as th`);
 * - a LoRA switch set off (`--use_peft False`) beside torch_dtype and the Trainer's flag: a full run, pure;
 * - a bare 4-bit width on a Mac (the chip named, or mlx_lm's printed summary): MLX's int4, never bitsandbytes'
 *   NF4, which has no Metal backend, even after prose.apple-silicon has written the chip as the card's memory;
 * - a bare width beside KTransformers, which loads quantised weights as GGUF files only: that width's GGUF type;
 * - MLC-LLM's quantization codes as a key's value (`--quantization q4f16_1`), as they read in a model's name.
 */

describe('a dtype through its module alias', () => {
  /** huggingface/peft#1708 (c2074), the system info and model kwargs; the dtype is the test's. */
  const PEFT_1708 = (dtype: string) => `OOM with Phi-3-mini (3.8B) on 83.5GB RAM due to LoftQ
GPU: A100 40GB
\`\`\`python
checkpoint_path = "microsoft/Phi-3-mini-4k-instruct"
model_kwargs = dict(
    use_cache=False,
    attn_implementation="flash_attention_2",
    torch_dtype=${dtype},
    device_map="auto",
)
\`\`\``;

  it('huggingface/peft#1708 (c2074): torch_dtype=th.float16 sets fp16 as torch.float16 does (its bfloat16 is the default too)', () => {
    const { scenario } = read(PEFT_1708('th.float16'));
    expect(scenario.compute).toBe('fp16');
    expect(scenario.compute).toBe(read(PEFT_1708('torch.float16')).scenario.compute);
  });

  it('any alias reads as torch does, for every dtype (invented)', () => {
    const full = (dtype: string) => `full finetune llama-2-7b on 1x a100-80g: model = AutoModelForCausalLM.from_pretrained(path, torch_dtype=${dtype})`;
    fc.assert(
      fc.property(fc.constantFrom('th', 't', 'pt', 'tc', 'torch_', 'jnp'), fc.constantFrom('bfloat16', 'float16', 'half', 'float32'), (alias, name) => {
        const { scenario: aliased } = read(full(`${alias}.${name}`));
        const { scenario: torch } = read(full(`torch.${name}`));
        expect([aliased.recipe, aliased.compute]).toEqual([torch.recipe, torch.compute]);
      }),
      { numRuns: 24 },
    );
  });
});

describe('a LoRA switch set off beside torch_dtype', () => {
  /** shibing624/MedicalGPT#314 (c2076), the run_pt.sh flags that set the precision. */
  const MEDICALGPT_314 = `增量预训练时候，用大一些的模型（Yi-34B）在8*80G服务器上全量训练
CUDA_VISIBLE_DEVICES=2,3 torchrun --nproc_per_node 2 pretraining.py \\
    --model_name_or_path ../Yi-34B-Chat \\
    --per_device_train_batch_size 2 \\
    --use_peft False \\
    --block_size 16 \\
    --torch_dtype bfloat16 \\
    --bf16 \\
    --gradient_checkpointing True`;

  it('MedicalGPT#314: --use_peft False --torch_dtype bfloat16 --bf16 is pure bf16', () => {
    const { scenario } = read(MEDICALGPT_314);
    expect([scenario.recipe, scenario.compute]).toEqual(['pure', 'bf16']);
  });

  it.each([
    ['YAML', 'llama-2-7b full on 1x a100-80g\nuse_peft: false\ntorch_dtype: float16\nfp16: true', 'fp16'],
    ['JSON', 'qwen2-7b on 2x a100-80g {"use_peft": false, "torch_dtype": "bfloat16", "bf16": true}', 'bf16'],
    ['key=value', 'mistral 7b full on 1x h100\nuse_peft=False\ntorch_dtype=bfloat16\nbf16=True', 'bf16'],
  ])('%s: the switch off is no LoRA key (invented)', (_name, text, dtype) => {
    const { scenario } = read(text);
    expect([scenario.recipe, scenario.compute]).toEqual(['pure', dtype]);
  });

  it('the switch on keeps the frozen base under autocast (MedicalGPT#410, c874)', () => {
    const { scenario } = read('llama-2-7b on 1x a100-80g\npython sft.py --use_peft True --torch_dtype bfloat16 --bf16');
    expect(scenario.recipe).toBe('amp');
  });
});

describe('a bare 4-bit width on a Mac', () => {
  it.each([
    ['ml-explore/mlx-lm#40 (c2091): mlx_lm\'s summary', 'Pre/Post for 4-bit Mistral 7B\n\nPrompt: 33898 tokens, 676.212 tokens-per-sec\nPeak memory: 12.257 GB'],
    ['the chip with its variant (invented)', '4-bit mistral 7b on an M2 Max'],
    ['a MacBook with its memory (invented)', '4bit llama 3 8b on my macbook pro m3 16gb'],
    ['a Mac Studio, the width after (invented)', 'Mac Studio M2 Ultra 192GB, running qwen2.5 32b in 4 bit'],
  ])('%s: MLX int4, said as a guess', (_name, text) => {
    const { s, said } = readNoticed(text);
    expect(s.weights).toBe('gptq');
    expect(said).toMatch(/from "4[- ]?bits?"/);
  });

  it('off a Mac the width stays bitsandbytes\' NF4 (invented)', () => {
    expect(read('4bit llama 3 8b on my 4090').scenario.weights).toBe('nf4');
  });
});

describe('a bare width beside KTransformers', () => {
  it.each([
    ['kvcache-ai/ktransformers#257 (c2068)', 'It seems that deepseek-v3: 671B-4bit using ktransformers performs worse than deepseek:r1-32b-4bit?\nGPU: 4090\nMemory: DDR5 128g', 'q4_k_m'],
    ['Chinese, the width after the size (invented)', '用ktransformers跑deepseek-r1 671b 4bit量化，一张4090，内存512G', 'q4_k_m'],
    ['two bits (invented)', 'deepseek r1 in 2 bit with ktransformers on a 4090 and 384GB RAM', 'q2_k'],
  ])('%s: the GGUF type of that width, said', (_name, text, weights) => {
    const { s, said } = readNoticed(text);
    expect(s.weights).toBe(weights);
    expect(said).toMatch(/KTransformers read as a GGUF/);
  });

  it('KTransformers named with no width sets no format (ktransformers, c479)', () => {
    const { scenario } = read('I have 2 NVIDIA L40s which provide 96GB VRAM, but my memory is only 256GB. Is it possible to run the Deepseek R1 with ktransformers?');
    expect(scenario.weights).toBe('fp8');
  });
});

describe("MLC-LLM's quantization codes as a key's value", () => {
  it.each([
    ['mlc-ai/mlc-llm#2686 (c1762), the app config', 'llama 3 8b on my phone, 4GB\n```\nquantization: q4f32_1\ncontext-window-size: 2048\n```', 'gptq'],
    ['a flag (invented)', 'mlc_llm convert_weight ./Llama-2-7b-chat-hf --quantization q4f16_1 -o dist; chat on rtx 3060', 'gptq'],
    ['8 bits (invented)', 'run llama-2-7b with mlc on a 3060, quantization: q8f16_1', 'int8'],
  ])('%s', (_name, text, weights) => {
    expect(read(text).scenario.weights).toBe(weights);
  });
});

describe('weight formats listed with slashes are the releases on offer', () => {
  it('c2100: the list beside a vLLM command that serves the AWQ checkpoint: the command decides', () => {
    const { s } = readNoticed(`The updated 72B AWQ/GPTQ-Int4/GPTQ-Int8 checkpoints have been uploaded to Hugging Face.

\`\`\`bash
python -m vllm.entrypoints.openai.api_server \\
  --model Qwen/Qwen2-VL-72B-Instruct-AWQ \\
  --tensor-parallel-size 4
\`\`\``);
    expect(s.weights).toBe('awq');
  });

  it.each([
    ['two formats, no other saying (invented)', 'serving qwen2.5 72b AWQ/GPTQ on 2x a100 80g', 'awq'],
    ['two widths by name, spaced (invented)', 'qwen2.5 72b int4 / int8 with vllm on 2x a100 80g, which fits?', 'gptq'],
  ])('%s: the first is read, said with the others', (_name, text, weights) => {
    const { s, said } = readNoticed(text);
    expect(s.weights).toBe(weights);
    expect(said).toMatch(/lists formats on offer/);
  });

  it('a later saying outside the list decides, whichever comes first (invented)', () => {
    const { s } = readNoticed('vllm serve Qwen/Qwen2.5-72B-Instruct-GPTQ-Int4 --tensor-parallel-size 2 on 2x a100 80g; the AWQ/GPTQ releases both OOM');
    expect(s.weights).toBe('gptq');
  });
});
