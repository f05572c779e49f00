import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * LMDeploy's --max-batch-size / max_batch_size is the most sequences TurboMind or the PyTorch engine
 * schedules at once (lmdeploy/messages.py TurbomindEngineConfig: "the max batch size during inference.
 * If it is not specified, the engine will automatically set it according to the device"): a cap, as
 * vLLM's --max-num-seqs, never a training micro-batch of full sessions. Drawn from c1783 ("--max-batch-size
 * 64", zhyncs/lmdeploy-build#2), c1635 (InternLM/lmdeploy#3780) and c1664 (#4436), all read "mbs N".
 */
const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe("LMDeploy's max batch size is the server's cap (max seqs), not a micro-batch", () => {
  it.each([
    ['c1783', 64],
    ['c1635', 4],
    ['c1664', 64],
  ])('%s: max seqs %i, micro-batch 1', (id, n) => {
    const { scenario } = read(line(id).text);
    expect(scenario.inference.server).toBe('lmdeploy');
    expect(scenario.inference.maxSeqs).toBe(n);
    expect(scenario.microBatch).toBe(1);
  });

  it.each([
    'lmdeploy serve api_server internlm/internlm2-chat-7b --tp 2 --max-batch-size 32 on 2x a10',
    'lmdeploy serve api_server internlm/internlm2-chat-7b --max_batch_size=32 --tp 2 on 2 A10 cards',
    'CUDA_VISIBLE_DEVICES=0,1 lmdeploy serve api_server /models/internlm2-chat-7b --backend pytorch --max-batch-size 32 --tp 2 (two A10)',
    '用lmdeploy部署internlm2-chat-7b，两张A10，--tp 2 --max-batch-size 32',
    'lmdeploy pipeline with TurbomindEngineConfig(tp=2, max_batch_size=32), internlm2-chat-7b on 2x a10',
  ])('%s', (text) => {
    const { scenario } = read(text);
    expect(scenario.inference.maxSeqs).toBe(32);
    expect(scenario.microBatch).toBe(1);
  });

  it('any cap under LMDeploy leaves the micro-batch at 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1024 }), fc.constantFrom('--max-batch-size ', '--max_batch_size ', '--max-batch-size='), (n, flag) => {
        const { scenario } = read(`lmdeploy serve api_server internlm2-chat-7b ${flag}${n} on one a100`);
        return scenario.microBatch === 1 && scenario.inference.maxSeqs === n;
      }),
      { numRuns: 25 },
    );
  });

  it("another program's max_batch_size keeps its own reading (Meta's llama example sizes its cache by it)", () => {
    const { scenario } = read('torchrun --nproc_per_node 1 example_text_completion.py --ckpt_dir llama-2-7b/ --max_seq_len 128 --max_batch_size 4 on a 3090');
    expect(scenario.inference.maxSeqs).toBeUndefined();
    expect(scenario.microBatch).toBe(4);
  });
});
