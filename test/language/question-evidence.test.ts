import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * The question the user asks, read by its evidence (branch rquestion): a card and its memory asked as two
 * things ("recommended GPU/VRAM configuration", "In GPU, CPU and VRAM requirements") is "which gpu", said as
 * read on a weak cue; a count question asked beside a count of cards the message states elsewhere is
 * answered by estimating those cards, said; a length stated in parentheses with its short form
 * ("max seq len (262144 = 256k)") is the length set, not the question "max seq". Real lines: c1617
 * (AutoAWQ), c1620 (LLaMA-VID), ai-forever/KandinskyVideo#5, c413, c898, c1012, c1268, c814, c126.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('a card and its memory asked as two things is "which gpu"', () => {
  it.each(['c1617', 'c1620'])('%s: read as which gpu, said', (id) => {
    const { scenario, said } = read(line(id).text);
    expect(scenario.question.kind).toBe('whichGpu');
    expect(said).toMatch(/which GPU/);
  });

  it.each([
    'is there a recommended GPU/VRAM configuration for mixtral-8x7b?',
    'mixtral-8x7b: recommended gpu / vram config?',
    'What GPU and VRAM requirements does llama-2-13b inference have?',
    'Hi, just checking the minimum requirement to run llama-2-13b. In GPU, CPU and VRAM requirements.',
    'llama-2-70b inference - GPU & VRAM requirements',
  ])('asked: %s', (text) => {
    expect(read(text).scenario.question.kind).toBe('whichGpu');
  });

  it.each([
    // A statement asks nothing.
    'I ran llama-2-13b on a short video. In GPU, CPU and VRAM terms it was fine.',
    // "GPU VRAM" as one noun is the memory, which every estimate states (wangyuanbiubiubiu/FaithFusion#5).
    'What is the recommended GPU VRAM for llama-2-13b?',
    // The user's own card is what the question asks about.
    'llama-2-13b on my RTX 3090: is there a recommended GPU/VRAM configuration?',
  ])('not the card question: %s', (text) => {
    expect(read(text).scenario.question.kind).not.toBe('whichGpu');
  });
});

describe('"how many" asked beside a count of cards stated elsewhere: the stated cards are estimated, said', () => {
  it.each<[string, number]>([
    ['c413', 8],
    ['c898', 8],
    ['c1012', 3],
    ['c1268', 4],
  ])('%s: no count question, %i cards', (id, count) => {
    const { scenario, said } = read(line(id).text);
    expect(scenario.question.kind).toBe('none');
    expect(scenario.hardware?.count).toBe(count);
    expect(said).toMatch(/whether your stated cards fit/);
  });

  it.each<[string, number]>([
    ['How many GPUs are needed to train llama-2-7b full?\n\nI use 4*A100 80G and get OOM.', 4],
    ['I have 2x RTX 4090. How many gpus do I need for qwen2.5-14b lora?', 2],
    // Chinese: 多少张 in one sentence, the user's 8张A100 in another.
    ['我有8张A100 80G。全参数微调qwen-14b需要多少张卡？', 8],
    ['qwen2.5-7b 全参数微调，需要多少张显卡？我这边是 2*A800 80G', 2],
  ])('%s', (text, count) => {
    const { scenario, said } = read(text);
    expect(scenario.question.kind).toBe('none');
    expect(scenario.hardware?.count).toBe(count);
    expect(said).toMatch(/whether your stated cards fit/);
  });

  it('c126: "how many nodes each having 8 H100s" counts nodes of the cards it states: still the question', () => {
    expect(read(line('c126').text).scenario.question.kind).toBe('howMany');
  });

  it.each([
    'how many A100 80G do I need for llama-2-70b full fine-tuning?',
    'llama-2-70b 全参数微调需要多少张A100 80G？',
  ])('no count stated: still the question: %s', (text) => {
    expect(read(text).scenario.question.kind).toBe('howMany');
  });
});

describe('a length stated with its short form in parentheses is the length set', () => {
  it('c814: seq 262144, no "max seq" question', () => {
    const { scenario } = read(line('c814').text);
    expect(scenario.seq).toBe(262144);
    expect(scenario.question.kind).toBe('none');
  });

  it.each<[string, number]>([
    ["qwen3-32b on 8x H20: I am unable to run the model's max seq len (262144 = 256k)", 262144],
    ['llama-3.1-8b on a 4090, max seq len (131072=128k) does not fit', 131072],
    ['llama-3.1-8b on a 4090, max sequence length (32768 = 32k) OOMs', 32768],
  ])('%s', (text, seq) => {
    const { scenario } = read(text);
    expect(scenario.seq).toBe(seq);
    expect(scenario.question.kind).toBe('none');
  });
});

describe('"which GPU" asked beside a card the message names in another sentence: that card is estimated, said', () => {
  it.each(['c1501', 'c1342'])('%s: no card question', (id) => {
    const { scenario, said } = read(line(id).text);
    expect(scenario.question.kind).toBe('none');
    expect(said).toMatch(/whether your named cards fit/);
  });

  it.each<[string, string]>([
    ['What GPU do I need for llama-2-13b lora?\nI have 2x RTX 3090 at home.', 'rtx-3090'],
    ['llama-2-13b inference: which gpu should I buy? Right now I use 1x A100 80GB.', 'a100-80g'],
  ])('%s', (text, gpuId) => {
    const { scenario, said } = read(text);
    expect(scenario.question.kind).toBe('none');
    expect(scenario.hardware?.gpuId).toBe(gpuId);
    expect(said).toMatch(/whether your named cards fit/);
  });

  it.each([
    // No card named: the question stays.
    'What GPU do I need for llama-2-13b lora?',
    '跑qwen2-72b需要什么显卡',
  ])('no card named: %s', (text) => {
    expect(read(text).scenario.question.kind).toBe('whichGpu');
  });
});
