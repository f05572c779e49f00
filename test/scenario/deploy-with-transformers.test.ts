import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from '../language/reading-fixtures.js';

/**
 * A deploy word names no engine; the transformers library named beside it is what runs the model
 * (b13, InternLM/InternLM#433, c543: "部署 … 用transformers命令行的形式进行推理"): Hugging Face
 * generate with its layer split, said — not a vLLM server. "A Hugging Face model" names where the
 * weights come from and leaves the deploy word's default (vLLM) as it was.
 */
describe('deploy with transformers is Hugging Face generate', () => {
  it.each([
    ['deploy llama-2-13b with transformers on 2x 3090', 2],
    ['用transformers部署qwen2-7b，两张4090', 2],
    ['we host mistral-7b on 4x a10g using transformers pipeline', 4],
    ['deploy llama-2-13b with transformers AutoModelForCausalLM on 3x 3090', 3],
  ])('%s', (text, gpus) => {
    const { scenario, said } = read(text);
    expect(scenario.mode).toBe('inference');
    expect(scenario.inference.engine).toBe('hf');
    expect(scenario.parallel).toMatchObject({ tp: 1, pp: gpus });
    expect(said).toMatch(/run with Hugging Face transformers/);
  });

  it.each(['deploy llama-2-13b on 2x 3090', 'serve llama-2-13b from huggingface on 2x 3090', 'deploy llama-2-13b with vllm and transformers 4.40 on 2x 3090'])(
    '%s stays on vLLM',
    (text) => expect(read(text).scenario.inference.engine).toBe('vllm'),
  );

  it('a thread a deploy word put on vLLM moves to transformers when a follow-up names it', () => {
    const first = resolveRequest('部署 internlm-20b 在三张3090上', null);
    if (!first.ok || !first.scenario) throw new Error('first message not read');
    expect(first.scenario.inference.engine).toBe('vllm');
    const next = resolveRequest('用transformers命令行的形式进行推理，部署时显存不够', first.scenario);
    if (!next.ok || !next.scenario) throw new Error('follow-up not read');
    expect(next.scenario.inference.engine).toBe('hf');
    expect(next.scenario.parallel).toMatchObject({ tp: 1, pp: 3 });
  });
});
