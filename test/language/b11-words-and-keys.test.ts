import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b11's causes (test/corpus/first-sight.md): training said in Korean and Japanese, a
 * framework's own keys (ms-swift, mlx-lm, LLaMA-Factory's section headings), and a question about
 * a setting taken for the setting. Each with the real line and phrasings of our own.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const canonical = (text: string) => canonicalText(read(text).scenario);
const mode = (text: string) => read(text).scenario.mode;

describe('training said in Korean and Japanese', () => {
  it('"polyglot-ko-12.8b 모델을 A100 80G 2 대로 학습하는 것도 가능할까요?" trains it (Beomi/KoAlpaca#43, c469)', () => {
    expect(read(lineText('c469')).scenario.mode).toBe('full');
  });

  it('"학습 환경으로 … A100 80GB * 8" trains on eight cards (Beomi/KoAlpaca#53, c468)', () => {
    const { scenario } = read(lineText('c468'));
    expect(scenario.mode).toBe('full');
    expect(scenario.hardware?.count).toBe(8);
  });

  it.each([
    ['llama-2-7b 학습 on 2x A100 80GB', 'full'],
    ['llama-2-7b를 A100 80G 2장으로 훈련을 돌리는데 OOM', 'full'],
    ['llama-2-7b 파인튜닝 on 1x 4090', 'full'],
    ['llama-2-7b lora 미세조정, 4090 1장', 'lora'],
    ['llama-2-7b を A100 80GB 2枚で学習したい', 'full'],
    ['llama-2-7b のファインチューニング on 1x A100 80GB', 'full'],
  ])('"%s" is a training run (invented)', (text, expected) => {
    expect(mode(text)).toBe(expected);
  });

  it('a longer Korean word holding a training stem is not a training word ("사전학습" is pre-training)', () => {
    // Read as the model run, never as a fine-tune from a stem inside another word.
    expect(mode('llama-2-7b 사전학습 데이터 추론 on 1x A100 80GB')).toBe('inference');
  });

  it('the particle glued to a training word never changes the reading (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('학습', '훈련', '파인튜닝'), fc.constantFrom('', '을', '을 하는데', '하는', '시키려고', '이'), (stem, tail) => {
        expect(mode(`llama-2-7b ${stem}${tail} on 2x A100 80GB`)).toBe('full');
      }),
      { numRuns: 30 },
    );
  });
});

describe('a framework\'s own keys', () => {
  it('ms-swift 2.x `--sft_type lora` is LoRA (modelscope/ms-swift#1859, c483; #2753, c488)', () => {
    expect(mode(lineText('c483'))).toBe('lora');
    expect(mode(lineText('c488'))).toBe('lora');
  });

  it.each([
    ['swift sft --model qwen/Qwen2-7B-Instruct --sft_type full on 4x A100 80GB', 'full'],
    ['swift sft --model qwen/Qwen2-7B-Instruct --sft_type longlora on 4x A100 80GB', 'lora'],
    ['swift sft --model qwen2-7b --train_type lora --deepspeed default-zero2 on 4x A100 80GB', 'lora'],
  ])('%j is %s (invented)', (text, expected) => {
    expect(mode(text)).toBe(expected);
  });

  it('mlx-lm\'s YAML: batch_size is the batch, iters a count of steps, lora_parameters the adapters (ml-explore/mlx#1406, c472)', () => {
    const { scenario } = read(lineText('c472'));
    expect(scenario.microBatch).toBe(4);
    expect(scenario.seq).toBe(8192);
    expect(scenario.lora?.rank).toBe(16);
    expect(scenario.lora?.targets).toEqual(['q', 'v']);
  });

  it('a count of steps on the line after a batch is never the batch (invented, any order of keys)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 100, max: 99999 }), fc.constantFrom('iters', 'steps', 'epochs', 'save_every', 'steps_per_eval'), (bs, n, key) => {
        const yaml = `model: "meta-llama/Meta-Llama-3.1-8B-Instruct"\nbatch_size: ${bs}\n${key}: ${n}\nmax_seq_length: 2048\n`;
        expect(read(`lora on 1x A100 80GB\n\`\`\`yaml\n${yaml}\`\`\``).scenario.microBatch).toBe(bs);
      }),
      { numRuns: 40 },
    );
  });

  it('mlx-lm `grad_checkpoint: true` is checkpointing (invented)', () => {
    const yaml = 'model: "meta-llama/Meta-Llama-3.1-8B-Instruct"\nbatch_size: 2\ngrad_checkpoint: true\n';
    expect(canonical(`lora on 1x A100 80GB\n\`\`\`yaml\n${yaml}\`\`\``)).toMatch(/ gc /);
  });

  it('LLaMA-Factory\'s "### ddp" section heading is no DDP beside a ZeRO-3 offload file (hiyouga/LlamaFactory#4642, c490)', () => {
    const text = canonical(lineText('c490'));
    expect(text).toMatch(/zero3 offload optimizer offload params/);
    expect(text).toMatch(/seq 32768/);
  });

  it('a heading that is a section name, in any markdown depth, sets nothing (invented)', () => {
    for (const heading of ['# ddp', '### ddp', '## train', '#### method']) {
      const text = `qwen2-7b lora\n${heading}\ndeepspeed: ds_z3_offload_config.json\non 1x A800 80GB`;
      expect(canonical(text)).toMatch(/zero3 offload optimizer offload params/);
    }
  });
});

