import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRANSFORMS, type Transform } from '../../bench/variations/transforms.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * The variation transforms of bench:variations (issue 22) change only what each claims to change:
 * under its `keeps` view the line before and after the rewrite is the same, and a rewrite that
 * applies does change the line. No test here looks at the bench's figures.
 */

const corpus: string[] = loadCorpus().map((l) => l.text);

const byId = (id: string): Transform => TRANSFORMS.find((t) => t.id === id)!;

/** Lines built from the pieces the transforms rewrite, in any order, with prose and config around them. */
const piece = fc.constantFrom(
  'A100 80GB', '80G A100', 'A100-80G', '8x A100', '4*H100', '8 × H20', 'rtx 4090', 'RTX 3090 24G', 'Llama-2-7b', 'qwen2-7b',
  'A100(80G)', 'A100 (80G)', 'per_device_train_batch_size: 4', 'per_device_train_batch_size=4', '--per_device_train_batch_size 4',
  'lora_rank: 16', '训练', '显存：80G，', '（', '）', 'Hi all,', 'Thanks in advance!', 'fine-tune', 'on', 'with', '?', '.', 'meta-llama/Llama-2-7b-hf',
);
const generated = fc.array(fc.tuple(piece, fc.constantFrom(' ', '  ', '\n', '')), { minLength: 1, maxLength: 10 }).map((parts) => parts.map(([p, sep]) => p + sep).join(''));

describe('variation transforms keep what they claim to keep', () => {
  it('every transform has an id, a description and a corpus line written its way', () => {
    expect(new Set(TRANSFORMS.map((t) => t.id)).size).toBe(TRANSFORMS.length);
    for (const t of TRANSFORMS) {
      expect(t.description.length).toBeGreaterThan(10);
      expect(t.seen).toMatch(/c\d{3} \S+\/\S+#\d+/);
    }
  });

  for (const t of TRANSFORMS) {
    it(`${t.id}: a rewritten corpus line is its line under the kept view`, () => {
      let applied = 0;
      for (const text of corpus) {
        const variant = t.apply(text);
        if (variant === null) continue;
        applied++;
        expect(variant).not.toBe(text);
        expect(t.keeps(variant)).toBe(t.keeps(text));
      }
      // A transform that finds nothing in the corpus measures nothing.
      expect(applied).toBeGreaterThan(0);
    });

    it(`${t.id}: a rewritten generated line is its line under the kept view`, () => {
      fc.assert(
        fc.property(generated, (text) => {
          const variant = t.apply(text);
          return variant === null || (variant !== text && t.keeps(variant) === t.keeps(text));
        }),
        { numRuns: 300 },
      );
    });
  }
});

describe('what each transform writes', () => {
  const cases: [string, string, string | null][] = [
    ['space-before-paren', 'finetune on A100(80G) please', 'finetune on A100 (80G) please'],
    ['space-before-paren', '    model = AutoModel.from_pretrained(path)', null],
    ['double-space', 'fine-tune llama on 8 A100', 'fine-tune  llama  on  8  A100'],
    ['card-lowercase', 'training on RTX 4090', 'training on rtx 4090'],
    ['model-uppercase', 'fine-tune Llama-2-7b from meta-llama/Llama-2-7b-hf', 'fine-tune LLAMA-2-7B from meta-llama/Llama-2-7b-hf'],
    ['count-times-sign', 'serve it on 8x A100', 'serve it on 8× A100'],
    ['count-star', 'serve it on 8x A100', 'serve it on 8* A100'],
    ['count-x', '2*8*h20训练7b模型', null],
    ['memory-G-to-GB', 'on A100 80G', 'on A100 80GB'],
    ['memory-spaced', 'RoCE 200Gb/s and A100 80GB', 'RoCE 200Gb/s and A100 80 GB'],
    ['memory-GiB', 'an A800-SXM4-80GB in nvidia-smi, 24G free', 'an A800-SXM4-80GB in nvidia-smi, 24GiB free'],
    ['memory-before-card', 'Can we use A100 40G to finetune', 'Can we use 40G A100 to finetune'],
    ['memory-after-card', 'I use 4*80G A100 to launch', 'I use 4*A100 80G to launch'],
    ['card-hyphen-memory', 'on A100 80GB and 40GB A100', 'on A100-80G and A100-40G'],
    ['cjk-fullwidth', '我用 A100 (80G), 显存: 不够', '我用 A100 （80G），显存：不够'],
    ['cjk-halfwidth', '显存：80G，不够', '显存:80G,不够'],
    ['key-colon-to-equals', 'stage: sft\nper_device_train_batch_size: 4', 'stage: sft\nper_device_train_batch_size=4'],
    ['key-colon-to-flag', '  lora_rank: 16  # rank', '  --lora_rank 16  # rank'],
    ['key-colon-dropped', 'cutoff_len: 400', 'cutoff_len 400'],
    ['key-colon-dropped', '    batch_size_training: int=2', null],
    ['key-equals-to-colon', 'per_device_train_batch_size=2', 'per_device_train_batch_size: 2'],
    ['key-equals-to-colon', '    data.train_batch_size=1024 \\', null],
    ['key-flag-to-equals', '--per_device_train_batch_size 4 \\', '--per_device_train_batch_size=4 \\'],
    ['greeting-before', 'fine-tune llama-7b on a 3090', 'Hi all, fine-tune llama-7b on a 3090'],
    ['thanks-after', 'fine-tune llama-7b on a 3090', 'fine-tune llama-7b on a 3090\nThanks in advance!'],
    ['sentence-swap', 'I fine-tune llama-7b with LoRA. My card is one RTX 3090.', 'My card is one RTX 3090. I fine-tune llama-7b with LoRA.'],
    ['sentence-swap', 'I fine-tune llama-7b with LoRA. It runs out of memory.', null],
    ['question-mark-added', 'can I fine-tune llama-7b on a 3090.', 'can I fine-tune llama-7b on a 3090?'],
    ['question-mark-added', './main -m model.bin -n 128', null],
    ['question-mark-dropped', 'can I fine-tune llama-7b on a 3090?', 'can I fine-tune llama-7b on a 3090'],
  ];
  for (const [id, before, after] of cases) {
    it(`${id}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`, () => {
      expect(byId(id).apply(before)).toBe(after);
    });
  }
});
