import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A loader's log line naming the model it loads ("Loading <name> with following model config", "Loading the
 * model ['vicuna-13b-v1.5'] on worker", "Loading model /data/models/Baichuan2-13B-Chat ...") is read, weak,
 * where the prose names no model (segments/log-evidence-rules.ts, log.model-loading-said). First sight of
 * these variations 1 of 5 (four refused as "Which model?"); rmodel7, 2026-12-05.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const arch = (text: string) => read(text).scenario.model.arch;

describe('the model a log says it loads, where the prose names none', () => {
  it.each<[string, string]>([
    ["vllm引擎双卡无法启动\n\n2024-09-09 02:11:16,101 xinference.model.llm.vllm.core 3592 INFO     Loading Qwen2-57B-A14B-Instruct with following model config: {'tensor_parallel_size': 2, 'gpu_memory_utilization': 0.9}", 'qwen2-57b-a14b'],
    ['out of memory on my 3090 when starting\n\n2024-01-01 12:00:00,001 - INFO - Loading model /data/models/Baichuan2-13B-Chat ...', 'baichuan2-13b'],
    ["worker crashes with CUDA OOM on a T4\n2024-06-01 10:00:00 | INFO | model_worker | Loading the model ['vicuna-13b-v1.5'] on worker 3f2a1b ...", 'llama-2-13b'],
    ["2x 4090 OOM\n2024-03-01 10:00:00 INFO     Loading Yi-34B-Chat with following model config: {'tensor_parallel_size': 2}", 'yi-34b'],
  ])('%s', (text, name) => {
    const { scenario, said } = read(text);
    expect(scenario.model.arch).toEqual(arch(`${name} inference`));
    expect(said.length).toBeGreaterThan(0);
  });

  it('the prose\'s own model wins over the log\'s', () => {
    const text = "llama-2-7b on a T4 OOMs\n2024-06-01 10:00:00 | INFO | model_worker | Loading the model ['vicuna-13b-v1.5'] on worker 3f2a1b ...";
    expect(arch(text)).toEqual(arch('llama-2-7b inference'));
  });

  it('c2026: Xinference loads Qwen2-57B-A14B-Instruct on its vLLM engine', () => {
    expect(arch(line('c2026').text)).toEqual(arch('qwen2-57b-a14b inference'));
  });
});
