import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusFiles, judge, load, type Line } from '../../bench/language.js';
import { REWORDINGS } from '../../bench/variations/rewordings.js';
import { SHAPE_TRANSFORMS } from '../../bench/variations/shapes.js';
import { TRANSFORMS, type Transform } from '../../bench/variations/transforms.js';
import { readNoticed } from './reading-fixtures.js';

/**
 * Issue 22: a line that reads right still reads right written a little differently (bench:variations).
 * A fixed-seed sample of corpus lines × meaning-preserving transforms keeps its reading; then the
 * three causes the bench found, each with its real lines and invented variations: a "device:" key
 * before cards in prose, a "GPUs:" key before a count and a card, and a working run's sentence typed
 * with its spaces doubled.
 */

const ALL: readonly Transform[] = [...TRANSFORMS, ...SHAPE_TRANSFORMS, ...REWORDINGS];

/**
 * Line × transform pairs bench:variations still finds reading differently (each a known miss of its
 * own cause, listed in the bench's table): a sample that lands on one is no new regression.
 */
const KNOWN = new Set([
  'c859 paren-space-dropped', 'c360 double-space', 'c701 double-space', 'c1073 double-space', 'c1094 double-space',
  'c1106 memory-GiB', 'c105 memory-before-card', 'c715 cjk-halfwidth', 'c001 key-colon-to-equals', 'c320 key-colon-dropped',
  'c337 key-colon-dropped', 'c582 key-equals-to-colon', 'c161 sentence-swap', 'c579 sentence-swap', 'c990 question-mark-added',
  'c155 prose-wrapped', 'c337 prose-wrapped', 'c990 model-as-hub-id', 'c283 card-product-name', 'c348 count-in-words',
  'c384 count-in-words', 'c1076 count-in-words', 'c589 length-k-spelled', 'c508 length-word-as-key', 'c1101 length-word-as-key',
  'c508 length-word-as-context', 'c155 prose-to-config', 'c1076 count-after-card', 'c219 cards-on', 'c1264 double-space',
]);

describe('a line that reads right reads the same rewritten (sampled, fixed seed)', () => {
  // The held-out batch (b30) is never read here.
  const lines: Line[] = load(corpusFiles([])).filter((l) => l.reading !== null && !l.expect && l.batch !== 'b30');

  it('every sampled line × transform that applies keeps its reading', () => {
    const checked: string[] = [];
    fc.assert(
      fc.property(fc.nat({ max: lines.length - 1 }), fc.nat({ max: ALL.length - 1 }), (i, k) => {
        const line = lines[i]!;
        const transform = ALL[k]!;
        const variant = transform.apply(line.text);
        if (variant === null || KNOWN.has(`${line.id} ${transform.id}`) || judge(line).verdict !== 'right') return true;
        checked.push(`${line.id} ${transform.id}`);
        const result = judge({ ...line, text: variant });
        if (result.verdict !== 'right') throw new Error(`${line.id} ${transform.id}: ${result.verdict}\n${result.detail}`);
        return true;
      }),
      { seed: 22, numRuns: 70 },
    );
    // A sample that reached no line measured nothing.
    expect(checked.length).toBeGreaterThan(5);
  }, 90_000);
});

describe('the rewordings keep what they claim to keep', () => {
  const texts = load(corpusFiles([])).filter((l) => l.batch !== 'b30').map((l) => l.text);
  for (const t of REWORDINGS) {
    it(`${t.id}: a rewritten corpus line is its line under the kept view (${t.seen.slice(0, 40)}…)`, () => {
      let applied = 0;
      for (const text of texts) {
        const variant = t.apply(text);
        if (variant === null) continue;
        applied++;
        expect(variant).not.toBe(text);
        expect(t.keeps(variant)).toBe(t.keeps(text));
      }
      expect(applied).toBeGreaterThan(0);
    });
  }

  it.each([
    ['count-after-card', 'llama-2-7b full on 4x A100 80GB', 'llama-2-7b full on A100 80GB x4'],
    ['count-after-card', 'qwen2-7b lora on 8*A100-80G', 'qwen2-7b lora on A100-80G x8'],
    ['count-plural-paren', 'llama-2-7b full on 4x A100 80GB', 'llama-2-7b full on 4 A100s (80 GB)'],
    ['length-as-tokens', 'Fine-tuning llama-2-7b with seq len 4096 on 8 A100', 'Fine-tuning llama-2-7b with 4096 tokens on 8 A100'],
    ['length-key-equals', 'Fine-tuning llama-2-7b with seq len 4096 on 8 A100', 'Fine-tuning llama-2-7b with max_seq_len=4096 on 8 A100'],
    ['length-key-colon', 'Fine-tuning llama-2-7b with seq len 4096 on 8 A100', 'Fine-tuning llama-2-7b with max_seq_len: 4096 on 8 A100'],
    ['batch-as-bs', 'Fine-tuning llama-2-7b with batch size of 2 on 8 A100', 'Fine-tuning llama-2-7b with bs 2 on 8 A100'],
    ['batch-size-of', 'Fine-tuning llama-2-7b with bs 2 on 8 A100', 'Fine-tuning llama-2-7b with batch size of 2 on 8 A100'],
    ['batch-as-key', 'Fine-tuning llama-2-7b with bs 2 on 8 A100', 'Fine-tuning llama-2-7b with per_device_train_batch_size=2 on 8 A100'],
    ['cards-with', 'Fine-tuning llama-2-7b on 8 A100', 'Fine-tuning llama-2-7b with 8 A100'],
    ['cards-using', 'Fine-tuning llama-2-7b on 8 A100', 'Fine-tuning llama-2-7b using 8 A100'],
    ['cards-to-front', 'Fine-tuning llama-2-7b with lora on 8x A100 80GB.', 'On 8x A100 80GB, fine-tuning llama-2-7b with lora.'],
    ['prose-lowercase', 'Fine-tuning Llama-2-7B on 8x A100 80GB', 'fine-tuning llama-2-7b on 8x a100 80gb'],
  ])('%s: %s → %s', (id, before, after) => {
    expect(REWORDINGS.find((t) => t.id === id)!.apply(before)).toBe(after);
  });

  it('a rewrite that would change the meaning is not made', () => {
    const byId = (id: string) => REWORDINGS.find((t) => t.id === id)!;
    // alpaca-lora's "micro batch size 1 / batch_size 32" (c155): "micro" tells it from the global batch.
    expect(byId('batch-as-bs').apply('it worked with lora_r 16 / micro batch size 1 / batch_size 32 on 4 A100 80gb GPUS')).toBeNull();
    // A serving message's batch is no trainer's per-device batch.
    expect(byId('batch-as-key').apply('serving llama-2-7b with vllm at batch size of 8 on a 4090')).toBeNull();
    // "with 2 gpu layers" is llama.cpp's offload; "a node equipped with 8 A100" is possession.
    expect(byId('cards-on').apply('Running llama-2-7b Q4_K_M.gguf with 2 gpu layers')).toBeNull();
    expect(byId('cards-using').apply('We train on a node equipped with 8 A100 GPUs')).toBeNull();
    // "eight L40s" would name the L40S; "RTX 2080 TIs" is no way to write it.
    expect(byId('count-plural-paren').apply('llama-2-7b on 8 L40 48GB')).toBeNull();
  });
});

