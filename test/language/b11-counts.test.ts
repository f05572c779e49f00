import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b11's first causes (test/corpus/first-sight.md): GPU counts said in a launcher, with a
 * Chinese numeral, and list markers that are no count. Each with the real line and phrasings of
 * our own.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const gpusOf = (text: string) => {
  const { scenario } = read(text);
  return { count: scenario.hardware!.count, gpu: scenario.hardware!.gpuId };
};
const scan = (text: string) => scanHardware(normalise(text).text);

describe('cards counted with a Chinese numeral', () => {
  it('"双卡4090 lora微调Baichuan13b" is two RTX 4090 (hiyouga/LlamaFactory#634, c489)', () => {
    expect(gpusOf(lineText('c489'))).toEqual({ count: 2, gpu: 'rtx-4090' });
  });

  it.each([
    ['双卡4090跑qwen2-7b lora', 2, 'rtx-4090'],
    ['我的显卡是双卡4090，想lora微调qwen2-7b', 2, 'rtx-4090'],
    ['四张A100 80G全量微调llama-7b', 4, 'a100-80g'],
    ['八卡H100 训练 llama-2-13b 全参', 8, 'h100-80g'],
    ['单卡4090推理qwen2-7b', 1, 'rtx-4090'],
    ['qwen2-7b lora, 两块3090', 2, 'rtx-3090'],
  ])('"%s" is %i × %s (invented)', (text, count, gpu) => {
    expect(gpusOf(text)).toEqual({ count, gpu });
  });

  it('"单卡显存12G" is each card\'s memory, never a count of one beside "4张2080Ti"', () => {
    const readings = scan('GPU硬件 4张2080Ti，单卡显存12G').readings;
    expect(readings.map((r) => r.count)).not.toContain(1);
    expect(gpusOf('GPU硬件 4张2080Ti，单卡显存12G, chatglm-6b qlora')).toEqual({ count: 4, gpu: 'rtx-2080-ti' });
  });

  it('a Chinese numeral and digits count the same cards (property)', () => {
    const numerals: [string, number][] = [['双', 2], ['两', 2], ['三', 3], ['四', 4], ['六', 6], ['八', 8]];
    const cards = ['4090', 'a100', 'h100', 'v100', '3090'];
    fc.assert(
      fc.property(fc.constantFrom(...numerals), fc.constantFrom(...cards), fc.constantFrom('卡', '张', '块'), ([word, n], card, counter) => {
        const said = scan(`${word}${counter}${card} 微调 llama-7b`).readings[0];
        const digits = scan(`${n}${counter}${card} 微调 llama-7b`).readings[0];
        expect(said?.count).toBe(n);
        expect(said?.gpuId).toBe(digits?.gpuId);
      }),
      { numRuns: 60 },
    );
  });
});

describe('a launcher\'s count is the run\'s', () => {
  it('"4张2080Ti … 指定单卡运行" with CUDA_VISIBLE_DEVICES=0 is one 2080 Ti (shuxueslpi/chatGLM-6B-QLoRA#29, c471)', () => {
    expect(gpusOf(lineText('c471'))).toEqual({ count: 1, gpu: 'rtx-2080-ti' });
  });

  it.each([
    ['llama-2-7b lora, my server has 4x 3090\nCUDA_VISIBLE_DEVICES=0 python train.py', 1],
    ['llama-2-7b lora, my server has 4x 3090\ntorchrun --nproc_per_node 1 train.py', 1],
    ['llama-2-7b lora on 8x A100 80GB\ndeepspeed --include localhost:0,1 train.py', 2],
    ['llama-2-7b lora on 8x A100 80GB\ndeepspeed --include localhost:3 train.py', 1],
    ['llama-2-7b lora, 8 A100 in the box\ndeepspeed --num_gpus 1 train.py', 1],
  ])('%j runs on %i of the machine\'s cards (invented)', (text, count) => {
    expect(gpusOf(text).count).toBe(count);
  });

  it('a launcher of one device alone says nothing that asks "Which GPU?"', () => {
    const { scenario } = read('CUDA_VISIBLE_DEVICES=0 python train.py --model_name_or_path meta-llama/Llama-2-7b-hf --lora_rank 8 on 3090');
    expect(scenario.hardware!.count).toBe(1);
  });
});

