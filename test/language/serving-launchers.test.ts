import { describe, expect, it } from 'vitest';
import { gpuCountOf } from '../../src/scenario/gpus.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Aphrodite Engine, a vLLM fork, launched by its module (`python -m aphrodite.endpoints.openai.api_server`)
 * or named as "aphrodite-engine": a GGUF file it serves stays on its paged-KV engine, not llama.cpp's
 * (src/language/commands.ts command.aphrodite-module; corpus c364). And a launcher after a shell
 * assignment of the devices (`CUDA_VISIBLE_DEVICES=0 python -m vllm…`) is read: the assignment's list
 * ends at its space (src/language/config-keys/prepare.ts config.list-value).
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;

describe('Aphrodite Engine serves a GGUF file on its own engine', () => {
  it("c364's module launch of an L3-8B Q8_0 GGUF with --tensor-parallel-size 4", () => {
    const { scenario } = read(lineText('c364'));
    expect([scenario.mode, scenario.framework, scenario.inference?.engine, scenario.weights]).toEqual(['inference', 'hf', 'vllm', 'q8_0']);
  });

  it.each([
    'python -m aphrodite.endpoints.openai.api_server --model /m/L3-8B-Stheno-v3.2-Q8_0.gguf --tensor-parallel-size 4',
    'CUDA_VISIBLE_DEVICES=0 python3 -m aphrodite.endpoints.api_server --model mistral-7b-instruct.Q4_K_M.gguf on 1x 3090',
    'aphrodite-engine llama-3-8b gguf q8_0 tp 4',
    'serving llama-3-8b Q4_K_M on aphrodite engine, 2x 3090',
  ])('%s', (text) => {
    const { scenario } = read(text);
    expect([scenario.framework, scenario.inference?.engine]).toEqual(['hf', 'vllm']);
  });

  it('a GGUF file with no engine named still runs llama.cpp', () => {
    expect(read('mistral-7b-instruct.Q4_K_M.gguf inference on 1x 3090').scenario.framework).toBe('llamacpp');
  });
});

describe('a launcher after a shell assignment of the devices', () => {
  it.each([
    ['CUDA_VISIBLE_DEVICES=0 python3 -m vllm.entrypoints.api_server --model mistral-7b.Q4_K_M.gguf on 1x 3090', 1],
    ['CUDA_VISIBLE_DEVICES=0,1 python -m vllm.entrypoints.openai.api_server --model llama-2-13b --tensor-parallel-size 2', 2],
    ['CUDA_VISIBLE_DEVICES=0,1,2,3 python -m aphrodite.endpoints.openai.api_server --model /m/L3-8B-Stheno-v3.2-Q8_0.gguf --tensor-parallel-size 4', 4],
  ])('%s: the list ends at the space, the command after it is read', (text, gpus) => {
    const { scenario } = read(text);
    expect(scenario.inference?.engine).toBe('vllm');
    expect(gpuCountOf(scenario)).toBe(gpus);
  });

  it('a YAML or flag list with spaces is still one list', () => {
    expect(read('llama-2-7b lora --lora_target_modules q_proj v_proj k_proj on 1x a100').scenario.lora?.targets).toEqual(read('llama-2-7b lora --lora_target_modules q_proj,v_proj,k_proj on 1x a100').scenario.lora?.targets);
  });
});
