import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * The method stands on a training cue (issue 22, item 7; helper rmode5). Three ways a method had been read
 * from words that name none, said nowhere: "full" ending a sentence about memory (c2065), an adapter's keys
 * under the switch that turns the adapter off (c2073), and an adapter's argument-group heading with no
 * setting under it (c2079). Each with the real line and invented strangers' phrasings of the class.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('"full" that ends a sentence is the method only with a cue (prose.full-needs-cue)', () => {
  it('c2065 (ollama/ollama#8655): "both almost full." beside "running" runs the model, said', () => {
    const r = read(line('c2065').text);
    expect(r.scenario.mode).toBe('inference');
    expect(r.said).toMatch(/running the model/);
  });

  it.each([
    'im trying to run llama-3-8b on my 3060. both ram and vram are almost full.',
    'Running mistral-7b on 2x 3090: both cards almost completely full. Any idea?',
    'loading qwen2.5-14b in ollama on a 4090, the whole thing gets full.\nis that normal',
    'I use llama-3-8b on a T4 and after 10 minutes it is full. Then it crashes.',
  ])('invented: %s', (text) => {
    expect(read(text).scenario.mode).toBe('inference');
  });

  it.each([
    ['13b full.', 'full'],
    ['I want to train llama-2-13b full. on 8x a100', 'full'],
    ['llama-2-7b on 4x a100: is it lora or full.', 'full'],
  ])('a cue keeps it: %s', (text, mode) => {
    expect(read(text).scenario.mode).toBe(mode);
  });
});

describe("an adapter's keys under a switch that turns it off are set aside (config-keys/adapter-off.ts)", () => {
  it('c2073 (huggingface/autotrain-advanced#352): use_peft=false beside lora_r=16 is a full fine-tune, said', () => {
    const r = read(line('c2073').text);
    expect(r.scenario.mode).toBe('full');
    expect(r.scenario.lora).toBeNull();
    expect(r.said).toMatch(/"use_peft=false" turns the adapter off/);
  });

  it.each([
    ['TRL yaml', 'fine-tune llama-3-8b on 2x a100-80g\n```yaml\nuse_peft: false\nlora_r: 16\nlora_alpha: 32\nlora_dropout: 0.05\n```'],
    ['LLaMA-Factory', 'llama-3-8b on 4x a100-80g\n```yaml\nstage: sft\nfinetuning_type: full\nlora_rank: 8\nlora_target: all\n```'],
    ['ms-swift flags', 'swift sft --model Qwen/Qwen2.5-7B-Instruct --train_type full --lora_rank 8 --lora_alpha 32 on 8x a100'],
    ['use_lora 0, flags', 'python finetune.py --model_name_or_path meta-llama/Llama-2-7b-hf --use_lora 0 --lora_r 8 --per_device_train_batch_size 2 on 4x a100'],
  ])('%s (invented): no LoRA', (_name, text) => {
    const r = read(text);
    expect(r.scenario.lora).toBeNull();
    expect(r.scenario.mode).not.toBe('inference');
  });

  it('the switch on keeps the keys: use_peft: true, lora_r: 16 is LoRA of rank 16', () => {
    const r = read('fine-tune llama-3-8b on 2x a100-80g\n```yaml\nuse_peft: true\nlora_r: 16\nlora_alpha: 32\n```');
    expect(r.scenario.lora?.rank).toBe(16);
  });
});

describe("an adapter's argument group with no setting under it names no method (prose.empty-adapter-group)", () => {
  it('c2079 (gensyn-ai/rl-swarm#25): "# Lora Arguments / # No LoRA is used here" is no LoRA', () => {
    expect(read(line('c2079').text).scenario.lora).toBeNull();
  });

  it.each([
    ['empty group before the next', 'qwen2.5-1.5b on 2x 3090\n```yaml\n# Model arguments\nmodel_name_or_path: Qwen/Qwen2.5-1.5B\n\n# PEFT arguments\n\n# Training arguments\nper_device_train_batch_size: 2\n```'],
    ['markdown heading, last line', 'training qwen2.5-1.5b on 2x 3090, bs 2\n\n## LoRA config'],
    ['a comment under it', 'train llama-3-8b on 1x a100-80g\n# qlora settings:\n# (removed, not needed)\n# training\ngradient_accumulation_steps: 4'],
  ])('%s (invented): no LoRA', (_name, text) => {
    expect(read(text).scenario.lora).toBeNull();
  });

  it('a group with its keys under it is read by them: "# LoRA arguments / lora_r: 16"', () => {
    const r = read('train llama-3-8b on 1x a100-80g\n```yaml\n# LoRA arguments\nlora_r: 16\nlora_alpha: 32\n```');
    expect(r.scenario.mode).toBe('lora');
    expect(r.scenario.lora?.rank).toBe(16);
  });
});

