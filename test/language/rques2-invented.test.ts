import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Branch rques2 (s46): questions the way strangers ask them (docs/reading.md "The question slot: questions the way
 * strangers ask them"). Four mechanisms the lead saw in the fresh batches (4 of 8 silent misreadings answered a setup
 * where the user asked a question), each proved on lines invented from the words, written before the rules:
 * 1. a count asked in broken words ("how much A100 I need", "on much h100", "要几块", "몇 개", "何枚") is the count of the
 *    card named, never one card;
 * 2. the longest length asked ("how much context can I run", 能开到多少上下文, 컨텍스트 최대 얼마까지, 最大何トークン) is the
 *    `max seq` question on the hardware stated — the model's own window is not its input;
 * 3. cards offered, not owned ("we can get H100s or A100 80GB", 可以租A100或者H800, "budget allows renting 4090s") are
 *    the card a needs question counts — the first one named, the other said;
 * 4. a requirement the user already knows of another run ("one 3090 is for inference, right?", 推理只要一张4090就够了) is
 *    not the setup: the mode and the question come from the asked clause, the known clause's card is the card asked
 *    about and its memory is not the host's.
 * Near misses: a memory, a speed, a time asked; cards owned ("I have 2 H100s"); another's run ("did you train with").
 */

interface Read {
  question: string;
  model: string;
  mode: Scenario['mode'];
  hw: string;
  seq: number;
  host: string;
}

/** How a message is read: its question ("how many <card>", "maxSeq", "none"), model, mode, hardware, seq, host RAM. */
function read(text: string): Read {
  const r = readInThread(text, null).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const s = r.scenario;
  const q = s.question;
  const question = q.kind === 'whichGpu' ? 'which gpu' : q.kind === 'howMany' ? `how many ${q.gpuId ?? 'gpus'}` : q.kind;
  const model = s.model.id ?? `${Math.round((s.model.requestedParams ?? 0) / 1e9)}b`;
  const hw = s.hardware ? `${s.hardware.count}x ${s.hardware.gpuId ?? `${Math.round(s.hardware.capacityBytes / 2 ** 30)}gb`}` : s.unnamedGpus ? `${s.unnamedGpus} gpus` : 'none';
  const host = s.hostMemoryBytes ? `${Math.round(s.hostMemoryBytes / 2 ** 30)}gb` : 'none';
  return { question, model, mode: s.mode, hw, seq: s.seq, host };
}

type Expect = Partial<Read>;
type Line = [text: string, expected: Expect];