describe('a question about a setting is not the setting', () => {
  it('"有没有设置TP，PP这些的地方" sets no tp (modelscope/ms-swift#2743, c482)', () => {
    const { scenario, said } = read(lineText('c482'));
    expect(scenario.parallel?.tp ?? 1).toBe(1);
    expect(said).toMatch(/asks about a setting/);
  });

  it.each([
    'llama-2-13b full finetune on 8x A100 80GB, where do I set tp?',
    'llama-2-13b full finetune on 8x A100 80GB. Is there a way to set tensor parallel?',
    'llama-2-13b 全量微调 8x A100 80GB，怎么设置张量并行？',
    'llama-2-13b 全量微调 8x A100 80GB，在哪里设置tp和pp',
  ])('%j sets no tp (invented)', (text) => {
    const { scenario, said } = read(text);
    expect(scenario.parallel?.tp ?? 1).toBe(1);
    expect(scenario.parallel?.pp ?? 1).toBe(1);
    expect(said).toMatch(/asks about a setting/);
  });

  it('"should I use zero3?" leaves the sharding as said elsewhere (invented)', () => {
    const asked = read('llama-2-13b full finetune on 8x A100 80GB, should I use zero3?').scenario;
    const plain = read('llama-2-13b full finetune on 8x A100 80GB').scenario;
    expect(canonicalText(asked)).toBe(canonicalText(plain));
  });

  it.each([
    'qwen2.5-14b full zero3 on 2 nodes of 4x L40S 48GB. Will this fit or do we need CPU offload?',
    'qwen2.5-14b full zero3 on 8x L40S 48GB, do I need offloading?',
    'qwen2.5-14b full zero3 on 8x L40S 48GB — would we need to enable CPU offloading?',
  ])('whether a setting is needed is no setting: %j leaves offload off (invented)', (text) => {
    const { scenario, said } = read(text);
    expect(scenario.offload).toEqual(read('qwen2.5-14b full zero3 on 8x L40S 48GB').scenario.offload);
    expect(said).toMatch(/asks about a setting/);
  });

  it('stating it still sets it: "with cpu offload" offloads', () => {
    expect(canonical('qwen2.5-14b full zero3 with cpu offload on 8x L40S 48GB')).toMatch(/offload/);
  });

  it('a value makes it a setting: "how do I set tp to 4" and "tp 4" still set tp 4', () => {
    expect(canonical('llama-2-70b serve on 8x A100 80GB, how do I set tp to 4')).toMatch(/tp 4/);
    expect(canonical('llama-2-70b serve on 8x A100 80GB tp 4')).toMatch(/tp 4/);
  });

  it('a method asked how to run is the request: "如何lora微调LLaMA2 13b" is LoRA', () => {
    expect(mode('请问4090的4卡如何lora微调LLaMA2 13b')).toBe('lora');
  });
});