describe("a method switch named as a label before a sentence keeps the method (config-keys/readers.ts flag)", () => {
  it.each([
    'qwen3.5 27b qlora: is 24gb enough',
    'Qwen3.5 27B QLoRA: how much VRAM do I need?',
    'llama-2-70b qlora: what batch fits on 2x 3090',
    'QLoRA: can I fit llama-2-13b on a 3060?',
  ])('invented: %s', (text) => {
    expect(read(text).scenario.mode).toBe('qlora');
  });

  it('a switch given a value is still read as one: "qlora: true", "use_lora: false"', () => {
    expect(read('llama-3-8b on a 4090\n```yaml\nqlora: true\n```').scenario.mode).toBe('qlora');
    expect(read('train llama-3-8b on 4x a100-80g\n```yaml\nuse_lora: false\nper_device_train_batch_size: 1\n```').scenario.lora).toBeNull();
  });
});

describe("verl's adapter modules are read as PEFT's target_modules (config-keys/frameworks/verl.ts)", () => {
  it('c2096 (verl-project/verl#3847): actor_rollout_ref.model.target_modules=all-linear is every linear layer', () => {
    expect(read(line('c2096').text).scenario.lora?.targets).toEqual(['q', 'k', 'v', 'o', 'gate', 'up', 'down']);
  });

  it.each([
    ['all-linear, Hydra override', 'python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct actor_rollout_ref.model.lora_rank=32 actor_rollout_ref.model.target_modules=all-linear trainer.n_gpus_per_node=4', ['q', 'k', 'v', 'o', 'gate', 'up', 'down']],
    ['a list of projections', 'python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct actor_rollout_ref.model.lora_rank=16 actor_rollout_ref.model.target_modules=[q_proj,v_proj] trainer.n_gpus_per_node=2', ['q', 'v']],
  ])('%s (invented)', (_name, text, targets) => {
    expect(read(text).scenario.lora?.targets).toEqual(targets);
  });
});

describe('an offload said on in a try and off in the question: the run asked about is read (reconcile/asked-run.ts)', () => {
  it('c504 (hiyouga/LlamaFactory#4199): 如果开offload…较慢…如果不开offload的情况下…是否支持 — no offload', () => {
    expect(read(line('c504').text).scenario.offload.optimizer).toBe('none');
  });

  it.each([
    'qwen2-7b full zero3 on 4x a40: with offload it is slow and still OOMs sometimes, so can it fit without offload?',
    'qwen2-7b full zero3 on 4x a40. 如果开offload感觉训练速度较慢，偶尔还是会OOM。如果不开offload的情况下是否支持？',
    'llama-2-13b full zero3 on 8x a10: offload works but is too slow. Can I train it without offload?',
  ])('invented: %s', (text) => {
    expect(read(text).scenario.offload.optimizer).toBe('none');
  });

  it('asked with offload after a try without it: the offload is read', () => {
    const r = read('llama-2-13b full zero3 on 8x a10: without offload it OOMs. Can I train it with offload to cpu?');
    expect(r.scenario.offload.optimizer).toBe('cpu');
  });
});

describe('"tune" said of a setting adjusts it, no training (prose.tune-a-setting)', () => {
  it.each([
    'llama-3-8b on a 3090, tune the batch size to fit?',
    'mistral-7b on a 3060: how to tune settings so it runs?',
    'qwen2.5-7b on a 4090, I tuned the context length and it still OOMs',
    'llama-3-8b on a 3090: tuning some parameters did not help, still OOM',
    'llama-3-8b on a 3090, tuned num_ctx down but it still OOMs',
  ])('invented: %s', (text) => {
    expect(read(text).scenario.mode).toBe('inference');
  });

  it.each([
    ['tune the model', 'tune llama-3-8b on a 3090 with lora', 'lora'],
    ['fine-tune the parameters', 'fine-tune the parameters of llama-3-8b on 4x a100', 'full'],
    ['tuning alone', 'tuning llama-3-8b on 4x a100-80g', 'full'],
  ])('a training "tune" stays: %s', (_name, text, mode) => {
    expect(read(text).scenario.mode).toBe(mode);
  });
});