const check = ([text, expected]: Line) => {
  const got = read(text);
  for (const [key, value] of Object.entries(expected) as [keyof Read, string | number][]) {
    // "how many a100" is the A100 counted whatever memory the catalog reads it with; "1x h100" likewise.
    if (typeof value === 'string' && (key === 'question' || key === 'hw') && value !== 'none' && value !== 'how many gpus' && !value.endsWith(' gpus'))
      expect(`${key}: ${got[key]}`).toMatch(new RegExp(`^${key}: ${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    else expect(`${key}: ${got[key]}`).toBe(`${key}: ${value}`);
  }
};

describe('1. a count asked in broken words is the count of the card named', () => {
  it.each<Line>([
    ['config for finetune qwen3 235b on much h100', { question: 'how many h100', model: 'qwen3-235b-a22b', mode: 'full', hw: 'none' }],
    ['how much A100 I need for 70b', { question: 'how many a100', model: '70b', hw: 'none' }],
    ['need how many card for 32b sft', { question: 'how many gpus', model: '32b', mode: 'full' }],
    ['how many of 4090 to serve llama-3-70b', { question: 'how many rtx-4090', model: 'llama-3-70b', mode: 'inference' }],
    ['How much H100 do i need to full finetune llama 3 70b', { question: 'how many h100', model: 'llama-3-70b', mode: 'full', hw: 'none' }],
    ['How much 4090s needed for qwen2.5-72b inference', { question: 'how many rtx-4090', model: 'qwen2.5-72b', mode: 'inference', hw: 'none' }],
    ['70b full finetune, how much gpus?', { question: 'how many gpus', model: '70b', mode: 'full' }],
    ['qwen2.5-72b lora how many a100 need', { question: 'how many a100', model: 'qwen2.5-72b', mode: 'lora' }],
    ['We plan to rent L40S. For mixtral-8x7b serving with vllm, how many do we need', { question: 'how many l40s', model: 'mixtral-8x7b', mode: 'inference', hw: 'none' }],
    ['deepseek-v3 inference — how much of H200 would it take?', { question: 'how many h200', model: 'deepseek-v3', mode: 'inference', hw: 'none' }],
    ['最少要几张3090跑qwen2-72b', { question: 'how many rtx-3090', model: 'qwen2-72b', hw: 'none' }],
    ['qwen2.5-32b 全参微调要几张卡', { question: 'how many gpus', model: 'qwen2.5-32b', mode: 'full' }],
    ['H100要几块 deepseek-v3推理', { question: 'how many h100', model: 'deepseek-v3', mode: 'inference', hw: 'none' }],
    ['部署qwen2.5-72b，A800需要多少块', { question: 'how many a800', model: 'qwen2.5-72b', mode: 'inference', hw: 'none' }],
    ['llama-3-70b 추론 몇 장 필요', { question: 'how many gpus', model: 'llama-3-70b', mode: 'inference' }],
    ['4090 몇 개 있어야 qwen2-72b 돌릴 수 있나요', { question: 'how many rtx-4090', model: 'qwen2-72b', hw: 'none' }],
    ['Llama-3-70Bの推論、H100何枚必要', { question: 'how many h100', model: 'llama-3-70b', mode: 'inference', hw: 'none' }],
    ['Qwen2.5-72BのフルファインチューニングにA100は何枚いる？', { question: 'how many a100', model: 'qwen2.5-72b', mode: 'full', hw: 'none' }],
  ])('%s', (...line) => check(line));
});

describe('2. the longest length asked is "max seq" on the hardware stated', () => {
  it.each<Line>([
    ['how much context can I run on 4 cards with llama-3-70b awq', { question: 'maxSeq', model: 'llama-3-70b', hw: '4 gpus' }],
    ["what's the longest context that fits for qwen2.5-7b on a 4090", { question: 'maxSeq', model: 'qwen2.5-7b', hw: '1x rtx-4090' }],
    ['max seq I can use on 2x4090 for llama-3-8b lora?', { question: 'maxSeq', model: 'llama-3-8b', mode: 'lora', hw: '2x rtx-4090' }],
    ['qwen2.5-14b vllm 4090 能开到多少上下文', { question: 'maxSeq', model: 'qwen2.5-14b', mode: 'inference', hw: '1x rtx-4090' }],
    ['llama3-8b 2张3090 最大能支持多长的上下文', { question: 'maxSeq', model: 'llama-3-8b', hw: '2x rtx-3090' }],
    ['gemma-2-9b 4090 能跑多长的context', { question: 'maxSeq', model: 'gemma-2-9b', hw: '1x rtx-4090' }],
    ['qwen2.5-72b-awq 2xA6000 最多能跑多少k上下文', { question: 'maxSeq', model: 'qwen2.5-72b', hw: '2x rtx-a6000' }],
    ['llama-3-8b 4090 컨텍스트 최대 얼마까지 되나요', { question: 'maxSeq', model: 'llama-3-8b', hw: '1x rtx-4090' }],
    ['Qwen2.5-7BをRTX 4090で動かすと最大何トークンまでいけますか', { question: 'maxSeq', model: 'qwen2.5-7b', hw: '1x rtx-4090' }],
    ['up to what context length can I serve llama-3.1-8b on one L4?', { question: 'maxSeq', model: 'llama-3.1-8b', hw: '1x l4' }],
    ['what ctx can i get with qwen2.5-32b q4_k_m on 2x3090', { question: 'maxSeq', model: 'qwen2.5-32b', hw: '2x rtx-3090' }],
    ['llama-3.1-70b has 128k context, how much of it can I actually use on 4x A100 80G?', { question: 'maxSeq', model: 'llama-3.1-70b', hw: '4x a100-80g' }],
    ['mistral-7b on a single 3090 — how long can the prompt be?', { question: 'maxSeq', model: 'mistral-7b', hw: '1x rtx-3090' }],
  ])('%s', (...line) => check(line));
});

describe('3. cards offered, not owned: the needs question counts the first card named, the other is said', () => {
  it.each<Line>([
    ["We can get H100s or A100 80GB — what's the minimum setup for full fine-tuning llama-3-70b?", { question: 'how many h100', model: 'llama-3-70b', mode: 'full', hw: 'none' }],
    ['可以租A100或者H800，全参微调qwen2.5-72b最少要多少张', { question: 'how many a100', model: 'qwen2.5-72b', mode: 'full', hw: 'none' }],
    ['our options are L40S or H100; serving llama-3.1-70b fp8, how many do we need?', { question: 'how many l40s', model: 'llama-3.1-70b', mode: 'inference', hw: 'none' }],
    ['budget allows renting 4090s, how many for qwen2.5-32b lora?', { question: 'how many rtx-4090', model: 'qwen2.5-32b', mode: 'lora', hw: 'none' }],
    ["We're thinking of renting A100s to fine-tune mistral-7b. How many?", { question: 'how many a100', model: 'mistral-7b', mode: 'full', hw: 'none' }],
    ['We can rent H100s. How much compute do we need to pretrain a 7b from scratch?', { question: 'how many h100', model: '7b', hw: 'none' }],
    ['公司可以采购H20或者L20，部署deepseek-r1需要什么配置', { question: 'how many h20', model: 'deepseek-r1', mode: 'inference', hw: 'none' }],
    ['A100 또는 H100 대여 가능한데 llama-3-70b 풀 파인튜닝에 최소 몇 장 필요한가요', { question: 'how many a100', model: 'llama-3-70b', mode: 'full', hw: 'none' }],
    ['H100かA100を借りられます。Llama-3-70BのLoRAには何枚必要ですか', { question: 'how many h100', model: 'llama-3-70b', mode: 'lora', hw: 'none' }],
    ['Available to us: A6000 or L40S. What GPU setup would qwen2.5-32b full sft require?', { question: 'how many rtx-a6000', model: 'qwen2.5-32b', mode: 'full', hw: 'none' }],
    ['we have access to a100 40gb on the cluster; how much hardware for llama-2-13b full finetune?', { question: 'how many a100-40g', model: 'llama-2-13b', mode: 'full', hw: 'none' }],
    ['租H800的话，qwen2.5-72b推理需要多少计算资源', { question: 'how many h800', model: 'qwen2.5-72b', mode: 'inference', hw: 'none' }],
  ])('%s', (...line) => check(line));
});

describe('4. a requirement the user already knows is not the run asked about', () => {
  it.each<Line>([
    ['20G RAM and one 3090 is for inference, right? To fine-tune the 10B, how many 3090s at least?', { question: 'how many rtx-3090', model: '10b', mode: 'full', hw: 'none', host: 'none' }],
    ['inference needs 16GB, I know; what about LoRA training of llama-3-8b?', { question: 'none', model: 'llama-3-8b', mode: 'lora', hw: 'none' }],
    ['I know llama-3-8b inference fits on a single 4090. How many 4090s for full fine-tuning?', { question: 'how many rtx-4090', model: 'llama-3-8b', mode: 'full', hw: 'none' }],
    ['推理只要一张4090就够了，那全参微调qwen2-7b要几张4090？', { question: 'how many rtx-4090', model: 'qwen2-7b', mode: 'full', hw: 'none' }],
    ['qwen2.5-7b推理需要16G显存我知道，lora微调需要多少显存？', { question: 'none', model: 'qwen2.5-7b', mode: 'lora', hw: 'none' }],
    ['serving mistral-7b takes one A10G, fine. But for full finetune how many A10G would I need?', { question: 'how many a10g', model: 'mistral-7b', mode: 'full', hw: 'none' }],
    ['llama-3-70b 추론은 A100 두 장이면 된다고 들었는데, 풀 파인튜닝은 몇 장 필요한가요?', { question: 'how many a100', model: 'llama-3-70b', mode: 'full', hw: 'none' }],
    ['Llama-3-8Bの推論はRTX 4090 1枚で足りますよね。フルファインチューニングには何枚必要ですか', { question: 'how many rtx-4090', model: 'llama-3-8b', mode: 'full', hw: 'none' }],
    ['For inference 2x H100 is enough for llama-3-70b (tested by a friend). For DPO on it, how many H100?', { question: 'how many h100', model: 'llama-3-70b', mode: 'full', hw: 'none' }],
    ['The model card says qwen2-7b inference requires 16GB VRAM. What do I need for a full finetune?', { model: 'qwen2-7b', mode: 'full', hw: 'none' }],
    ['qwen2.5-32b 推理用两张4090就行，做lora需要几张4090', { question: 'how many rtx-4090', model: 'qwen2.5-32b', mode: 'lora', hw: 'none' }],
    ['qwen2.5-14b 서빙은 24GB면 충분하다는데 LoRA 학습은 GPU 몇 장 필요해요?', { question: 'how many gpus', model: 'qwen2.5-14b', mode: 'lora', hw: 'none' }],
  ])('%s', (...line) => check(line));
});

describe('near misses: the mechanisms must not fire', () => {
  it.each<Line>([
    // A memory, a speed, a time, a price asked: no count of cards.
    ['how much memory does llama-3-8b lora use on a 4090?', { question: 'none', model: 'llama-3-8b', mode: 'lora', hw: '1x rtx-4090' }],
    ['how many tokens per second can llama-3-8b do on a 4090', { question: 'none', model: 'llama-3-8b', hw: '1x rtx-4090' }],
    ['how much time does qwen2-7b full finetune take on 8x H100?', { question: 'none', model: 'qwen2-7b', mode: 'full', hw: '8x h100' }],
    ['qwen2.5-7b 在4090上推理每秒多少token', { question: 'none', model: 'qwen2.5-7b', hw: '1x rtx-4090' }],
    // Cards owned: the count is stated.
    ['I have 2 H100s, how many requests can I serve with llama-3-70b awq?', { hw: '2x h100', model: 'llama-3-70b' }],
    ['I have 4x A100 80GB. How much compute headroom is left for llama-2-13b full ft?', { question: 'none', hw: '4x a100-80g', mode: 'full' }],
    ['我有两张3090，全参微调qwen2-7b要多少显存', { question: 'none', hw: '2x rtx-3090', mode: 'full' }],
    // A length asked of another's run, or a model's own window, or a length stated.
    ['how much context did you train llama-3-8b with?', { question: 'none', model: 'llama-3-8b' }],
    ['what is the max context of llama-3.1-8b', { question: 'none', model: 'llama-3.1-8b' }],
    ['I run llama-3-8b with max context 8192 on a 4090, is it ok?', { question: 'none', seq: 8192, hw: '1x rtx-4090' }],
    // Two cards weighed with no count asked stay the comparison; a fit question on an offered card stays a fit question.
    ['llama-3-70b lora: a100 or h100?', { question: 'compare', model: 'llama-3-70b', mode: 'lora' }],
    ['can 2x 4090 run qwen2.5-32b awq?', { question: 'none', hw: '2x rtx-4090' }],
    // A requirement the user measured on the card they have, then asks of the same card: the card stays.
    ['inference on one 3090 works fine for me with llama-3-8b. can I lora it on the same card?', { question: 'none', model: 'llama-3-8b', mode: 'lora', hw: '1x rtx-3090' }],
    ["what's the minimum vllm version for qwen2.5-7b on a 4090?", { question: 'none', hw: '1x rtx-4090' }],
  ])('%s', (...line) => check(line));
});

describe('property: a card offered with its count is the setup, without one the card counted', () => {
  const asks = ['How many do we need for llama-3-70b full fine-tuning?', 'what is the minimum setup to serve qwen2.5-72b?', 'how much compute do we need to pretrain a 7b?'];
  const cards: [string, string][] = [
    ['H100s', 'h100'],
    ['A100 80GB', 'a100-80g'],
    ['L40S', 'l40s'],
    ['RTX 4090s', 'rtx-4090'],
  ];
  const offers = ['We can rent', 'Our options are', 'We could get', 'Budget allows renting'];
  it('counts the offered card, and never the card whose count is written', () => {
    fc.assert(
      fc.property(fc.constantFrom(...asks), fc.constantFrom(...cards), fc.constantFrom(...offers), fc.integer({ min: 2, max: 16 }), (ask, [card, id], offer, n) => {
        expect(read(`${offer} ${card}. ${ask}`).question.startsWith(`how many ${id}`)).toBe(true);
        const counted = read(`${offer} ${n}x ${card}. ${ask}`);
        expect(counted.question.startsWith('how many')).toBe(false);
        expect(counted.hw.startsWith(`${n}x ${id}`)).toBe(true);
      }),
      { numRuns: 30 },
    );
  });
});

/** A released corpus line read in its thread, as the bench reads it: its question and hardware. */
function readLine(id: string): Pick<Read, 'question' | 'hw'> {
  const l = corpus.find((c) => c.id === id)!;
  let state = null;
  if (l.thread) {
    const opened = readInThread(l.thread, null);
    state = opened.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : opened.waiting;
  }
  const r = readInThread(l.text, state).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${id}`);
  const s = r.scenario;
  const q = s.question;
  const question = q.kind === 'whichGpu' ? 'which gpu' : q.kind === 'howMany' ? `how many ${q.gpuId ?? 'gpus'}` : q.kind;
  const hw = s.hardware ? `${s.hardware.count}x ${s.hardware.gpuId ?? `${Math.round(s.hardware.capacityBytes / 2 ** 30)}gb`}` : 'none';
  return { question, hw };
}
const corpus = loadCorpus();

describe('released lines: what breaks the mechanisms', () => {
  it.each([
    // A card rented with its count is the setup, not a card offered (question-cues.ts COUNT_BEFORE).
    ['c165', 'maxBatch', '8x a100', '"I plan to rent 8 A100 for it"'],
    ['c543', 'none', '3x rtx-3090', '"我在autodl上租了三张3090来部署"'],
    // "how much gpu" in the singular asks the memory as often as the count: no count read (question.how-much-cards).
    ['c1032', 'which gpu', 'none', '"How much gpu is requird to finetune qwen2 Audio?"'],
  ])('%s reads %s on %s: %s', (id, question, hw) => {
    const got = readLine(id);
    expect(got.question).toBe(question);
    expect(got.hw.startsWith(hw)).toBe(true);
  });
  it.each([
    // 多少 with no capacity verb before it asks a published run's length (c977) or a speed (c1259): no "max seq".
    ['c977', '"请问下主页的显存占用测试是在多少长度的length计算出来的？"'],
    ['c1259', '"每秒大概能生成多少tokens"'],
  ])('%s asks no longest length: %s', (id) => {
    expect(readLine(id).question).not.toBe('maxSeq');
  });
});
