import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * A parallel size said in words rather than as `--flag N` (branch rframe5, issue 22 item 7: keys with or without
 * their colon or equals sign): a bound ("must not be greater than 1") is where the failure starts, not the size
 * run; "set the flag to be 2 or 4" offers two sizes tried. Both from b56 (QwenLM/Qwen3#360, QwenLM/Qwen3-VL#831).
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const canon = (text: string) => canonicalText(read(text).scenario);

describe('a parallel size said as a bound yields to the size said plainly (reconcile.bound-before)', () => {
  it.each([
    'qwen1.5-14b gptq with vllm: tensor-parallel-size不能大于1\n\n部署时可以使用 --tensor-parallel-size=2',
    'qwen1.5-14b gptq on vllm fails when tensor parallel size is greater than 1.\n\nBefore fine-tuning I served it with --tensor-parallel-size 2',
    'qwen1.5-14b gptq vllm, --tensor-parallel-size 2 worked before; now tp larger than 1 raises a ValueError',
    'qwen1.5-14b gptq vllm, tp > 1 fails, tensor_parallel_size=2 is what I need',
  ])('%s', (text) => {
    expect(canon(text)).toContain('tp 2');
  });

  it('a bound alone is kept and said as a bound', () => {
    const { said } = readNoticed('qwen1.5-14b gptq with vllm: tensor parallel size can\'t be larger than 1 on 2x a100-80g');
    expect(said).toMatch(/bound/);
  });

  it('the real line c2027 (QwenLM/Qwen3#360): tp 2, the first size that worked', () => {
    expect(canon(lineText('c2027'))).toContain('tp 2');
  });
});

describe('a flag set to two values in a sentence: the first is read, said weak with both (prose.key-set-to-options)', () => {
  it.each([
    ['qwen2.5-vl-72b awq with vllm: if I set the `--tensor-parallel-size` to be 2 or 4, vllm raises an error', 'tp 2'],
    ['qwen2.5-vl-72b awq with vllm: when I set --tensor-parallel-size to 4 or 8 it fails', 'tp 4'],
    ['qwen2.5-vl-72b awq vllm, setting tensor_parallel_size to 2 or 4 raises ValueError', 'tp 2'],
    ['qwen2.5-vl-72b awq vllm: I set --pipeline-parallel-size to 2/4 and it fails', 'pp 2'],
  ])('%s', (text, want) => {
    const { s, said } = readNoticed(text);
    expect(canonicalText(s)).toContain(want);
    // Said weak on the first screen with the words that hold both values.
    expect(said).toMatch(/from "[^"]*(?: or \S|\/)/);
  });

  it('one value in words is read plainly: "set the --tensor-parallel-size to be 2"', () => {
    expect(canon('qwen2.5-vl-72b awq vllm: I set the --tensor-parallel-size to be 2 and it fails')).toContain('tp 2');
  });

  it('the real line c2028 (QwenLM/Qwen3-VL#831)', () => {
    expect(canon(lineText('c2028'))).toContain('tp 2');
  });
});
