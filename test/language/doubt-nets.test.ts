import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { saidWeak, type FactTrace } from '../../src/scenario/facts.js';

/**
 * Nets that turn a silent misreading into a said doubt (issue 22, item 5; rsafe1, thirty-sixth session).
 * Each cause is a kind of evidence the reader had taken as sure though its words say something else:
 * a card question read where the message asks how much memory, the Hugging Face framework read from a
 * library's version or a checkpoint's format, one of two methods named as alternatives, a client's
 * concurrency read as the engine's batch. The variations were written before the nets, from the
 * phenomenon alone; each expects the fact said on the first screen (weak) or not read at all.
 */

const facts = (text: string): FactTrace[] => {
  const outcome = readInThread(text, null).outcome;
  if (!outcome.ok || !outcome.scenario) return [];
  return outcome.trace ?? [];
};
/** The facts of one kind the message states with words, and whether the first screen says each as weak. */
const stated = (text: string, fact: string) => {
  const all = facts(text);
  const said = new Set(saidWeak(all));
  return all.filter((f) => f.fact === fact && f.at !== null).map((f) => ({ value: f.value, said: said.has(f) || (f.weak && f.weakWords !== undefined) }));
};
/** No fact of this kind stated as sure: none read, or the first screen says it as weak (once for all its places, as the bench counts it). */
const noSure = (text: string, fact: string, sure: (value: string) => boolean = () => true) => {
  const read = stated(text, fact).filter((f) => sure(f.value));
  return read.some((f) => f.said) ? [] : read;
};

const cardQuestion = (v: string) => v === 'whichGpu' || v.startsWith('how many');

describe('a card question read where the message asks how much memory is said, not sure', () => {
  it.each([
    'Hardware Requirements for fine-tuning?\n\nHow much GPU memory do I need to fine-tune llama-2-13b?',
    'GPU requirements\n\nWhat is the minimum VRAM required to run mistral 7b inference?',
    '请问需要多少gpu显存才能运行qwen-14b',
    '运行70b需要多少GPU内存？',
    'Hardware requirement for 34b inference. What are the minimum GPU memory requirements?',
    'System requirements for llama-2-70b\n\nCould you provide the GPU RAM required to run it?',
    'How much GPU VRAM is required to fine-tune llama 3 8b with lora? hardware requirements please',
    'llama-2-13b 추론에 GPU 메모리가 얼마나 필요한가요? 하드웨어 요구사항',
    'Hardware requirements: how much GPU memory does qwen-72b inference need?',
  ])('%s', (text) => {
    expect(noSure(text, 'question', cardQuestion)).toEqual([]);
  });

  it.each([
    ['how many A100 80GB do I need to train llama-2-70b full?', 'how many'],
    ['Hardware requirements for 7B 100k\n\nDo you have some information on the hardware requirements for 7B 100k models, for inference?', 'whichGpu'],
    ['训练13b需要多少张A100 80G？', 'how many'],
  ])('stays sure where only cards are asked: %s', (text, value) => {
    const q = stated(text, 'question').filter((f) => f.value.startsWith(value));
    expect(q.length).toBeGreaterThan(0);
    expect(q.every((f) => !f.said)).toBe(true);
  });
});

describe('the Hugging Face framework read from a library version or a checkpoint format is said, not sure', () => {
  it.each([
    'OOM with qwen2-7b lora on 1x a100 80gb after upgrading to transformers 4.45',
    'Transformers-v5 breaks my QLoRA config for llama-3-8b on 2x rtx 4090',
    'I converted the HF checkpoint of llama-2-13b to our format; the full fine-tune on 8x a100 80gb OOMs',
    'lora of llama-3-70b on 8x h100: the huggingface llama module has no tensor parallel',
    'training mistral-7b on 4x a100 40gb: loading the HF model in rank0 OOMs',
    'transformers==4.38.2, torch 2.2; qwen1.5-14b lora on 2x 3090 runs out of memory',
    'my transformers version is 4.34.1 and llama-2-70b lora on 4x a100 80gb OOMs',
    '环境：transformers 4.40.0，chatglm3-6b lora微调 单卡3090 爆显存',
    'pip install -U transformers, then a full finetune of gemma-7b on 8x a100 80gb OOMs',
  ])('%s', (text) => {
    expect(noSure(text, 'framework', (v) => v === 'hf')).toEqual([]);
  });

  it.each([
    'I fine-tune llama-2-7b with Hugging Face transformers on 1x a100 80gb',
    'qwen2-7b lora using huggingface on 1x rtx 4090',
    'I train qwen2-7b lora using transformers 4.40 on 1x a100 80gb',
  ])('stays sure where the words run it: %s', (text) => {
    const f = stated(text, 'framework');
    expect(f.some((x) => x.value === 'hf' && !x.said)).toBe(true);
  });
});

describe('a method read where the message names pre-training and a full fine-tune as alternatives is said', () => {
  it.each([
    '全量微调或预训练13b需要什么硬件需求',
    'pretraining or full fine-tuning a 7b model on 8x a100 80gb: how much memory?',
    '预训练和全参微调llama-2-7b分别需要多少显存',
    'continued pretraining vs full finetuning of qwen-7b on 4x a100 80gb',
    'full fine-tune / pretrain of a 1.3b on 1x rtx 4090?',
    '增量预训练还是全量微调 baichuan-13b 8卡a800',
    'Should I pre-train or fully fine-tune mistral 7b on 8x h100?',
    'GPUs for pre-training and full-parameter fine-tuning of llama-2-13b?',
  ])('%s', (text) => {
    expect(noSure(text, 'method', (v) => v === 'pre-training' || v === 'full fine-tune')).toEqual([]);
  });

  it.each(['预训练llama-2-7b 8卡a100', 'full fine-tune llama-2-7b on 8x a100 80gb'])('stays sure with one method: %s', (text) => {
    expect(stated(text, 'method').some((f) => !f.said)).toBe(true);
  });
});

describe("a client's concurrency read as a served model's batch is said, not sure", () => {
  it.each([
    'serve qwen2.5-7b with vllm on 1x a100 80gb and raise concurrency to 32',
    'vllm llama-3-8b on 1x l4 with 16 concurrent requests',
    'sglang qwen-14b on 1x h100, 并发 64',
    '64 concurrent users on llama-3-70b, vllm tp 4 on 4x h100',
    'vllm serve mistral-7b on 1x a10g, about 20 simultaneous requests',
    'TGI llama-2-13b on 1x a100 40gb, concurrency 10',
    'vllm으로 llama-3-8b 1x a100 80gb, 동시 요청 16개',
  ])('%s', (text) => {
    expect(noSure(text, 'batch', (v) => v !== '1')).toEqual([]);
  });

  // Written among the variations above, expecting a doubt; on reflection the user's own need of parallel
  // requests, outside a benchmark, is the sequences the engine holds at once (as the corpus reads c881's
  // "20 concurrent requests"), so it stays firm and is kept here as the net's boundary.
  // Since rserve17 that need is the clients' load (inference.clientLoad), held against the engine's capacity: no batch.
  it('reads no batch where the user states the load they need: 8 requests in parallel', () => {
    expect(stated('qwen2-7b on vllm with one 4090, 8 requests in parallel', 'batch').some((f) => f.value === '8')).toBe(false);
  });
});
