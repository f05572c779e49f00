import { describe, expect, it } from 'vitest';
import { PROCESS_PER_GPU_RULES, processPerGpu } from '../../src/scenario/process-per-gpu.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * An inference run started one process per GPU (torchrun --nproc_per_node N, Meta's example scripts) is split over the
 * GPUs by tensors, not Hugging Face's one-process layer split, when no degree is written (scenario/process-per-gpu.ts,
 * fortieth session, rpar1). The variations were written before the change: first sight 3 of 8 read tp N (those
 * whose count came from the launcher itself; the five counted in prose read pp N, the layer split); one process keeps the layer split.
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;
const splitOf = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) return null;
  const s = r.scenario;
  return { tp: s.parallel.tp, pp: s.parallel.pp, gpus: s.hardware?.count ?? null, said: r.assumptions.some((a) => /one process per GPU/.test(a)) };
};

const LAUNCHED: [string, number][] = [
  ['Using OpenLLaMa-7B on 8 A100s 40GB: `torchrun --standalone --nproc_per_node=8 generate.py --prompt "Hello"`', 8],
  ['torchrun --nproc-per-node 4 generate.py --checkpoint_dir checkpoints/llama-2-13b inference on 4x A10G, OOM', 4],
  ['python -m torch.distributed.run --nproc_per_node 2 generate.py llama-2-13b inference on 2x RTX 3090', 2],
  ['我用 torchrun --nproc_per_node 4 \\\n  generate.py --ckpt llama-2-70b 推理，4张A100 80G，显存不够', 4],
  ['running Llama-2-70b-chat with `python example_chat_completion.py` on 8x A100 40GB, out of memory', 8],
  ['Meta-Llama-3-70B-Instruct, torchrun example_text_completion.py, Number of GPUs: 8, GPU VRAM: 80 GB', 8],
  ['Two RTX 3090s, llama-2-13b inference: torchrun --nproc_per_node=2 generate.py --max_new_tokens 200', 2],
  ['A100 80GB 4장으로 llama-2-70b 추론: torchrun --nproc_per_node 4 generate.py 실행 중 OOM', 4],
];

const ONE_PROCESS: [string, number][] = [
  ['python generate.py --model llama-2-13b inference on 2x RTX 3090', 2],
];

describe('an inference run started one process per GPU is a tensor split', () => {
  it.each(LAUNCHED)('%s', (text, n) => {
    expect(splitOf(text)).toMatchObject({ tp: n, pp: 1, gpus: n, said: true });
  });

  it.each(ONE_PROCESS)('one process keeps the layer split: %s', (text, n) => {
    expect(splitOf(text)).toMatchObject({ tp: 1, pp: n, gpus: n, said: false });
  });

  it.each(PROCESS_PER_GPU_RULES.map((r) => [r.id, r] as const))("%s reads its own example", (_id, rule) => {
    expect(processPerGpu(rule.example)?.rule.id).toBe(rule.id);
  });

  it('a launcher of one process runs on one GPU, whole (the launcher\'s count is the run\'s)', () => {
    expect(splitOf('torchrun --nproc_per_node 1 generate.py llama-2-13b inference on 2x RTX 3090')).toMatchObject({ tp: 1, pp: 1, said: false });
  });

  it('c3102: lit-llama generate.py under torchrun of 8 processes on 8 A100 40GB is tp 8', () => {
    expect(splitOf(line('c3102').text)).toMatchObject({ tp: 8, pp: 1, gpus: 8, said: true });
  });

  it('c2334: an evaluation harness under torchrun (VLMEvalKit run.py) is no tensor split: each process runs its own model', () => {
    expect(splitOf(line('c2334').text)).toMatchObject({ tp: 1, said: false });
  });

  it('a long command with no process count stays linear and reads nothing', () => {
    const text = `torchrun ${'--flag value '.repeat(20000)}generate.py`;
    const t0 = performance.now();
    expect(processPerGpu(text)).toBeNull();
    expect(performance.now() - t0).toBeLessThan(200);
  });
});
