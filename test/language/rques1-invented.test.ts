import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Branch rques1 (s45): a question about what a setup needs — the smallest configuration, how much compute, which
 * GPUs, how many — is the question asked (which gpu / how many), never an estimate of the setup on defaults with no
 * card and no question (prose/rules/question-needs.ts; docs/reading.md "The question slot: what a setup needs").
 * Invented lines, written from the words before the rule was built: the amount asked ("how much compute", 多少算力,
 * 몇 장, 何枚) is the count of cards ("how many", of the card named with it); the kind asked ("what kind of setup",
 * 什么样的配置, 어떤 GPU, どんな GPU) or a bare requirement ("minimum hardware", 最低配置, 최소 사양) is "which gpu".
 * Near misses: the hardware stated as the user's ("I have", "on my", 我有, 제), a question about something else
 * (speed, the memory it uses on a named card), the memory asked alone (every estimate states it).
 */

/** How a message is read: its question ("which gpu", "how many <card>", "none"), its model, its mode. */
function read(text: string): { question: string; model: string; mode: Scenario['mode']; seq: number } {
  const r = readInThread(text, null).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const s = r.scenario;
  const q = s.question;
  const question = q.kind === 'whichGpu' ? 'which gpu' : q.kind === 'howMany' ? `how many ${q.gpuId ?? 'gpus'}` : q.kind;
  const model = s.model.id ?? `${Math.round((s.model.requestedParams ?? 0) / 1e9)}b`;
  return { question, model, mode: s.mode, seq: s.seq };
}

type Line = [text: string, question: string, model: string, mode?: Scenario['mode']];

const check = ([text, question, model, mode]: Line) => {
  const got = read(text);
  // "how many a100" is the A100 counted whatever memory the catalog reads it with.
  if (question.startsWith('how many ') && question !== 'how many gpus') expect(got.question.startsWith(question)).toBe(true);
  else expect(got.question).toBe(question);
  expect(got.model).toBe(model);
  if (mode) expect(got.mode).toBe(mode);
};

describe('English: a question about what the setup needs is asked back', () => {
  it.each<Line>([
    ['What is the minimum GPU memory configuration required for full fine-tuning qwen2.5-14b? assuming seq 4096', 'which gpu', 'qwen2.5-14b', 'full'],
    ['how much compute would I need to do DPO on a 7B with all parameters?', 'how many gpus', '7b', 'full'],
    ['Roughly what kind of GPU setup does SFT of llama-3-70b need? thanks', 'which gpu', 'llama-3-70b', 'full'],
    ['mistral-7b lora, seq 8k — what hardware would I need at minimum?', 'which gpu', 'mistral-7b', 'lora'],
    ['Planning to pretrain a 1.3b from scratch with seq 2048. What GPUs are required?', 'which gpu', '1b'],
    ['For full-parameter SFT of Qwen2.5-32B, how many GPUs are required at least?', 'how many gpus', 'qwen2.5-32b', 'full'],
    ['Compute requirements for fine-tuning gemma-2-9b with all weights?', 'which gpu', 'gemma-2-9b'],
    ['llama-3.1-8b qlora r16: how much GPU resources do we need?', 'how many gpus', 'llama-3.1-8b', 'qlora'],
    ["what's the minimum setup needed to serve mixtral-8x7b with vllm?", 'which gpu', 'mixtral-8x7b', 'inference'],
    ['We want to fully fine-tune Yi-34B at 4k context; how many H100s would that take?', 'how many h100', 'yi-34b', 'full'],
    ['how much hardware do you need to run llama-3-70b in fp16', 'how many gpus', 'llama-3-70b', 'inference'],
    ['Qwen2-72B full finetune - minimum hardware?', 'which gpu', 'qwen2-72b', 'full'],
    ['Hi! To fine-tune llama-2-7b (all params, bf16), what GPU resources are needed at the very least?', 'which gpu', 'llama-2-7b', 'full'],
  ])('%s', (...line) => check(line));
});

