import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * GPUStack's scheduler refusing a vLLM model ("No workers meet the resource requirements. Consider adjusting
 * parameters such as --gpu-memory-utilization (default: 0.9), --max-model-len, or --enforce-eager to lower the
 * resource demands.", gpustack/gpustack, c1120) names settings to change: none of them is the user's.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const ADVICE =
  'No workers meet the resource requirements. Consider adjusting parameters such as --gpu-memory-utilization (default: 0.9), --max-model-len, or --enforce-eager to lower the resource demands.';

describe("a scheduler's advice sets nothing", () => {
  it('c1120: --enforce-eager in the advice is not read', () => {
    expect(read(line('c1120').text).scenario.inference.enforceEager).toBeFalsy();
  });

  it.each([
    `deploying qwen2.5-32b with vllm on 2x l40s through gpustack\nError: ${ADVICE}`,
    `gpustack, vllm backend, llama-3.1-70b on 4x a10\n- ${ADVICE.replace('(default: 0.9)', '(default: 0.85)')}`,
    `${ADVICE}\nvllm serving mistral-7b on one t4`,
  ])('%s', (text) => {
    const s = read(text).scenario;
    expect(s.inference.enforceEager).toBeFalsy();
    expect(s.inference.gpuMemoryUtilization).toBe(0.9);
  });

  it('the same flag given by the user is still read', () => {
    expect(read(`vllm serve Qwen/Qwen2.5-7B-Instruct --enforce-eager on an l4\n${ADVICE}`).scenario.inference.enforceEager).toBe(true);
  });
});
