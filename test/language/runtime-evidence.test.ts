import { describe, expect, it } from 'vitest';
import { keyName } from '../../src/language/config-keys/table.js';
import { offlineReading } from '../../src/language/prose/model-name.js';
import { LOG_EVIDENCE } from '../../src/language/segments/log-evidence.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Which runtime runs the model, in which format (branch rengine3): an engine's evidence the reader
 * missed (a British key spelling, vLLM's own process names, MLX's servers) and MLX's 4-bit weights
 * read as bitsandbytes NF4.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;

describe('a key in British spelling is the program\'s own key (vllm-project/vllm#10797, #18679)', () => {
  it('keyName maps -isation to the known -ization key, and leaves unknown keys alone', () => {
    expect(keyName('gpu_memory_utilisation')).toBe('gpu_memory_utilization');
    expect(keyName('--gpu-memory-utilisation')).toBe('gpu_memory_utilization');
    expect(keyName('node_memory_utilisation')).toBe('node_memory_utilisation');
  });

  it('the real line c1639: vLLM serving at utilization 1, not a transformers run with the key set aside', () => {
    const { scenario } = read(lineText('c1639'));
    expect(scenario.mode).toBe('inference');
    expect(scenario.inference?.engine).toBe('vllm');
    expect(scenario.inference?.gpuMemoryUtilization).toBe(1);
  });

  it.each([
    ['cannot load llama 3.2 3b on a 16gb gpu when gpu_memory_utilisation=0.95', 0.95],
    ['llama 3.2 3b on an RTX 4080, --gpu-memory-utilisation 0.8', 0.8],
    ['Qwen2.5-7B, gpu_memory_utilisation: 0.7, one A10G', 0.7],
  ])('variation: %s', (text, util) => {
    const { scenario } = read(text);
    expect(scenario.inference?.engine).toBe('vllm');
    expect(scenario.inference?.gpuMemoryUtilization).toBe(util);
  });
});

describe("vLLM's own process names and its utilization line (noonghunna/club-3090#1087, c1666)", () => {
  const rule = LOG_EVIDENCE.find((r) => r.id === 'log.engine.vllm')!;
  it.each([
    '(worker_tp0 pid=223) info 08-22 04:42:13 [gpu_worker.py:789] free memory on device',
    '(vllmworkerprocess pid=108519) info 03-07 11:56:19 model_runner.py:1110] starting to load model',
    '(vllmworker rank=1 pid=4731) info 04-15 19:31:00 [multiproc_executor.py:92]',
    '(apiserver pid=1) info 08-22 04:40:01 [api_server.py:1805] vllm api server version 0.10.1',
    '(enginecore_dp0 pid=311) info 08-22 04:41:00 [core.py:74] initializing a v1 llm engine',
  ])('names vLLM: %s', (line) => {
    expect(rule.pattern.test(line)).toBe(true);
  });

  it.each(['(pid=223) info started', '[2025-01-01 10:00:00 tp0] load weight begin', 'worker_tp0 pid=223 info'])('not a vLLM process name: %s', (line) => {
    expect(rule.pattern.test(line)).toBe(false);
  });

  it('the real line c1666: vLLM with tensor parallelism over both 5090s at utilization 0.92 (said as read from the log)', () => {
    const { scenario, said } = read(lineText('c1666'));
    expect(scenario.inference?.engine).toBe('vllm');
    expect(scenario.parallel.tp).toBe(2);
    expect(scenario.inference?.gpuMemoryUtilization).toBe(0.92);
    expect(said).toMatch(/method inference \(vllm\) — from "Worker_TP\d"\?/);
  });

  it('variation: a one-card vLLM log of another model and share', () => {
    const text = [
      'qwen2.5-7b on one L4, OOM at startup',
      '```',
      '(EngineCore_0 pid=77) INFO 03-01 10:00:00 [gpu_worker.py:789] Free memory on device (21.9/22.0 GiB) on startup. Desired GPU memory utilization is (0.85, 18.7 GiB).',
      '(EngineCore_0 pid=77) INFO 03-01 10:00:01 [gpu_model_runner.py:1100] Model loading took 14.2 GiB',
      '```',
    ].join('\n');
    const { scenario } = read(text);
    expect(scenario.inference?.engine).toBe('vllm');
    expect(scenario.inference?.gpuMemoryUtilization).toBe(0.85);
  });
});