describe('Chinese: 需要 / 最少 / 多少 / 几张 / 什么样 + 卡 / 配置 / 资源 / 算力', () => {
  it.each<Line>([
    ['请问基于Qwen2-7B做全参数SFT大概需要怎样的GPU配置？', 'which gpu', 'qwen2-7b', 'full'],
    ['全参微调baichuan2-13b模型，需要多少计算资源', 'how many gpus', 'baichuan2-13b', 'full'],
    ['训练一个34B的模型最少需要几张A100？', 'how many a100', '34b', 'full'],
    ['Qwen2.5-72B 全参微调需要什么样的算力？', 'which gpu', 'qwen2.5-72b', 'full'],
    ['llama3-8b lora微调 最低需要多少显卡资源？', 'how many gpus', 'llama-3-8b', 'lora'],
    ['想用DPO训练一个13B的模型，至少要几张卡？', 'how many gpus', '13b'],
    ['部署qwen2-72b-instruct推理，需要什么配置的服务器？', 'which gpu', 'qwen2-72b', 'inference'],
    ['chatglm3-6b全量微调需要多大的算力资源', 'how many gpus', 'chatglm3-6b', 'full'],
    ['请问预训练7B模型需要哪些硬件资源', 'which gpu', '7b'],
    ['Yi-34B做SFT，seq 4096，需要怎么样的显卡配置呢', 'which gpu', 'yi-34b'],
    ['训练qwen1.5-14b需要多少张卡', 'how many gpus', 'qwen1.5-14b'],
    ['internlm2-20b 全参数微调 所需算力是多少？', 'how many gpus', 'internlm2-20b', 'full'],
    ['我想全参微调llama2-13b，请问最少需要什么显卡？', 'which gpu', 'llama-2-13b', 'full'],
  ])('%s', (...line) => check(line));
});

describe('Korean and Japanese: 필요 / 몇 장 / 어떤 GPU / 사양, 必要 / 何枚 / どんな / 構成', () => {
  it.each<Line>([
    ['Llama-3-8B 풀 파인튜닝에 어떤 GPU가 필요한가요?', 'which gpu', 'llama-3-8b', 'full'],
    ['Llama-3-8Bをフルファインチューニングするには何枚のGPUが必要ですか', 'how many gpus', 'llama-3-8b', 'full'],
    ['Qwen2-7B 전체 파인튜닝하려면 GPU 몇 장이 필요할까요?', 'how many gpus', 'qwen2-7b'],
    ['llama-3-70b 추론에 필요한 최소 사양이 어떻게 되나요?', 'which gpu', 'llama-3-70b', 'inference'],
    ['mistral-7b LoRA 학습에 필요한 GPU 자원은 어느 정도인가요?', 'how many gpus', 'mistral-7b', 'lora'],
    ['gemma-2-9b 풀 파인튜닝에 어느 정도 컴퓨팅 자원이 필요한가요?', 'how many gpus', 'gemma-2-9b', 'full'],
    ['Qwen2.5-14Bを全パラメータでSFTするのに必要なGPU構成を教えてください', 'which gpu', 'qwen2.5-14b', 'full'],
    ['llama-3-70bの推論に最低限必要なスペックは？', 'which gpu', 'llama-3-70b', 'inference'],
    ['Llama-3-8BのLoRA学習にはどんなGPUが必要ですか？', 'which gpu', 'llama-3-8b', 'lora'],
    ['7Bモデルをフルファインチューニングするのに必要な計算資源はどれくらいですか', 'how many gpus', '7b', 'full'],
    ['A100 몇 장이면 llama-2-70b 전체 파인튜닝이 가능한가요?', 'how many a100', 'llama-2-70b'],
    ['qwen2-72b 서빙하려면 H100이 최소 몇 장 필요한가요?', 'how many h100', 'qwen2-72b', 'inference'],
  ])('%s', (...line) => check(line));
});

