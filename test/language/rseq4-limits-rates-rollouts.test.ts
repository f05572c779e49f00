import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMIT_LENGTH_RULES } from '../../src/language/reconcile/limit-lengths.js';
import { corpusLineRead, readNoticed } from './reading-fixtures.js';

/**
 * Three classes of numbers the reader took, in silence, as the run's length or micro-batch (issue 22,
 * rseq4): a length said as where the run stops (kept, weak), a token count in a rate whose denominator
 * carries a number (no length), and an RL orchestrator's batch of prompts (no micro-batch).
 */

const REACHES = /said as where your run stops: read as asking the longest length that fits/;

// rseq10: the length said as where the run stops is now read as the question "max seq", weak (it was kept
// as the run's length, weak); test/language/rseq10-length-ceilings.test.ts holds the variations.
describe('a lone length said as the most the run reaches asks the longest that fits, said weak', () => {
  it('its rule matches its own example', () => {
    expect(LIMIT_LENGTH_RULES.reached.pattern.test(LIMIT_LENGTH_RULES.reached.example)).toBe(true);
  });

  it.each([
    ["i can't get over 8k context on qwen2.5-7b with 1x 3090", 8192],
    ['serving llama-3-8b on a 4090 it cannot go past 16k tokens', 16384],
    ['llama-3-8b inference on a 4090 maxes out at 12k context', 12288],
    ['llama-3-8b on a 4090 has a context limit of 60k', 61440],
    ['llama-3-8b on a 4090, i can only get 10k context', 10240],
    ['llama-3-8b on a 4090 couldn’t go beyond 6k tokens', 6144],
    ['我用4090跑qwen2.5-7b最多只能8k上下文', 8192],
  ])('%s: max seq, the length %i said', (text, seq) => {
    const { s, said } = readNoticed(text);
    expect(s.question).toEqual({ kind: 'maxSeq' });
    expect(s.seq).not.toBe(seq);
    expect(said).toMatch(REACHES);
    expect(said).toContain(`seq ${seq}`);
  });

  it.each([
    'I set a context limit of 8k for llama-3-8b on a 4090',
    'llama-3-8b on a 4090 seq 8192',
    'llama-3-8b on a 4090 with a context of 8k tokens',
    'serve llama-3-8b on a 4090 --max-model-len 8192',
  ])('a length the user sets is no limit reached: %s', (text) => {
    const { s, said } = readNoticed(text);
    expect(s.seq).toBe(8192);
    expect(said).not.toMatch(REACHES);
  });

  it('any limit phrase and any length ask max seq and say the length (property)', () => {
    const phrases = ["i can't get over", 'it cannot go past', 'it maxes out at', 'i can only get', 'it tops out at'];
    fc.assert(
      fc.property(fc.constantFrom(...phrases), fc.constantFrom(2, 4, 6, 8, 12, 16, 24, 32, 40, 48, 64, 96, 128), (phrase, k) => {
        const { s, said } = readNoticed(`llama-3-8b inference on 1x a100-80g, ${phrase} ${k}k context`);
        expect(s.question).toEqual({ kind: 'maxSeq' });
        expect(said).toMatch(REACHES);
      }),
      { numRuns: 20 },
    );
  });

  it('c1760 (turboderp-org/exllamav3#54): "can\'t get over 8k context" is said as the limit reached', () => {
    expect(corpusLineRead('c1760').said).toMatch(REACHES);
  });
});

describe('tokens counted in a rate are no length, whatever the denominator', () => {
  it.each([
    'qwen3-30b-a3b inference on 1x 8gb with offloading to disk, i got 1 token per 255 second',
    'llama-2-70b on a 4090 offloaded, it generates 3 tokens per 10 seconds',
    'llama-2-70b on a 4090 offloaded, 2 tokens per minute',
  ])('%s', (text) => {
    const { s, said } = readNoticed(text);
    expect(s.seq).toBeGreaterThan(100);
    expect(said).toMatch(/read as traffic/);
  });

  it('any count per any number of seconds (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 2, max: 600 }), fc.constantFrom('second', 'seconds', 'sec', 'minutes'), (n, d, unit) => {
        expect(readNoticed(`llama-2-13b inference on 1x rtx-3060, i got ${n} tokens per ${d} ${unit}`).s.seq).not.toBe(n);
      }),
      { numRuns: 20 },
    );
  });

  it('c1349 (a PR running Qwen3-Coder-Next on 8 GB): "1 token per 255 second" is no length', () => {
    expect(corpusLineRead('c1349').scenario.seq).not.toBe(1);
  });
});

