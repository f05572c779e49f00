import { describe, expect, it } from 'vitest';
import { estimateOf } from './fixtures.js';

/**
 * A hybrid model's Mamba cache blocks against --max-num-seqs (memory/vllm-mamba-blocks.ts): vLLM
 * (0.20 on) raises "max_num_seqs (N) exceeds available Mamba cache blocks (M)" before capturing its
 * CUDA graphs when the pool holds fewer per-sequence states than max_num_seqs.
 */
describe("vLLM's Mamba cache blocks before graph capture", () => {
  const v849 = 'serve qwen3.8-27b bf16 vllm --gpu-memory-utilization 0.95 --max-num-seqs 1024 on 1x rtx-pro-6000';

  it('verdict corpus v849: Qwen3.8-27B bf16 on a 96 GB card at 0.95 cannot give 1,024 sequences a state block (the thread: 556 blocks)', () => {
    const e = estimateOf(v849);
    expect(e.fits).toBe(false);
    expect(e.headroomBytes!).toBeLessThan(0);
    const note = e.notes.find((n) => n.includes('Mamba cache blocks'))!;
    const blocks = Number(/Mamba cache blocks \((\d+)\)/.exec(note)![1]);
    // The pool over one sequence's state: 491, 12% under the 556 the thread's table reports.
    expect(blocks).toBeGreaterThan(450);
    expect(blocks).toBeLessThan(556);
  });

  it('starts when max_num_seqs fits the blocks, under --enforce-eager (no graphs), and on a release before 0.20', () => {
    for (const r of [
      'serve qwen3.8-27b bf16 vllm --gpu-memory-utilization 0.95 --max-num-seqs 256 on 1x rtx-pro-6000',
      'serve qwen3.8-27b bf16 vllm --gpu-memory-utilization 0.95 --max-num-seqs 1024 --enforce-eager on 1x rtx-pro-6000',
      'serve qwen3.8-27b bf16 vllm 0.11.0 --gpu-memory-utilization 0.95 --max-num-seqs 1024 on 1x rtx-pro-6000',
    ]) {
      const e = estimateOf(r);
      expect(e.notes.some((n) => n.includes('Mamba cache blocks')), r).toBe(false);
      expect(e.fits, r).toBe(true);
    }
  });

  it('a dense model meets no such check', () => {
    const e = estimateOf('serve qwen3-32b vllm --gpu-memory-utilization 0.95 --max-num-seqs 1024 on 1x rtx-pro-6000');
    expect(e.notes.some((n) => n.includes('Mamba cache blocks'))).toBe(false);
  });
});