const cards = (text: string) => {
  const { s } = readNoticed(text);
  return [s.hardware?.count, s.hardware?.gpuId];
};

describe('a "device:" key before cards named in prose', () => {
  it.each([
    // hpcaitech/ColossalAI#4899 (c348) writes "my device: 4*A100 80G"; the count in words read 1×.
    ['I run train_sft.py to finetune LLAMA-7B with colossalai_zero2 batch_size=1, but OOM happen.\n\nmy device: four A100 80G', 4, 'a100-80g'],
    ['llama-7b full zero2 bs 1\nmy device: 4*A100 80G', 4, 'a100-80g'],
    ['llama-7b full zero2 bs 1\ndevice: A100 80G x4', 4, 'a100-80g'],
    ['qwen2-7b lora\nDevice: two A10 GPUs', 2, 'a10'],
  ])('%s', (text, count, gpu) => {
    expect(cards(text)).toEqual([count, gpu]);
  });

  it('a device key holding device ids is still one list', () => {
    const { s } = readNoticed('llama-2-7b inference on 2x A100 80GB\ndevice: cuda');
    expect([s.hardware?.count, s.hardware?.gpuId]).toEqual([2, 'a100-80g']);
  });
});

describe('a "GPUs:" key before a count and a card', () => {
  it.each([
    // verl-project/verl#2898 (c755): the key took "4x" (or, written "H20 x4", the card) and set it aside.
    ['Qwen2.5-14B-Instruct ppo with verl\n- **GPUs**: 4x H20 (96GB each)', 4, 'h20'],
    ['Qwen2.5-14B-Instruct ppo with verl\n- **GPUs**: H20 x4 (96GB each)', 4, 'h20'],
    // ZHZisZZ/dllm#9, vllm-project/vllm#2136.
    ['llama-2-7b full fine-tune\nGPUs: 2× NVIDIA A100 (40GB each)', 2, 'a100-40g'],
    ['llama-2-13b inference with vllm\nGPUs: 2x 4090 (2x24GB)', 2, 'rtx-4090'],
    ['llama-2-13b lora\nGPUs: H100 x8', 8, 'h100-80g'],
  ])('%s', (text, count, gpu) => {
    expect(cards(text)).toEqual([count, gpu]);
  });

  it('a count after the key is still the count', () => {
    expect(cards('llama-2-7b full fine-tune on A100 80GB\ngpus: 8')).toEqual([8, 'a100-80g']);
  });
});

describe('the run that works, its sentence typed with spaces doubled', () => {
  // huggingface/transformers#27121 (c057): the LoRA run "everything is ok" is set aside, the FSDP run asked about.
  const c057 =
    '- GPU info: 4* A100 (40GB)\n- I used this script to fine-tune codellama with Lora and everything is ok, and I got the expected results.\n- I want to fine-tune codellama with fsdp and bf16, but I met the OOM problem although I set the batch size to 1.';
  it.each([
    ['as written', c057],
    ['spaces doubled', c057.replace(/(\S) (?=\S)/g, '$1  ')],
    ['one sentence doubled', c057.replace('everything is ok', 'everything  is  ok')],
    ['tabs', c057.replace('everything is ok', 'everything\tis\tok')],
  ])('%s', (_name, text) => {
    const { s, said } = readNoticed(text);
    expect([s.mode, s.sharding.kind]).toEqual(['full', 'fsdp']);
    expect(said).toMatch(/set aside as your setup's mode/);
  });
});
