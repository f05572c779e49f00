import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD } from '../../bench/variations/patterns.js';
import { SHAPE_TRANSFORMS } from '../../bench/variations/shapes.js';
import type { Transform } from '../../bench/variations/transforms.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * The shapes family of bench:variations (issue 22) changes only the shape of a message: under each
 * transform's `keeps` view the line before and after is the same, and — a check that knows nothing
 * of the transforms — every number and card of the setup survives the rewrite, whatever notation it
 * takes ("2x A100" → "two A100s", "4096" → "4k", "A100 80GB" → "NVIDIA A100-SXM4-80GB").
 */

const corpus: string[] = loadCorpus().map((l) => l.text);

const byId = (id: string): Transform => SHAPE_TRANSFORMS.find((t) => t.id === id)!;

const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8 };
const CJK_NUMBERS: Record<string, number> = { 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 한: 1, 두: 2, 세: 3, 네: 4, 다섯: 5, 여섯: 6, 일곱: 7, 여덟: 8 };

/** The setup's numbers and cards of a text as a bag, each notation read as one: words and CJK numerals as digits, "4k" and "4,096" as 4096. */
function setupTokens(text: string): string[] {
  const t = text
    .replace(/\b(one|two|three|four|five|six|seven|eight)\b/gi, (w) => String(WORD_NUMBERS[w.toLowerCase()]))
    .replace(/(一|两|二|三|四|五|六|七|八)(?=张|块|卡|台)|(한|두|세|네|다섯|여섯|일곱|여덟) ?(?=장)/g, (w) => String(CJK_NUMBERS[w.trim()]))
    .replace(/(?<![\w.,])(\d+(?:\.\d+)?)[kK](?!\w)/g, (_m, n: string) => String(Math.round(Number(n) * 1024)))
    .replace(/(\d),(?=\d{3}\b)/g, '$1');
  const numbers = t.match(/(?<![A-Za-z\d.])\d+(?:\.\d+)?/g) ?? [];
  const cards = (t.match(new RegExp(`(?<![\\w/])${CARD}(?=s?(?![\\w/]))`, 'gi')) ?? []).map((c) => c.toUpperCase().replace(/^RTX ?/, '').replace(/ ?TI$/, 'TI'));
  return [...numbers.map((n) => `#${Number(n)}`), ...cards];
}

