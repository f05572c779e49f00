import { describe, expect, it } from 'vitest';
import { corpusText } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b16 (test/corpus/first-sight.md), c624: two vLLM commands in one message, the first said to
 * run ("I can run … by following comand:"), the second the one that fails. The working run's
 * `--max_num_seqs` is set aside like its other settings (reconcile/owners.ts, slot maxSeqs), and
 * the failing script's `max_model_len=$((5 * 1024))` is read as 5120 (shell-script.ts).
 */
const lineText = corpusText;
const fence = '```';

describe('the failing command of two is the setup', () => {
  it('c624 (vllm-project/vllm#33155): max seqs 1 and seq 5120 from the command that OOMs', () => {
    const { scenario, said } = read(lineText('c624'));
    expect(scenario.inference?.maxSeqs).toBe(1);
    expect(scenario.seq).toBe(5120);
    expect(said).toMatch(/"--max_num_seqs 100" set aside as your setup's concurrent sequences: another run/);
  });

  it('a working run\'s --max-num-seqs is set aside beside the failing one\'s', () => {
    const text = `This worked fine:\n${fence}\nvllm serve Qwen/Qwen2.5-7B-Instruct --max-num-seqs 256\n${fence}\nBut this one fails with OOM:\n${fence}\nvllm serve Qwen/Qwen2.5-7B-Instruct --max-num-seqs 8 --max-model-len 32768\n${fence}\non one L4`;
    expect(read(text).scenario.inference?.maxSeqs).toBe(8);
  });
});

describe("a script's arithmetic on numbers is its value", () => {
  it.each([
    ['max_model_len=$((5 * 1024))', 5120],
    ['max_model_len=$((85*1024))', 87040],
    ['max_model_len=$((4096 + 4096))', 8192],
    ['max_model_len=$((2 * 8 * 1024))', 16384],
  ])('%s', (assignment, seq) => {
    const text = `serve gpt-oss-120b on one H100:\n${fence}shell\n${assignment}\nvllm serve openai/gpt-oss-120b --max-model-len $max_model_len\n${fence}`;
    expect(read(text).scenario.seq).toBe(seq);
  });

  it('arithmetic on a variable stays unread', () => {
    const text = `serve gpt-oss-120b on one H100:\n${fence}shell\nmax_model_len=$(($BASE * 1024))\nvllm serve openai/gpt-oss-120b --max-model-len $max_model_len\n${fence}`;
    expect(read(text).scenario.seq).toBe(131072);
  });
});
