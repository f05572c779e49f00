import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loggedSetting } from '../../src/language/segments/logged-settings.js';
import { segmentsOf } from '../../src/language/segments/index.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * A tool's printout of its own settings, one a line after its logger's stamp, is the user's setup written by the
 * tool (rseq13, the thirtieth session; vllm-project/vllm#27174, corpus c2525: a serving wrapper's "INFO
 * model_manager.py:155:   max_model_len: 24000" was blanked with the log and the model's window taken as the
 * length). Invented variations of the phenomenon, other tools and other stamps: first sight 14 of 26 right (the
 * language bench on them), after 25 of 26 (TensorRT-LLM's camelCase "TRTGptModel maxNumSequences: 64" left).
 */
describe('a setting a tool prints after its logger stamp is read through the key tables', () => {
  it.each([
    [
      'a wrapper logging the vLLM settings it starts with',
      `Serving Qwen2.5-14B-Instruct on one L40S and it OOMs at startup. Our launcher prints:
[2025-08-02 10:11:12] INFO launcher.py:88:   model: Qwen/Qwen2.5-14B-Instruct
[2025-08-02 10:11:12] INFO launcher.py:88:   max_model_len: 16384
[2025-08-02 10:11:12] INFO launcher.py:88:   max_num_seqs: 8
[2025-08-02 10:11:12] INFO launcher.py:88:   gpu_memory_utilization: 0.85`,
      { seq: 16384, maxSeqs: 8, util: 0.85 },
    ],
    [
      "loguru's stamp, key=value",
      `Serving Llama-3.1-8B-Instruct with vllm on my A100 40GB, it OOMs; our wrapper logs the engine settings:
2025-01-01 10:00:00 | INFO | serve:121 -   max_model_len=12000
2025-01-01 10:00:00 | INFO | serve:121 -   max_num_seqs=16`,
      { seq: 12000, maxSeqs: 16 },
    ],
    [
      "Python logging's stamp, in Chinese",
      `在一张 A100 40G 上用 vllm 起 Qwen2.5-7B-Instruct，报错 OOM，启动参数打印如下：
2025-04-02 11:00:00,001 - INFO - worker.py:50 - max_model_len: 20000
2025-04-02 11:00:00,001 - INFO - worker.py:50 - tensor_parallel_size: 1`,
      { seq: 20000 },
    ],
    [
      'inside a fence marked as a log, the question after it',
      '```log\n[2024-09-01 12:00:00] INFO engine.py:40: tensor_parallel_size: 4\n[2024-09-01 12:00:00] INFO engine.py:40: max_model_len: 65536\n[2024-09-01 12:00:01] INFO engine.py:88: loaded weights in 35.2s, 142.3 GiB\n```\nLlama-3.1-70B-Instruct on 4x A100 80GB with vllm, this OOMs, why?',
      { seq: 65536, tp: 4 },
    ],
    [
      "llama.cpp's context line (2025 builds)",
      'llama-server -m qwen2.5-7b-instruct-q4_k_m.gguf -ngl 99 runs out of memory on my RTX 3060 12GB\nllama_context: constructing llama_context\nllama_context: n_seq_max     = 1\nllama_context: n_ctx         = 32768\nllama_context: n_ctx_per_seq = 32768\nllama_context: n_batch       = 2048',
      { seq: 32768 },
    ],
    [
      "llama.cpp's context line, in Korean",
      'llama-server로 gemma-2-9b Q4_K_M 을 4060 Ti 16GB에서 돌리는데 OOM\nsrv    load_model: loading model \'gemma-2-9b-it-Q4_K_M.gguf\'\nllama_context: n_ctx         = 16384\nllama_kv_cache_unified:      CUDA0 KV buffer size =  5376.00 MiB',
      { seq: 16384 },
    ],
    [
      "DeepSpeed's config print (dotted leaders, a key too long for its dots)",
      'DeepSpeed ZeRO-3로 Llama-2-7b 풀 파인튜닝, A100 40G 8장, OOM 납니다\n[2024-02-01 10:00:00,123] [INFO] [config.py:988:print]   train_micro_batch_size_per_gpu  4\n[2024-02-01 10:00:00,123] [INFO] [config.py:988:print]   gradient_accumulation_steps .. 2\n[2024-02-01 10:00:00,124] [INFO] [config.py:988:print]   steps_per_print .............. 10',
      { mbs: 4, ga: 2 },
    ],
    [
      "Megatron's arguments (no stamp, dotted leaders)",
      'Megatron pretraining of a 7b llama on 8x H100 OOMs at the first step. arguments:\n------------------------ arguments ------------------------\n  micro_batch_size ................................ 4\n  global_batch_size ............................... 256\n  seq_length ...................................... 4096\n  tensor_model_parallel_size ...................... 2\n-------------------- end of arguments ---------------------',
      { seq: 4096, mbs: 4, tp: 2 },
    ],
  ])('%s', (_name, text, want: { seq?: number; maxSeqs?: number; util?: number; tp?: number; mbs?: number; ga?: number }) => {
    const s = read(text).scenario;
    if (want.seq !== undefined) expect(s.seq).toBe(want.seq);
    if (want.maxSeqs !== undefined) expect(s.inference?.maxSeqs).toBe(want.maxSeqs);
    if (want.util !== undefined) expect(s.inference?.gpuMemoryUtilization).toBe(want.util);
    if (want.tp !== undefined) expect(s.parallel.tp).toBe(want.tp);
    if (want.mbs !== undefined) expect(s.microBatch).toBe(want.mbs);
    if (want.ga !== undefined) expect(s.gradAccum).toBe(want.ga);
  });

  it("the corpus line: c2525's model manager's settings are the run's length and concurrency", () => {
    const { scenario } = corpusLineRead('c2525');
    expect(scenario.seq).toBe(24000);
    expect(scenario.inference?.maxSeqs).toBe(1);
  });

  it('a printed setting is a config segment of its own; the log lines around it stay a log', () => {
    const text = 'llama_context: n_ctx         = 8192\nllama_kv_cache_unified:      CUDA0 KV buffer size =  1024.00 MiB';
    expect(segmentsOf(text).map((s) => s.rule)).toEqual(['config.logged-setting', 'log.llama-cpp']);
  });
});

describe('numbers a log says that are no printed setting stay unread', () => {
  it.each([
    // vLLM saying its own default in a sentence, the model's trained length, a measurement.
    'INFO 01-01 10:00:00 [config.py:2000] Chunked prefill is enabled with max_num_batched_tokens=2048.',
    'llm_load_print_meta: n_ctx_train = 32768',
    'INFO 01-01 10:00:01 [kv_cache_utils.py:634] GPU KV cache size: 61,312 tokens',
    // Keys a log uses for other things: a process's rank, a step's loss.
    '[2024-01-01 10:00:00] INFO trainer.py:10: rank: 0',
    '2024-01-01 10:00:00 - INFO - loss: 2.31',
    // A setting with no logger's words before it is a config line as before, not a printout.
    'max_model_len: 8192',
  ])('%s', (line) => {
    expect(loggedSetting(line)).toBeNull();
  });

  it('a log beside a printed setting sets nothing else: the length is the printed one, the measured memory no card', () => {
    const s = read('vllm serve Qwen/Qwen2.5-7B-Instruct on a 4090\n[2025-01-01 10:00:00] INFO engine.py:40: max_model_len: 8192\nINFO 01-01 10:00:01 [kv_cache_utils.py:634] GPU KV cache size: 61,312 tokens\nINFO 01-01 10:00:01 [gpu_model_runner.py:1200] Model loading took 14.99 GiB').scenario;
    expect(s.seq).toBe(8192);
    expect(s.hardware?.gpuId).toBe("rtx-4090");
    expect(s.hardware?.count).toBe(1);
  });
});

describe('property: a printed setting among log lines gives its own value and nothing else of the log', () => {
  it('the length is the printed n_ctx whatever numbers the log lines around it say', () => {
    fc.assert(
      fc.property(fc.integer({ min: 512, max: 131072 }), fc.integer({ min: 1, max: 99999 }), (ctx, other) => {
        const text = `llama-2-7b q4_k_m on a 3090\nllama_model_loader: loaded meta data with ${other % 40} key-value pairs\nllama_context: n_ctx = ${ctx}\nllama_kv_cache_unified: CUDA0 KV buffer size = ${other}.00 MiB\nllm_load_tensors: offloaded ${other % 33}/33 layers to GPU`;
        const s = read(text).scenario;
        expect(s.seq).toBe(ctx);
        expect(s.hardware?.gpuId).toBe('rtx-3090');
      }),
      { numRuns: 25 },
    );
  });
});
