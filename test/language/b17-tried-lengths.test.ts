import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * b17, InternLM/xtuner#793 (corpus c650): "无论我如何设置max-seq，从16000降到200，始终都会OOM" (however I
 * set max-seq, from 16000 down to 200, it always OOMs) is an account of what was tried, the run's
 * length the last value (prose.tried-from-to), not a question about the longest length; and
 * xtuner's `sequence_parallel_size = 1`, named again in `accumulative_counts *= sequence_parallel_size`,
 * splits nothing (a key the config gave a value, named again alone, is no switch).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const canonical = (text: string) => canonicalText(read(text).scenario);

describe('a range the user tried is the run\'s last value', () => {
  it('c650: seq 200, no length question, no sequence parallelism', () => {
    const { s, said } = readNoticed(line('c650').text);
    expect(s.seq).toBe(200);
    expect(said).toMatch(/read as a value you reduced from; the run's is 200/);
    const text = canonical(line('c650').text);
    expect(text).not.toMatch(/max seq|\bsp\b|\bcp [2-9]/);
  });

  it.each([
    ['qwen2-7b full fine-tune on 8x a100, 无论我如何设置max-seq，从16000降到200，始终都会OOM', 'seq', 200],
    ['qwen2-7b full fine-tune on 8x a100: whatever I set max seq to, from 8192 down to 1024, it OOMs', 'seq', 1024],
    ['llama-3-8b lora on a 4090, tried seq len from 4096 to 512 and it still runs out of memory', 'seq', 512],
    ['llama-3-8b lora on a 4090, batch size: from 16 down to 2, still OOM', 'batch', 2],
    ['qwen2-7b lora 单卡 a100，batch size 从8降到1 还是爆显存', 'batch', 1],
  ])('%s', (text, fact, value) => {
    const { s, said } = readNoticed(text);
    expect(fact === 'batch' ? s.microBatch : s.seq).toBe(value);
    expect(said).toMatch(new RegExp(`read as a value you reduced from; the run's is ${value}`));
    expect(canonical(text)).not.toMatch(/max seq/);
  });

  it('a length question stays one', () => {
    expect(canonical('llama-3-8b lora on a 4090: what max seq can I use?')).toMatch(/max seq/);
  });
});

describe('a key named again in an expression is its value, not a switch', () => {
  it.each([
    ['sequence_parallel_size = 1\naccumulative_counts = 1\naccumulative_counts *= sequence_parallel_size', null],
    ['sequence_parallel_size = 4\naccumulative_counts = 1\naccumulative_counts *= sequence_parallel_size', 4],
  ])('%s', (config, cp) => {
    const text = canonical(`qwen2-7b full fine-tune with xtuner on 8x a100\n\n${config}\nbatch_size = 1\nmax_length = 2048\n`);
    expect(text).not.toMatch(/\bsp\b/);
    if (cp === null) expect(text).not.toMatch(/\bcp \d/);
    else expect(text).toMatch(new RegExp(`\\bcp ${cp}\\b`));
  });
});