describe("MLX's servers serve (ml-explore/mlx-lm#883, c1634; Blaizzy/mlx-vlm#1972, c1668)", () => {
  it('the real line c1634: mlx_lm.server is a server, named in the reply', () => {
    const { scenario } = read(lineText('c1634'));
    expect(scenario.inference?.engine).toBe('vllm');
    expect(scenario.inference?.namedEngine).toBe('MLX server');
    expect(scenario.weights).toBe('int8');
  });

  it.each([
    'mlx_lm.server --model mlx-community/Llama-3.2-3B-Instruct-4bit on a MacBook Air M2 16GB',
    'running mlx_vlm.server with qwen2.5-vl-7b on a Mac mini M4 24GB',
    'vmlx serving gemma-3-12b on a Mac Studio 64GB',
  ])('variation: %s', (text) => {
    const { scenario } = read(text);
    expect(scenario.mode).toBe('inference');
    expect(scenario.inference?.engine).toBe('vllm');
    expect(scenario.inference?.namedEngine).toBe('MLX server');
  });
});

describe("MLX's 4-bit is int4, not bitsandbytes NF4 (jundot/omlx#631, Blaizzy/mlx-vlm#1972, lmstudio-ai/mlx-engine#314)", () => {
  it('an mlx-community repository or an -MLX- name reads its width as int4; bitsandbytes\' upload keeps NF4', () => {
    expect(offlineReading('mlx-community/Qwen2.5-7B-Instruct-4bit')?.weights).toBe('gptq');
    expect(offlineReading('someone/Qwen2.5-7B-Instruct-MLX-4bit')?.weights).toBe('gptq');
    expect(offlineReading('mlx-community/Qwen2.5-7B-Instruct-8bit')?.weights).toBe('int8');
    expect(offlineReading('unsloth/Qwen2.5-7B-Instruct-bnb-4bit')?.weights).toBe('nf4');
    // Another owner's "-4bit" after the size is a checkpoint quantised already (GPTQ-kind, weak; prose/model-name.ts).
    expect(offlineReading('someone/Qwen2.5-7B-Instruct-4bit')?.weights).toBe('gptq');
  });

  it('the real lines: c1676 (a Mac mini) and c1668 (mlx-community) read int4, said', () => {
    const mini = read(lineText('c1676'));
    expect(mini.scenario.weights).toBe('gptq');
    expect(mini.said).toMatch(/MLX/);
    expect(read(lineText('c1668')).scenario.weights).toBe('gptq');
  });

  it.each([
    'Model qwen2.5-14b-instruct-4bit on my MacBook Pro M3 Max 36GB runs out of memory',
    'Mac Studio M2 Ultra, llama-3.1-70b-instruct-4bit, context 32k',
    'mlx: mistral-7b-instruct_4bit on 16GB unified memory',
  ])('variation: %s', (text) => {
    expect(read(text).scenario.weights).toBe('gptq');
  });

  it.each([
    'llama-3.1-8b-instruct-4bit on an RTX 3060 12GB',
    'unsloth/llama-3-8b-bnb-4bit qlora on a MacBook Pro M3 Max',
    'load_in_4bit=True llama 3 8b on my Mac Studio',
    'llama-2-13b-chat-4bit on 1x A100 80GB\nGPU0  X  PXB  mlx5_0  0-63',
  ])('not MLX (no Mac, a bnb repository, a key, or a Mellanox NIC): %s', (text) => {
    const r = read(text);
    expect(r.said).not.toMatch(/MLX/);
    // bitsandbytes named (its upload or its key) is NF4; a bare "-4bit" name is a quantised checkpoint, weak either way.
    if (/bnb|load_in_4bit/.test(text)) expect(r.scenario.weights).toMatch(/^nf4/);
  });
});
