import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { corpusLineRead, follow, read } from './reading-fixtures.js';

/**
 * Session 31 (branch rframe9): a config dump names its framework by its shape (LitGPT's printed
 * hyperparameters and YAML: checkpoint_dir beside precision / quantize / devices, its per-layer lora_*
 * switches; Lightning-AI/litgpt#1112, c2283), a config that says its base is not quantised is a LoRA run
 * whatever "QLoRA" the message says elsewhere, and a follow-up that runs its own SFT script in a thread on
 * an RL trainer is the SFT trainer's run (huggingface/trl#526, c2279). Variations invented in the words people
 * use; first sight: dumps 1 of 7, SFT follow-ups 3 of 7 right; after: dumps 7 of 7, follow-ups 5 of 7 (the
 * two left: a thread with no model read together with its reply, and one already right by another word).
 */

const dump = (fields: string) => `{'checkpoint_dir': PosixPath('checkpoints/meta-llama/Llama-2-7b-hf'),\n ${fields}}`;

/** A follow-up read as the chat reads it: a thread whose opening names no model waits and is read with the reply. */
function inThread(thread: string, text: string) {
  const opened = readInThread(thread, null);
  const state = opened.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : opened.waiting;
  const r = readInThread(text, state).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
}

describe("LitGPT's hyperparameter dump is LitGPT's run (c2283)", () => {
  it.each([
    ['a LoRA dump with its per-layer switches', `OOM with this config:\n\`\`\`\n${dump("'devices': 2,\n 'lora_r': 8,\n 'lora_query': True,\n 'lora_value': True,\n 'precision': 'bf16-true',\n 'quantize': None,\n 'train': TrainArgs(global_batch_size=16, micro_batch_size=4, max_seq_length=1024)")}\n\`\`\``, 'lora'],
    ['a QLoRA dump (quantize bnb.nf4) on one line', `${dump("'devices': 1, 'lora_r': 16, 'precision': 'bf16-true', 'quantize': 'bnb.nf4', 'train': TrainArgs(micro_batch_size=1, max_seq_length=2048)")} runs out of memory on a 4090`, 'qlora'],
    ['its YAML config', 'checkpoint_dir: checkpoints/meta-llama/Meta-Llama-3-8B\nout_dir: out/finetune/lora-llama3\nprecision: bf16-true\nquantize: null\ndevices: 1\nlora_r: 16\nlora_alpha: 32\ntrain:\n  micro_batch_size: 1\n  max_seq_length: 2048', 'lora'],
    ['a full fine-tune dump', "full finetune OOM, hparams:\n{'checkpoint_dir': PosixPath('checkpoints/EleutherAI/pythia-1b'), 'devices': 4, 'precision': 'bf16-mixed', 'out_dir': PosixPath('out/finetune/full'), 'train': TrainArgs(micro_batch_size=4, max_seq_length=512)}", 'full'],
    ['Chinese around the dump', `用的配置是这样的，单卡A100 40G还是爆显存：\n${dump("'devices': 1, 'lora_r': 32, 'precision': 'bf16-true', 'quantize': None, 'train': TrainArgs(micro_batch_size=2, max_seq_length=4096)")}`, 'lora'],
  ])('%s', (_name, text, mode) => {
    const s = read(text).scenario;
    expect([s.framework, s.mode, s.loss]).toEqual(['litgpt', mode, 'chunked']);
  });

  it('c2283: the LoRA dump under the QLoRA thread is LitGPT LoRA', () => {
    const s = corpusLineRead('c2283').scenario;
    expect([s.framework, s.mode, s.weights]).toEqual(['litgpt', 'lora', 'bf16']);
  });

  it("torchtune's checkpoint_dir beside its _component_ builders stays torchtune's", () => {
    const s = read('model:\n  _component_: torchtune.models.llama3.lora_llama3_8b\ncheckpointer:\n  checkpoint_dir: /tmp/Meta-Llama-3-8B\nbatch_size: 2\ndtype: bf16').scenario;
    expect(s.framework).toBe('torchtune');
  });
});

describe('a config that says its base is not quantised is LoRA, "QLoRA" elsewhere the other run', () => {
  it('a LitGPT dump with quantize None in a QLoRA thread with no model (read together)', () => {
    const { s, said } = inThread('Higher memory use with QLoRA', `Sure, here it is with LoRA:\n\`\`\`\n${dump("'devices': 1,\n 'lora_r': 8,\n 'precision': 'bf16-true',\n 'quantize': None,\n 'train': TrainArgs(micro_batch_size=4, max_seq_length=1024)")}\n\`\`\``);
    expect([s.mode, s.weights]).toEqual(['lora', 'bf16']);
    expect(said).toMatch(/not quantised/);
  });

  it("axolotl's load_in_4bit: false under a QLoRA-vs-LoRA title", () => {
    expect(read('QLoRA vs LoRA memory question\n```yaml\nbase_model: meta-llama/Llama-2-7b-hf\nadapter: lora\nload_in_4bit: false\nlora_r: 16\nsequence_len: 2048\nmicro_batch_size: 2\n```').scenario.mode).toBe('lora');
  });

  it("LLaMA-Factory's quantization_bit: null under Chinese QLoRA words", () => {
    expect(read('qlora显存反而更高？这是lora的配置：\nmodel_name_or_path: Qwen/Qwen2-7B\nfinetuning_type: lora\nquantization_bit: null\ncutoff_len: 1024').scenario.mode).toBe('lora');
  });

  it('a config that loads in 4 bits keeps the QLoRA', () => {
    expect(read('qlora on llama-2-7b\n```yaml\nbase_model: meta-llama/Llama-2-7b-hf\nadapter: qlora\nload_in_4bit: true\nlora_r: 16\n```').scenario.mode).toBe('qlora');
  });
});

describe("a follow-up's own SFT script in a thread on an RL trainer is the SFT trainer's run (c2279)", () => {
  it.each([
    ['sft_trainer.py under the RLHF blog thread', 'Fine-tuning 20B LLMs with RLHF on a 24GB consumer GPU', 'When I run `python examples/scripts/sft_trainer.py --model_name facebook/opt-6.7b --use_peft --batch_size 2` I get OOM'],
    ['sft.py under a PPO thread', 'PPO training OOM with llama-2-7b on 4x A100', 'Even the SFT step fails for me: python sft.py --model_name_or_path meta-llama/Llama-2-7b-hf --use_peft --per_device_train_batch_size 4'],
    ['train_sft.py under a GRPO thread', 'GRPO on qwen2.5-7b OOM, 8x H100', 'same with python train_sft.py --model_name_or_path Qwen/Qwen2.5-7B --use_peft'],
  ])('%s', (_name, thread, text) => {
    const { s, said } = follow(thread, text);
    expect([s.framework, s.mode]).toEqual(['hf', 'lora']);
    expect(said).toMatch(/runs supervised fine-tuning, not the thread's/);
  });

  it("c2279: TRL's sft_trainer.py --use_peft is LoRA on the Trainer, not the thread's PPO", () => {
    expect(corpusLineRead('c2279').scenario.framework).toBe('hf');
  });

  it('a follow-up with no SFT word keeps the thread\'s trainer', () => {
    expect(follow('PPO training OOM with llama-2-7b on 4x A100', 'bs 2 instead').s.framework).toBe('ppo');
  });
});