/** Whether every token of `before` is in `after`, counted. */
function survives(before: string[], after: string[]): string[] {
  const left = [...after];
  return before.filter((tok) => {
    const i = left.indexOf(tok);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

/** Setup lines built from the pieces the shapes rewrite, with prose and config around them. */
const piece = fc.constantFrom(
  'fine-tune', 'Qwen2.5-7B-Instruct', 'Qwen/Qwen2.5-7B-Instruct', 'llama-2-13b', 'on', '2x A100 80GB', 'A100-80G', 'V100 32G', '4 GPUs', 'RTX 4090',
  'two 3090s', '两张A100', 'A100 80G 4장', 'seq len 4096', 'context length of 8k', '16,384 tokens', 'batch size 2', 'with vllm', 'with deepspeed',
  'per_device_train_batch_size: 4', '--max-model-len 8192', 'lora_rank: 16', 'with', '?', '.', 'Hi,', 'it OOMs',
);
const generated = fc.array(fc.tuple(piece, fc.constantFrom(' ', '\n', ', ')), { minLength: 1, maxLength: 10 }).map((parts) => parts.map(([p, sep]) => p + sep).join(''));

describe('shape transforms keep the setup', () => {
  it('every shape has an id, a description and a real example of it, cited', () => {
    expect(new Set(SHAPE_TRANSFORMS.map((t) => t.id)).size).toBe(SHAPE_TRANSFORMS.length);
    for (const t of SHAPE_TRANSFORMS) {
      expect(t.description.length).toBeGreaterThan(10);
      expect(t.seen).toMatch(/\S+\/\S+#\d+/);
    }
  });

  for (const t of SHAPE_TRANSFORMS) {
    it(`${t.id}: on the corpus, the kept view is the same and the setup's numbers and cards survive`, () => {
      let applied = 0;
      for (const text of corpus) {
        const variant = t.apply(text);
        if (variant === null) continue;
        applied++;
        expect(variant).not.toBe(text);
        expect(t.keeps(variant)).toBe(t.keeps(text));
        expect(survives(setupTokens(text), setupTokens(variant)), variant).toEqual([]);
      }
      // A shape the corpus never takes measures nothing.
      expect(applied).toBeGreaterThan(0);
    });

    it(`${t.id}: on generated setup lines, the same`, () => {
      fc.assert(
        fc.property(generated, (text) => {
          const variant = t.apply(text);
          if (variant === null) return;
          expect(variant).not.toBe(text);
          expect(t.keeps(variant)).toBe(t.keeps(text));
          expect(survives(setupTokens(text), setupTokens(variant)), variant).toEqual([]);
        }),
        { numRuns: 200 },
      );
    });
  }
});

describe('what each shape writes', () => {
  const cases: [string, string, string | null][] = [
    ['prose-wrapped', 'fine-tune llama-2-7b on a 3090', "I'm trying to get this to work: fine-tune llama-2-7b on a 3090 — any idea why it OOMs?"],
    ['prose-wrapped', '### Running on 1 x H100', null],
    ['config-fenced', 'my config:\nper_device_train_batch_size: 4\nlora_rank: 16', 'my config:\n```yaml\nper_device_train_batch_size: 4\nlora_rank: 16\n```'],
    ['model-as-hub-id', 'serve Qwen2.5-7B-Instruct on a 4090', 'serve Qwen/Qwen2.5-7B-Instruct on a 4090'],
    ['model-as-hub-id', 'fine-tune llama-7b on a 3090', null],
    ['model-plain-name', 'serve Qwen/Qwen2.5-7B-Instruct on a 4090', 'serve Qwen2.5 7B Instruct on a 4090'],
    ['model-plain-name', 'vllm serve Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2', null],
    ['model-hub-lowercase', 'serve Qwen/Qwen2.5-7B-Instruct on a 4090', 'serve qwen2.5-7b-instruct on a 4090'],
    ['card-product-name', 'on 8x A100 80GB and a V100 32G', 'on 8x NVIDIA A100-SXM4-80GB and a Tesla V100-SXM2-32GB'],
    ['card-product-name', 'on a 4090 and an RTX 3090', 'on a NVIDIA GeForce RTX 4090 and an NVIDIA GeForce RTX 3090'],
    ['card-product-name', 'on a NVIDIA A100', null],
    ['count-in-words', 'serve it on 2x A100 and 8 GPUs', 'serve it on two A100s and eight GPUs'],
    ['count-in-words', 'fine-tune on 2x A100 80GB', 'fine-tune on two A100 80GB'],
    ['count-in-words', 'train on 4x8 A100 nodes', null],
    ['count-in-words', 'with 2 gpu layers on 4 A6000 ada', 'with 2 gpu layers on four A6000 ada'],
    ['model-as-hub-id', 'deploy Qwen3-32B-Q6_K on 3 GPUs', null],
    ['prose-to-config', 'fine-tune llama with micro batch size 1 / batch_size 32', 'fine-tune llama with the batch size below / batch_size 32\n\n```yaml\nper_device_train_batch_size: 1\n```'],
    ['count-cjk-words', '用2张A100跑，A100 80G 4장으로', '用两张A100跑，A100 80G 네 장으로'],
    ['length-as-k', 'fine-tune with seq len 4096 on 2 GPUs', 'fine-tune with seq len 4k on 2 GPUs'],
    ['length-as-k', 'fine-tune with batch size 4096', null],
    ['length-k-spelled', 'llama 3 8B with full 8K context', 'llama 3 8B with full 8192 context'],
    ['length-thousands-comma', 'a context length of 16384 tokens', 'a context length of 16,384 tokens'],
    ['length-word-as-key', 'fine-tune with seq len 4096', 'fine-tune with max_seq_length 4096'],
    ['length-word-as-context', 'fine-tune with max_seq_length 32768', 'fine-tune with context of 32768'],
    ['prose-to-config', 'fine-tune llama-2-7b with lora, batch size 2 and seq len 4k', 'fine-tune llama-2-7b with lora, the batch size below and the length below\n\n```yaml\nper_device_train_batch_size: 2\nmax_seq_length: 4096\n```'],
    ['prose-to-config', 'serve llama-3-8b with vllm, context length 8192', 'serve llama-3-8b with vllm, the length below\n\n```yaml\nmax-model-len: 8192\n```'],
    ['prose-to-config', 'zero3 with deepspeed, batch size of 1', 'zero3 with deepspeed, the batch size below\n\n```json\n{\n  "train_micro_batch_size_per_gpu": 1\n}\n```'],
  ];
  for (const [id, before, after] of cases) {
    it(`${id}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`, () => {
      expect(byId(id).apply(before)).toBe(after);
    });
  }

  it('the logs pasted after a request hold no setup of their own: no card, and every digit in a log line', () => {
    for (const id of ['pip-tail-after', 'nvidia-smi-header-after', 'tqdm-after', 'traceback-after']) {
      const variant = byId(id).apply('fine-tune llama-2-7b on a 3090')!;
      const added = variant.slice('fine-tune llama-2-7b on a 3090'.length);
      expect(added.match(new RegExp(`(?<![\\w/])${CARD}(?![\\w/])`, 'g'))).toBeNull();
      expect(byId(id).keeps(variant)).toBe('fine-tune llama-2-7b on a 3090');
    }
  });
});
