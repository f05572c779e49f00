import { describe, expect, it } from 'vitest';
import { corpusText } from '../corpus/corpus.js';
import { engineBuildSpans } from '../../src/language/config-keys/engine-build.js';
import { read } from './reading-fixtures.js';

/**
 * An engine built ahead of its runs allocates for its build limits (config-keys/engine-build.ts): a run
 * of it giving the same key again (run.py's --max_output_len, a Triton config's max_batch_size) asks less
 * within them. Drawn from c2024 (NVIDIA/TensorRT-LLM#203) and c730 (tensorrtllm_backend#195); the
 * variations are invented.
 */
const fence = '```';

describe("an engine build's limits are the setup, a run's request is set aside", () => {
  it('c2024: build --max_input_len 4096 --max_output_len 4096, run --max_output_len=100: seq 8192, gen 4096', () => {
    const { scenario, said } = read(corpusText('c2024'));
    expect(scenario.seq).toBe(8192);
    expect(scenario.inference?.newTokens).toBe(4096);
    expect(said).toMatch(/one run's request of the engine: it was built with max_output_len 4096/);
  });

  it("c730: build.py --max_batch_size 128, the Triton config's max_batch_size: 1: max seqs 128 (audit3)", () => {
    expect(read(corpusText('c730')).scenario.inference?.maxSeqs).toBe(128);
  });

  it.each([
    // trtllm-build, the run first in the message, the engine's build after it
    [`llama-3-8b on one L40S. I run\n${fence}\npython3 run.py --engine_dir ./engine --max_output_len 32\n${fence}\nafter building with\n${fence}\ntrtllm-build --checkpoint_dir ./ckpt --output_dir ./engine --max_batch_size 16 --max_input_len 1024 --max_output_len 1024\n${fence}`, { seq: 2048, batch: 16 }],
    // a Triton config's batch after a one-line build
    [`llama-2-13b on 2x A100 80GB, tp 2\n${fence}\ntrtllm-build --checkpoint_dir ckpt --tp_size 2 --max_batch_size 64 --max_input_len 2048 --max_output_len 512\n${fence}\nconfig.pbtxt:\n${fence}\nmax_batch_size: 4\n${fence}`, { seq: 2560, batch: 64 }],
  ])('%s', (text, want) => {
    const { scenario } = read(text);
    expect(scenario.seq).toBe(want.seq);
    // The build's cap, not a micro-batch (audit3, rbatch1).
    expect(scenario.inference?.maxSeqs).toBe(want.batch);
    expect(scenario.microBatch).toBe(1);
  });

  it('with no build in the message a run\'s limit is read as before', () => {
    expect(read(`llama-2-7b on one A10 with TensorRT-LLM\n${fence}\npython3 run.py --engine_dir ./engine --max_output_len 100 --max_input_len 400\n${fence}`).scenario.seq).toBe(500);
  });

  it('a build command goes on through its continuation lines, not past them', () => {
    const src = 'trtllm-build --a 1 \\\n  --max_batch_size 8 \\\n  --max_input_len 64\npython run.py --max_output_len 5\n';
    const [span] = engineBuildSpans(src);
    expect(src.slice(span!.at, span!.end)).toContain('--max_input_len 64');
    expect(src.slice(span!.at, span!.end)).not.toContain('run.py');
  });
});