describe('a list marker is no number of the setup', () => {
  it('"2、用3090部署qwen-vl-7b" is one 3090, not two (xorbitsai/inference#3582, c494)', () => {
    const { scenario } = read(lineText('c494'));
    expect(scenario.hardware!.count).toBe(1);
    expect(scenario.hardware!.gpuId).toBe('rtx-3090');
  });

  it.each([
    '2、用3090部署qwen2-7b',
    '1. llama-7b lora\n2. 3090 24GB',
    '(3) 3090上部署qwen2-7b',
    '  2) deploy qwen2-7b on 3090',
  ])('%j counts one card (invented)', (text) => {
    expect(scan(text).readings.every((r) => r.count === null || r.count === 1)).toBe(true);
    expect(gpusOf(text).count).toBe(1);
  });

  it('a count that starts a line without a list mark still counts: "2x 3090" and "2 3090s"', () => {
    expect(gpusOf('qwen2-7b serve\n2x 3090').count).toBe(2);
    expect(gpusOf('qwen2-7b serve\n2 3090s').count).toBe(2);
  });
});

describe('the launcher picks the run among counts said in prose', () => {
  it('"README … A100 80G 1장 … A100 80G 4장으로 훈련" beside `--nproc_per_node=4` is four A100 (Beomi/KoAlpaca#13, c466)', () => {
    const { scenario, said } = read(lineText('c466'));
    expect(scenario.hardware).toMatchObject({ count: 4, gpuId: 'a100-80g' });
    expect(said).toMatch(/"A100 80G 1장" set aside/);
  });

  it.each([
    ['the README trained it on 1x A100 80GB; I train on 4x A100 80GB and get OOM\ntorchrun --nproc_per_node 4 train.py --model_name_or_path meta-llama/Llama-2-7b-hf', 4],
    ['they used 8x H100; we have 2x H100\ndeepspeed --num_gpus 2 train.py --model_name_or_path meta-llama/Llama-2-7b-hf', 2],
    ['I have 2x A100 80GB, the paper used 8x A100 80GB\naccelerate launch --num_processes 2 train.py --model_name_or_path meta-llama/Llama-2-7b-hf', 2],
  ])('%j runs on the launcher\'s %i (invented)', (text, count) => {
    expect(read(text).scenario.hardware?.count).toBe(count);
  });

  it('a launcher that matches no count said leaves the counts for the reader to weigh (no card dropped by it)', () => {
    const { said } = read('I have 2x A100 80GB, the paper used 8x A100 80GB\ntorchrun --nproc_per_node 4 train.py --model_name_or_path meta-llama/Llama-2-7b-hf');
    expect(said).not.toMatch(/set aside: the launcher starts/);
  });
});

describe('an environment report lists the machine\'s cards', () => {
  it('"GPU 0,1,2,3,4,5,6,7: Tesla V100-PCIE-32GB" is eight V100, never a count of 0; served with --tp 4 on four (InternLM/lmdeploy#1032, c492)', () => {
    const { scenario, said } = read(lineText('c492'));
    expect(scenario.hardware).toMatchObject({ count: 4, gpuId: 'v100-32g' });
    expect(said).toMatch(/4 of the machine's 8 cards/);
  });

  it.each([
    ['GPU 0,1: NVIDIA A100-SXM4-80GB', 2],
    ['GPU 0,1,2,3: NVIDIA GeForce RTX 3090', 4],
    ['GPU 0: NVIDIA GeForce RTX 3090\nGPU 1,2: NVIDIA GeForce RTX 3090', 3],
  ])('%j in a report is %i cards (invented)', (report, count) => {
    const text = `llama-2-7b lora OOM\n\n\`\`\`\nsys.platform: linux\nCUDA available: True\n${report}\nPyTorch: 2.0.1+cu117\n\`\`\``;
    expect(read(text).scenario.hardware?.count).toBe(count);
  });

  it('a training run keeps the machine\'s count; a split equal to the machine leaves it as is', () => {
    const report = '```\nsys.platform: linux\nGPU 0,1,2,3,4,5,6,7: Tesla V100-PCIE-32GB\nPyTorch: 2.0.1+cu117\n```';
    expect(read(`llama-2-7b full finetune zero3\n${report}`).scenario.hardware?.count).toBe(8);
    expect(read(`lmdeploy serve api_server llama-2-7b --tp 8\n${report}`).scenario.hardware?.count).toBe(8);
  });
});
