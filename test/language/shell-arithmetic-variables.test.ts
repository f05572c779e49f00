import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A script's arithmetic over a variable it sets (`nproc_per_node=8` … `--gradient_accumulation_steps
 * $(expr 16 / $nproc_per_node)`, ms-swift's example scripts, c329 and c1653): read as its value, in
 * `$(( ))` and in `$(expr …)`, with `$name` or `${name}`. A variable never set, or set to two values,
 * leaves the expression unread.
 */
const ga = (text: string) => /\bga (\d+)/.exec(canonicalText(read(text).scenario))?.[1];

const script = (cards: number, expression: string, extra = '') =>
  `full fine-tune qwen2.5-7b on ${cards}x a100 80gb\n\`\`\`\nnproc_per_node=${cards}\n${extra}NPROC_PER_NODE=$nproc_per_node \\\nswift sft \\\n    --model Qwen/Qwen2.5-7B-Instruct \\\n    --per_device_train_batch_size 1 \\\n    --gradient_accumulation_steps ${expression} \\\n    --deepspeed zero3\n\`\`\``;

describe('shell arithmetic over a variable the script sets', () => {
  it('property: $(expr N / $nproc_per_node), $((N / nproc)) and ${} spellings read as N / cards', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 4, 8), fc.constantFrom(16, 32, 64), fc.constantFrom('expr', 'arith', 'braces'), (cards, n, form) => {
        const e = form === 'expr' ? `$(expr ${n} / $nproc_per_node)` : form === 'arith' ? `$((${n} / $nproc_per_node))` : `$((${n}/\${nproc_per_node}))`;
        return ga(script(cards, e)) === String(n / cards);
      }),
      { numRuns: 12 },
    );
  });

  it('expr with an escaped product', () => expect(ga(script(2, '$(expr 2 \\* $nproc_per_node)'))).toBe('4'));

  it('a variable set to two values, or never, leaves the value unread', () => {
    expect(ga(script(8, '$(expr 16 / $nproc_per_node)', 'nproc_per_node=4\n'))).not.toBe('2');
    expect(ga(script(8, '$(expr 16 / $world)'))).not.toBe('2');
  });

  it('c329 and c1653 (modelscope/ms-swift): 16 / 8 cards and 16 / 4 cards', () => {
    const corpus = loadCorpus();
    expect(ga(corpus.find((l) => l.id === 'c329')!.text)).toBe('2');
    expect(ga(corpus.find((l) => l.id === 'c1653')!.text)).toBe('4');
  });
});
