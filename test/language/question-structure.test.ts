import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Branch rask: the card question read by its structure (src/language/prose/rules/question-structure.ts), an
 * asking cue attached to a card noun, in any word order and in English, Chinese, Korean, Japanese, French,
 * Spanish and German: the kind of card asked is "which gpu", the count "how many gpus", the memory no card
 * question. A card the message names as the user's leaves the words as written.
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;

/** The question a message (a corpus line, read in its thread where it has one) is read as: "which gpu", "how many <card>", "none". */
function asked(text: string, thread?: string): string {
  let state = null;
  if (thread) {
    const opened = readInThread(thread, null);
    state = opened.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : opened.waiting;
  }
  const r = readInThread(text, state).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return kind(r.scenario.question);
}
const kind = (q: Scenario['question']) => (q.kind === 'whichGpu' ? 'which gpu' : q.kind === 'howMany' ? `how many ${q.gpuId ?? 'gpus'}` : q.kind);
const askedLine = (id: string) => asked(line(id).text, line(id).thread);

describe('the kind of card asked is "which gpu"', () => {
  it.each([
    ['c1310', "what's sort of GPU require for llama-2-7B-chat (meta-llama/llama#810)"],
    ['c1311', 'What are the pc requirement to run Llama-70B-chat-hf (meta-llama/llama#574)'],
    ['c1286', 'Hardware requirements for 7B 100k (JIA-Lab-research/LongLoRA#110)'],
    ['c1285', 'Optimal CPU and GPU Configurations for LLaMA 2(70B) (ollama/ollama#2393)'],
    ['c1284', 'qwen2 72B模型在哪些GPU芯片可以跑起来 (QwenLM/Qwen3#888)'],
    ['c1451', 'What is the hardware requirement (GPU and CPU) for running 70B SFT (meta-llama/llama-cookbook#96)'],
    ['c1453', '微调所需要的显卡配置 … 请问有推荐的配置吗 (jianzhnie/LLamaTuner#87)'],
    ['c1458', 'What is the minimum video card with large memory required (huggingface/transformers#28155)'],
  ])('%s: %s', (id) => {
    expect(askedLine(id)).toBe('which gpu');
  });

  it.each([
    'what sort of GPU is required for llama-2-7b?',
    'llama-2-7b inference: what kind of graphics card do I need',
    'What are the PC requirements to run llama-2-13b locally',
    'llama-2-13b inference, hardware requirements?',
    'which is a suitable GPU for llama-2-13b inference?',
    'recommended GPU for llama-2-13b inference?',
    'qwen2-72b 推理需要哪些显卡？',
    'qwen2-72b 推理用什么显卡？',
    'qwen2-72b 推理，有推荐的显卡吗？',
    'qwen2-72b 추론에 어떤 GPU가 필요한가요?',
    'qwen2-72b の推論にはどのGPUが必要ですか？',
    'llama-2-13b inference : quelle carte graphique ?',
    'llama-2-13b inference, qué GPU?',
    'llama-2-13b inference: welche GPU?',
  ])('%s', (text) => {
    expect(asked(text)).toBe('which gpu');
  });
});

describe('the count of cards asked is "how many"', () => {
  it('modelscope/ms-swift#3043 (c1326): "DeepSeek-V3 Lora微调所需卡数和最大训练长度"', () => {
    expect(askedLine('c1326')).toBe('how many gpus');
  });
  it('git-cloner/llama2-lora-fine-tuning#3 (c1460): "需要多少显卡呀？"', () => {
    expect(askedLine('c1460')).toBe('how many gpus');
  });
  it('meta-llama/llama#389 (c1454): "How many blocks of 80g a100 are needed" counts the A100 80GB', () => {
    expect(askedLine('c1454')).toBe('how many a100-80g');
  });

  it.each([
    'DeepSeek-V3 LoRA 微调需要的显卡数量是多少？',
    'deepseek-v3 lora 微调 所需卡数？',
    'llama-2-70b 추론에 GPU 몇 장 필요한가요?',
    'llama-2-70b の推論にGPUは何枚必要ですか',
    'llama-2-70b inference : combien de GPU ?',
    'llama-2-70b inference: cuántas GPU?',
    'wie viele GPUs für llama-2-70b inference?',
  ])('%s', (text) => {
    expect(asked(text)).toBe('how many gpus');
  });
  it('"how many pieces of h100" counts the H100', () => {
    expect(asked('how many pieces of h100 to serve llama-2-70b?')).toBe('how many h100-80g');
  });
});

describe('the memory asked is no card question', () => {
  it.each([
    ['c1456', '72B-4bit模型部署至少需要多少G的卡 (QwenLM/Qwen3-VL#894)'],
    ['c1457', '问下72B要多大GPU跑LoRA fine-tune (QwenLM/Qwen3#813)'],
    ['c1231', "KoboldCpp's log line 'Auto Recommended GPU Layers: 26'"],
  ])('%s: %s', (id) => {
    expect(askedLine(id)).toBe('none');
  });
  it.each([
    'what GPU memory do I need for llama-2-13b inference?',
    'llama-2-13b inference: which graphics card memory is enough?',
    // As c1035 (kimi-vl, pending: refused here) writes it: "the GPU requirements" ask the memory.
    'What is the max context of llama-2-13b? And the GPU requirements to use it for inference, in bf16.',
    'what are the GPU requirements for llama-2-13b inference?',
    'qwen2-72b 部署需要多少G的卡？',
  ])('%s', (text) => {
    expect(asked(text)).toBe('none');
  });
});

describe("the user's own cards answer the question; statements and another's run ask nothing", () => {
  it.each([
    ['c631', "what's the minimum hardware requirements? … one H200 (deepseek-ai/DeepSeek-V3#401)"],
    ['c1313', 'help me understand GPU requirements … 12GB (getumbrel/llama-gpt#102)'],
  ])('%s: %s', (id) => {
    expect(askedLine(id)).toBe('none');
  });

  it.each([
    'llama-2-13b 推理需要哪些显卡？我有两张 A100 80G',
    'The hardware requirements for llama-2-13b inference are listed in the README.',
    // With a card of the user's, the authors' card is another's run; with none, it stands for the card the user
    // needs, "which gpu" (c1748, c1729: rserve-authors-setup-asked.test.ts).
    'which GPU did you use for llama-2-13b lora? I have one RTX 3090',
  ])('%s', (text) => {
    expect(asked(text)).toBe('none');
  });

  it('a memory alone names no card: "What gpus can finetune qwen2 72B by using qlora? Is 8*24G possible?" (c167) still ranks cards', () => {
    expect(askedLine('c167')).toBe('which gpu');
  });
});
