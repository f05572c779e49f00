import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A question item needs words that ask it (DESIGN.md §2: the question item is what to solve for), and a question
 * about a value the user gives is a fit question at that value. Branch rquestion3, from the b76–b78 lines read at
 * first sight: a picture sent to a vision model had become the breakdown chart (mixa3607/ML-gfx906#3, c2611), and
 * a title "SFT Max Sequence Length & GRPO" over "increase max_length to 40960, will that cause OOM?" the search for
 * the longest length (huggingface/gpt-oss-recipes#17, c2624). The variations were scored before the fix (first
 * sight in the describe titles); they are the phenomenon's, not one line's.
 */
const corpus = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('a picture the user sends a vision model is no chart asked for (first sight 5 of 9)', () => {
  it('mixa3607/ML-gfx906#3 (c2611): "vllm will be out of memory if I send a picture" draws no chart', () => {
    const { scenario, said } = read(corpus('c2611').text);
    expect(scenario.chart).toBe('none');
    expect(said).toMatch(/image you give the model/);
  });

  it.each([
    'Qwen2-VL-7B on vllm, one 4090: text prompts work but it runs out of memory when I send a picture',
    'vllm serve Qwen/Qwen2.5-VL-7B-Instruct --max-model-len 8192\nit can answer text but crashes with CUDA out of memory when the request has a picture',
    '用vllm部署qwen2-vl-7b，单卡4090，发一张图片就爆显存 (OOM when I send a picture)',
    'InternVL2 8B on 24GB: can it handle a picture of 4k resolution without OOM?',
    'llava 13b on a 3090 OOMs as soon as I upload an image or a png',
  ])('%s', (text) => {
    expect(read(text).scenario.chart).toBe('none');
  });

  it.each([
    'llama 3 8b lora on a 4090, can you show me a chart of the memory?',
    'qwen2.5 14b qlora on a 3090 — could you draw a picture of where the memory goes?',
    '7b full finetune on 8x a100, a picture please',
  ])('a drawing asked of the bot stays the chart: %s', (text) => {
    expect(read(text).scenario.chart).toBe('breakdown');
  });
});

describe('the extent named in a title or with its value asks nothing; the length asked about is the run (first sight 5 of 8)', () => {
  it('huggingface/gpt-oss-recipes#17 (c2624): the title "SFT Max Sequence Length" and "the longest sequence length is set to 16384" ask no "max seq"', () => {
    expect(read(corpus('c2624').text).scenario.question.kind).not.toBe('maxSeq');
  });

  it.each([
    ['Max sequence length question\n\nllama 3 8b lora on a single a100 80gb. If I raise the sequence length to 32768, will that OOM?', 32768],
    ['qwen2.5 7b full finetune on 8x h100, the max seq length is set to 4096 right now. can I go to 16k?', 16384],
    ['Maximum context length\nmistral 7b on a 4090 with vllm: would --max-model-len 32768 fit?', 32768],
    ['llama 2 13b qlora on a 3090, the longest sequence is currently 2048.', 2048],
    ['7b lora on a100, can I set the max seq length to 8192?', 8192],
  ])('%s', (text, seq) => {
    const { scenario } = read(text);
    expect(scenario.question.kind).not.toBe('maxSeq');
    expect(scenario.seq).toBe(seq);
  });

  it.each([
    'llama 3 8b lora on a single a100 80gb, what is the max sequence length I can use?',
    "qwen2.5 7b qlora on a 4090 — what's the longest context I can train with?",
    'Max sequence length\nllama 3 8b lora on a single a100 80gb, how far can I push it?',
    '7b lora on a100 max seq',
  ])('the bound asked with no value stays "max seq": %s', (text) => {
    expect(read(text).scenario.question.kind).toBe('maxSeq');
  });
});

describe('memory a message says is enough is the card it sizes, not memory used (first sight 3 of 7)', () => {
  /** The card's stated memory in GB as the user wrote it (a bare "24G" is 24 GiB or 24 GB, whichever the reader keeps). */
  const cardGB = (text: string) => {
    const bytes = read(text).scenario.hardware?.capacityBytes;
    return bytes === undefined ? undefined : [Math.round(bytes / 2 ** 30), Math.round(bytes / 1e9)];
  };

  it('c2681 (a maintainer\'s reply): "需要24G显存就可以" is a 24 GB card, said with its words', () => {
    const { said } = read(corpus('c2681').text);
    expect(cardGB(corpus('c2681').text)).toContain(24);
    expect(said).toMatch(/words saying it is enough/);
  });

  it.each([
    ['qwen-7b lora 推理只需要16G显存就够了', 16],
    ['chatglm2-6b p-tuning, seq 1024: it needs about 20GB of VRAM, which is enough', 20],
    ['baichuan-13b qlora 需要40G显存就行，batch size 调小', 40],
    ['llama 2 7b qlora는 12GB만 있으면 충분합니다', 12],
  ])('%s', (text, gib) => {
    expect(cardGB(text)).toContain(gib);
  });

  it.each(['llama-7b lora fp16加载需要14G显存，训练大概需要18G', 'mistral 7b inference uses 15GB of VRAM on my machine'])(
    'memory said as used stays no card: %s',
    (text) => {
      expect(read(text).scenario.hardware).toBeNull();
    },
  );
});
