import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { corpusLineRead } from './reading-fixtures.js';

/**
 * Which engine runs the model (issue 22, session 15, task rn):
 * - LightLLM's server, `python -m lightllm.server.api_server`, is a server with a preallocated KV pool
 *   (commands.ts command.lightllm-module, serve-engines.ts); its module path had been set aside as a
 *   short flag and the run read as plain transformers (ModelTC/LightLLM#1006, c946; #187, c947);
 * - an engine named as a comparison or as a change asked about is not the run's engine
 *   (prose/rules/engine-alternatives.ts): "How it differs from vLLM" beside `mlc_llm chat`
 *   (mlc-ai/mlc-llm#2955, c826) had put the chat on vLLM's pool.
 */


function read(text: string): { s: Scenario; said: string } {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
}

const inThread = (id: string): Scenario => corpusLineRead(id).scenario;

const engine = (s: Scenario) => (s.mode === 'inference' ? s.inference.engine : s.mode);

describe("LightLLM's server is a server", () => {
  it.each(['c946', 'c947'])('%s: `python -m lightllm.server.api_server` runs the preallocating server', (id) => {
    expect(engine(inThread(id))).toBe('vllm');
  });

  it.each([
    'python -m lightllm.server.api_server --model_dir /models/llama-2-7b --tp 1 on 1x a10',
    'CUDA_VISIBLE_DEVICES=0,1 python3 -m lightllm.server.api_server --model_dir ~/qwen2-7b --tp 2 on 2x 4090',
    'we deploy llama-2-13b with LightLLM on 1x a100-80g',
  ])('%s', (text) => {
    const { s, said } = read(text);
    expect(engine(s)).toBe('vllm');
    expect(said).toMatch(/LightLLM \("[^"]*"\) counted with vLLM's memory layout/);
  });

  it('--disable_cudagraph is its eager mode (c946)', () => {
    expect(read('python -m lightllm.server.api_server --model_dir /m/llama-2-7b --tp 1 --disable_cudagraph on 1x a10').s.inference.enforceEager).toBe(true);
  });
});

describe('an engine compared with or asked about is not the run', () => {
  it('c826: `mlc_llm chat` with "How it differs from vLLM" is no vLLM server', () => {
    expect(engine(inThread('c826'))).toBe('hf');
  });

  it.each([
    // English comparisons, in several spellings and orders.
    'running llama-3-8b on 1x 4090 with llama.cpp, how does it differ from vLLM?',
    'llama-2-13b inference on 1x 3090 uses far more memory than vllm, why?',
    'mistral-7b on 1x a10g: compared to sglang the memory of transformers generate is much higher',
    'Is the memory of mistral-7b on 1x a10g different from TGI?',
    // A change weighed, with a modal.
    'llama-2-13b on a 3090 runs out of memory with transformers generate, should I use vllm instead?',
    'mistral-7b on 1x 3090 OOM. Would switching to vLLM help?',
    'qwen2-7b on 1x 4090 runs out of memory; could we move to sglang?',
    'llama-2-7b on 1x t4 runs out of memory with transformers, would vllm help?',
    // Chinese.
    'qwen-7b推理显存不够，是否需要改用vllm？ 4090',
    'qwen2-7b推理 4090 显存不够，要不要换成lmdeploy',
    'qwen2-7b推理 1张4090，和vllm相比显存占用更大',
  ])('%s', (text) => {
    const { s, said } = read(text);
    expect(engine(s)).not.toBe('vllm');
    expect(said).toMatch(/read as a program the message compares with or asks about, not the one that runs/);
  });

  it('the engine kept when the message runs it: asking how to run with it, or a change already made', () => {
    for (const text of [
      'how can I run qwen2-72b with vllm on 4x a100-80g?',
      'I switched to vllm and qwen2-7b OOMs on a 4090',
      'how many a800 to deploy deepseek-v3 with vllm?',
      'we moved to sglang: llama-3-8b on 1x a100-80g',
    ]) {
      const { s, said } = read(text);
      expect(engine(s), text).toBe('vllm');
      expect(said, text).not.toMatch(/compares with or asks about/);
    }
  });

  it('a training framework asked about stays a weak framework fact, not set aside here (framework-evidence.ts)', () => {
    const { said } = read('13b lora on 2x 3090 OOM. Will megatron help here?');
    expect(said).not.toMatch(/compares with or asks about/);
  });

  it('the other engine of a comparison stays the run: "sglang … than vllm"', () => {
    const { s } = read('serving llama-3-8b with sglang on 1x a100-80g takes more memory than vllm');
    expect(s.mode === 'inference' && s.inference.server).toBe('sglang');
  });
});

describe('a training word that is not the run (issue 22 item 7)', () => {
  it.each([
    // transformers' tokenizer warning in a launch log (xorbitsai/inference#1768, c762), and invented variations.
    ['c762', null],
    [null, 'glm-4-9b on 1x 4090: Special tokens have been added in the vocabulary, make sure the associated word embeddings are fine-tuned or trained. then CUDA out of memory'],
    [null, 'loading qwen2-7b for chat on a 3090\n[WARNING] Special tokens have been added in the vocabulary, make sure the associated word embeddings are finetuned or trained.\ntorch.cuda.OutOfMemoryError'],
    // A model described as another's fine-tune (oobabooga/textgen#4480, c576), and invented variations.
    ['c576', null],
    [null, 'Dolphin (Mistral finetune) 7B in 4 bit will not load on my 8GB card'],
    [null, 'dolphin-2.1-mistral-7b is a mistral finetune; loading it OOMs on 1x rtx-3060'],
    [null, 'MistralMed (Mistral Fine-tune) 7b runs out of memory on 1x t4'],
  ])('%s %s: running the model', (id, text) => {
    const s = id ? inThread(id) : read(text!).s;
    expect(s.mode).toBe('inference');
  });

  it("the run's own fine-tune keeps its method", () => {
    expect(read('llama-2-7b (lora finetune) on 1x 3090 runs out of memory').s.mode).toBe('lora');
    expect(read('I want to do a mistral finetune of mistral-7b on 1x a100-80g').s.mode).not.toBe('inference');
    expect(read('llama-2-7b (full fine-tune) on 8x a100-80g').s.mode).toBe('full');
  });
});

describe("DeepSpeed-Chat's step 3 is PPO of the actor", () => {
  const script = (extra: string) =>
    `deepspeed --num_gpus 1 main.py \\\n   --data_path Dahoas/rm-static \\\n   --actor_model_name_or_path facebook/opt-1.3b \\\n   --critic_model_name_or_path facebook/opt-350m \\\n   --per_device_training_batch_size 4 \\\n   --max_answer_seq_len 256 \\\n   --max_prompt_seq_len 256 \\\n   --deepspeed --seed 1234 \\\n${extra}   --output_dir ./output\non 1x a100-80g`;

  it.each(['c784', 'c442'])('%s: PPO, not DeepSpeed\'s own framework nor running the model', (id) => {
    const s = inThread(id);
    expect(s.framework).toBe('ppo');
    expect(s.mode).not.toBe('inference');
  });

  it("c784: the actor's LoRA dim, checkpointing, batch and prompt + answer length", () => {
    // Its ZeRO stage is in a shell variable (ACTOR_ZERO_STAGE="--actor_zero_stage 0") and is not read yet.
    const s = inThread('c784');
    expect([s.mode, s.lora?.rank, s.recompute, s.microBatch, s.seq]).toEqual(['lora', 128, 'full', 8, 512]);
  });

  it.each([
    ['   --actor_zero_stage 3 \\\n   --critic_zero_stage 3 \\\n', 3],
    ['   --actor_zero_stage 2 \\\n   --actor_gradient_checkpointing \\\n', 2],
  ])('an invented step-3 script: %j', (extra, stage) => {
    const { s } = read(script(extra));
    expect([s.framework, s.sharding, s.microBatch, s.seq]).toEqual(['ppo', { kind: 'zero', stage }, 4, 512]);
  });

  it("the critic's settings are not the actor's", () => {
    const { s } = read(script('   --actor_zero_stage 1 \\\n   --critic_zero_stage 3 \\\n   --critic_lora_dim 64 \\\n'));
    expect([s.sharding, s.mode]).toEqual([{ kind: 'zero', stage: 1 }, 'full']);
  });
});
