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
});
