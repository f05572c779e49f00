import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * What a tight server's reply says comes after its plan, per engine (reply/served-words.ts
 * `afterPlan`). vLLM V1 warms its sampler up after the CUDA graphs over the rows its profile run
 * already counted (vllm/v1/worker/gpu_worker.py `compile_or_warm_up_model`; gpu_model_runner.py
 * `profile_run` → `_dummy_sampler_run`): the warm-up needs no more than the plan, but it comes
 * after the graphs, so their overflow shows there (vllm#14728's log, vllm#27508). V0 and TGI warm
 * no sampler up after the pool, and the reply had named one for every engine.
 */
function detail(text: string): string {
  const r = respond(text, null).reply;
  if (r.kind !== 'estimate') throw new Error(`${text}: ${r.kind}`);
  return (r as EstimateReply).verdict.detail;
}

describe('what comes after a tight server plan', () => {
  it("v114's setup (vLLM V1, utilisation 0.97): the graphs, then the sampler's warm-up in what they leave", () => {
    const said = detail('gpt-oss-120b serve vllm tp 1 --gpu-memory-utilization 0.97 --max-num-seqs 1 --max-model-len 5120 on 1x h100');
    expect(said).toMatch(/the CUDA graphs, then the sampler's warm-up in the room the graphs leave of the profile run's\) and a fragmented allocation have little room/);
  });

  it('invented: the V0 engine at 0.97 names the graphs only', () => {
    const said = detail('llama-3-8b serve vllm v0 seq 4096 --gpu-memory-utilization 0.97 on 1x h100');
    expect(said).toMatch(/what comes after it \(the CUDA graphs\) and a fragmented allocation/);
    expect(said).not.toMatch(/sampler/);
  });

  it('invented: TGI 1.3.0 (memory fraction 1.0) names no sampler warm-up', () => {
    const said = detail('llama 2 7b on an a10g with tgi 1.3.0, max-total-tokens 4096');
    expect(said).toMatch(/what its warm-up did not allocate/);
    expect(said).not.toMatch(/sampler/);
  });
});