describe('near misses: the hardware is the user\'s, or the question is about something else', () => {
  it.each<Line>([
    ['will 13b lora fit on a 4090?', 'none', '13b', 'lora'],
    ['is 2x A100 enough for qwen-14b full sft?', 'none', 'qwen-14b', 'full'],
    ['我有4张3090，能全参微调7B吗', 'none', '7b', 'full'],
    ['how much memory does llama-3-8b lora use on my 4090?', 'none', 'llama-3-8b', 'lora'],
    ['I have 8x A100 80GB. What do I need to change to fully fine-tune llama-2-70b?', 'none', 'llama-2-70b', 'full'],
    ['how much time does full fine-tuning qwen2-7b take on 8x H100?', 'none', 'qwen2-7b', 'full'],
    ['what GPU memory do I need for llama-2-13b inference?', 'none', 'llama-2-13b', 'inference'],
    ['用8张A100全参微调qwen-14b显存够吗', 'none', 'qwen-14b', 'full'],
    ['在我的4090上跑qwen2-7b推理占用多少显存', 'none', 'qwen2-7b', 'inference'],
    ['qwen2-7b全参微调训练速度怎么样，需要多少时间', 'none', 'qwen2-7b', 'full'],
    ['제 4090으로 llama-3-8b LoRA 학습이 가능한가요?', 'none', 'llama-3-8b', 'lora'],
    ['RTX 4090 2枚でQwen2-7Bをフルファインチューニングできますか', 'none', 'qwen2-7b', 'full'],
    ['A100 80GB 4장 있는데 llama-2-70b QLoRA 되나요?', 'none', 'llama-2-70b', 'qlora'],
    // Written first as "which gpu"; the evidence model decided a bare "config" names a training config as often (a
    // DeepSpeed or a trainer's), so it is no hardware asked: left as the estimate.
    ['what config is needed for continued pretraining of llama-2-13b on 8k sequences?', 'none', 'llama-2-13b'],
  ])('%s', (...line) => check(line));
});

/** A released corpus line read in its thread, as the bench reads it: its question. */
function askedLine(id: string): string {
  const l = corpus.find((c) => c.id === id)!;
  let state = null;
  if (l.thread) {
    const opened = readInThread(l.thread, null);
    state = opened.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : opened.waiting;
  }
  const r = readInThread(l.text, state).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${id}`);
  const q = r.scenario.question;
  return q.kind === 'whichGpu' ? 'which gpu' : q.kind === 'howMany' ? `how many ${q.gpuId ?? 'gpus'}` : q.kind;
}
const corpus = loadCorpus();

describe('released lines: the convention the mechanism follows, and what breaks it', () => {
  it.each([
    ['c884', 'which gpu', '"What GPU configuration is required to train the 345M model"'],
    ['c2952', 'which gpu', '"如果要进行满血版DeepSeekR1的模型微调，大概需要什么硬件配置呢？"'],
    // The hardware stated in the message is the setup asked about: the estimate of it answers "what is needed".
    ['c597', 'none', '"yi-34b需要的资源是多少？" beside a 24 GB card'],
    ['c3325', 'none', '"请问DeepSeek-v2-Chat SFT大概需要多少资源" beside 8 cards of 80 GB'],
    ['c1142', 'none', '"请问全量微调qwen3-8b-vl需要什么显存配置，8卡H20是否可以"'],
    ['c2937', 'none', '"8*A100 (80G) … 问下需要怎样的配置和资源才能全量微调72B？"'],
    ['c3298', 'none', '"…模型需要什么配置可以运行" beside a Colab T4'],
    // The memory asked is no count of cards (question.how-many-cards-zh); a few cards said in a statement is none asked.
    ['c2962', 'none', '"想知道需要多少gpu内存才能运行65b"'],
    ['c3211', 'none', '"怀疑是模型重复加载在了几张显卡上，请问你遇到过这个问题吗？"'],
  ])('%s reads %s: %s', (id, question) => {
    expect(askedLine(id)).toBe(question);
  });
});

describe('property: the user\'s own cards, stated in another sentence, are what "what do I need" asks about', () => {
  const asking = [
    'how much compute would I need to do DPO on a 7B with all parameters?',
    'Qwen2-72B full finetune - minimum hardware?',
    'what is the minimum setup needed to serve mixtral-8x7b with vllm?',
    '全参微调baichuan2-13b模型，需要多少计算资源？',
    'Qwen2.5-72B 全参微调需要什么样的算力？',
    'llama-3-70b 추론에 필요한 최소 사양이 어떻게 되나요?',
  ];
  it('never ranks or counts cards in silence over them', () => {
    fc.assert(
      fc.property(fc.constantFrom(...asking), fc.integer({ min: 1, max: 8 }), fc.constantFrom('A100 80GB', 'RTX 4090', 'H100', 'L40S', 'V100 32GB'), fc.boolean(), (line, n, card, first) => {
        const own = `I have ${n}x ${card}.`;
        expect(read(first ? `${own} ${line}` : `${line} ${own}`).question).toBe('none');
      }),
      { numRuns: 25 },
    );
  });
});
