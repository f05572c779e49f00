import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/** Models whose published checkpoints ship block-scaled are served in that format unless told otherwise (issue 12). */
function weightsOf(text: string, previous = null as Parameters<typeof resolveRequest>[1]) {
  const r = resolveRequest(text, previous);
  if (!r.ok) throw new Error(r.error.message);
  return r;
}

describe('served weights default to the checkpoint format', () => {
  it('gpt-oss-120b is served in MXFP4 (openai/gpt-oss-120b quantization_config), and the reply says so', () => {
    const r = weightsOf('serve gpt-oss-120b on h100');
    expect(r.scenario!.weights).toBe('mxfp4');
    expect(r.assumptions.join(' ')).toMatch(/mxfp4 weights, the format the checkpoint ships in/);
  });

  it('DeepSeek-V3 is served in block FP8 (deepseek-ai/DeepSeek-V3 quantization_config)', () => {
    expect(weightsOf('deepseek-v3 serve on 8xh200').scenario!.weights).toBe('fp8');
  });

  it('a named format or dtype wins', () => {
    expect(weightsOf('serve gpt-oss-120b bf16 on 4xh100').scenario!.weights).toBe('bf16');
    expect(weightsOf('serve gpt-oss-120b awq on h100').scenario!.weights).toBe('awq');
  });

  it('a 16-bit checkpoint keeps 16-bit weights, and training never picks a served format', () => {
    expect(weightsOf('serve llama-3-8b on h100').scenario!.weights).toBe('bf16');
    expect(weightsOf('gpt-oss-20b lora on h100').scenario!.weights).not.toBe('mxfp4');
  });

  it('a follow-up that switches a training thread to serving picks the checkpoint format up', () => {
    const train = weightsOf('gpt-oss-20b lora on h100');
    expect(weightsOf('serve', train.scenario).scenario!.weights).toBe('mxfp4');
  });

  // vllm-project/vllm#14726 (c1158): `vllm serve …/deepseek-V3/ … --dtype half` on 16 L40s; the FP8 linear
  // weights load as released and --dtype sets the activations (InternLM/lmdeploy#2960: FP8 blockwise GEMM under dtype auto).
  it('an engine\'s --dtype sets the activations of a checkpoint that ships quantised, not its weights', () => {
    const v3 = weightsOf('vllm serve deepseek-ai/deepseek-V3 --tensor-parallel-size 8 --pipeline-parallel-size 2 --dtype half on 16x L40');
    expect(v3.scenario!.weights).toBe('fp8');
    expect(v3.scenario!.compute).toBe('fp16');
    expect(v3.assumptions.join(' ')).toMatch(/fp8 weights, the format the checkpoint ships in; "--dtype half" sets the activations/);
    // Invented variations: another engine's spelling, another dtype, the MXFP4 release.
    expect(weightsOf('python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-R1 --tp 8 --dtype bfloat16 on 8x H200').scenario!.weights).toBe('fp8');
    expect(weightsOf("LLM(model='openai/gpt-oss-20b', dtype='bfloat16') on a 4090").scenario!.weights).toBe('mxfp4');
    expect(weightsOf('vllm serve openai/gpt-oss-120b --dtype=float16 on 1x h100').scenario!.weights).toBe('mxfp4');
  });

  it('a dtype said in words still asks for 16-bit weights', () => {
    expect(weightsOf('deepseek-v3 fp16 vllm on 16x h20').scenario!.weights).toBe('fp16');
    expect(weightsOf('serve deepseek r1 in bf16 on 16x h200').scenario!.weights).toBe('bf16');
  });
});