describe("an RL orchestrator's batch_size counts prompts, not the micro-batch", () => {
  const ROLLOUTS = /counts the prompts an RL step samples/;

  it.each([
    ['prime-rl toml', 'grpo lora qwen3-4b on 4 gpus\n```toml\nseq_len = 8192\n[orchestrator]\nbatch_size = 64\nrollouts_per_example = 8\n```'],
    ['TRL-style yaml', 'qwen2.5-7b grpo on 2x a100\n```yaml\nbatch_size: 32\nnum_generations: 8\nmax_prompt_length: 512\nmax_completion_length: 1024\n```'],
    ['OpenRLHF flags', 'qwen2.5-7b ppo on 8x a100 --batch_size 128 --n_samples_per_prompt 4'],
    ["prime-rl's dotted CLI", 'grpo lora qwen3-4b on 4 gpus --orchestrator.batch_size 64'],
  ])('%s', (_, text) => {
    const { s, said } = readNoticed(text);
    expect(s.microBatch).toBe(1);
    expect(said).toMatch(ROLLOUTS);
  });

  it('a per-GPU micro-batch beside it is still read', () => {
    expect(readNoticed('qwen2.5-7b ppo on 8x a100 --batch_size 128 --n_samples_per_prompt 4 --micro_train_batch_size 2').s.microBatch).toBe(2);
  });

  it('a batch_size with no rollout key stays the micro-batch', () => {
    const { s, said } = readNoticed('qwen2.5-7b lora on 1x a100\n```yaml\nbatch_size: 4\nmax_seq_length: 1024\n```');
    expect(s.microBatch).toBe(4);
    expect(said).not.toMatch(ROLLOUTS);
  });

  it('c1833 (PrimeIntellect-ai/prime-rl#1685): the orchestrator batch of 64 is no micro-batch', () => {
    const { scenario, said } = corpusLineRead('c1833');
    expect(scenario.microBatch).toBe(1);
    expect(scenario.seq).toBe(64000);
    expect(said).toMatch(ROLLOUTS);
  });
});

describe("an RL run's train batch size, said in words, counts over every GPU", () => {
  const GLOBAL = /read as the RL step's batch over every GPU/;

  it.each([
    'qwen2.5-7b grpo on 2x a100-80g (train batch size=512, number of rollouts=4)',
    'qwen2.5-7b ppo with openrlhf on 8x a100, training batch size of 128',
    'verl grpo qwen2.5-3b on 4x h100, train batch size 256, rollouts 8',
    'qwen2.5-7b grpo on 2x a100-80g, rollout batch size 64',
    'qwen2.5-7b ppo on 8x a100, ppo mini batch size 64',
  ])('%s: no micro-batch from it', (text) => {
    const { s, said } = readNoticed(text);
    expect(s.microBatch).toBe(1);
    expect(said).toMatch(GLOBAL);
  });

  it('the micro-batch said beside it is read', () => {
    expect(readNoticed('qwen2.5-7b ppo with openrlhf on 8x a100, training batch size of 128, micro batch 2').s.microBatch).toBe(2);
  });

  it.each([
    ['an SFT run', 'qwen2.5-7b sft on 2x a100-80g, train batch size 8'],
    ['per device words', 'qwen2.5-7b grpo on 2x a100-80g, per device train batch size 8'],
  ])('%s keeps its micro-batch', (_, text) => {
    const { s, said } = readNoticed(text);
    expect(s.microBatch).toBe(8);
    expect(said).not.toMatch(GLOBAL);
  });

  it('any global batch an RL run states is no micro-batch (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1024 }), fc.constantFrom('grpo', 'ppo'), fc.constantFrom('train batch size', 'training batch size', 'train batch size=', 'rollout batch size'), (n, algo, words) => {
        const sep = words.endsWith('=') ? '' : ' ';
        // (Said in prose: a short request in the item language is read strictly, its words as written.)
        expect(readNoticed(`I am training qwen2.5-7b with ${algo} on 4x a100-80g, the ${words}${sep}${n} runs out of memory`).s.microBatch).toBe(1);
      }),
      { numRuns: 20 },
    );
  });

  it('c296 (a verl GRPO thread): neither the train nor the validation batch is the micro-batch', () => {
    const { scenario } = corpusLineRead('c296');
    expect(scenario.microBatch).toBe(1);
    expect(scenario.evaluation).toBeUndefined();
  });
});

describe('a validation batch is the eval batch, never the training micro-batch', () => {
  it.each(['validation batch size=16', 'validation batch size 16', 'val batch size 16', 'evaluation batch size 16', 'eval batch size 16'])('%s', (words) => {
    const { s } = readNoticed(`llama-2-7b lora on 1x a100, batch size 4, ${words}`);
    expect(s.microBatch).toBe(4);
    expect(s.evaluation?.batch).toBe(16);
  });
});
