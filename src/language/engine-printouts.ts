/**
 * An engine named by its own printout (issue 22; the twenty-ninth session, b70–b72): what an engine or its
 * wrapper prints carries the engine's name in its logger's tag, its source paths and its own argument dump,
 * though the user names no engine. "RuntimeError: [TM][ERROR] CUDA runtime error: out of memory
 * /lmdeploy/src/turbomind/utils/memory_utils.cu:32" (OpenGVLab/InternVL#728, corpus c2502) is LMDeploy's
 * TurboMind, and had read as Hugging Face transformers. One table, read wherever the printout stands: a log
 * segment (segments/log-evidence.ts), an error line quoted in a sentence (prose/rules/engine-printouts.ts); and
 * reconcile/engine-evidence.ts ranks the evidence below any engine the user names in words, a setting or a
 * command (a log can be pasted from another run), above a link to a docs page.
 *
 * Each pattern is tested on normalised (lower-case) text, without the `g` flag; group 1 is the span that names
 * the engine. Source paths by their slashes only: a dotted module (`python -m vllm.entrypoints.openai.api_server`,
 * `lmdeploy.turbomind.chat`) is a command the user ran, read as a command (reconcile/engine-evidence.ts), never
 * weakened to a printout. Only shapes no other program prints: a package's own source path (`sglang/srt/`,
 * `site-packages/vllm/`), a logger's own tag (`[TM][ERROR]`), a dump's own class (`ServerArgs(`), a logger's
 * own line format (vLLM's `INFO 07-24 17:34:57 [cli_args.py:325]`).
 */
export interface EnginePrintout {
  id: string;
  /** The engine in request words (vocabulary.ts). */
  engine: string;
  pattern: RegExp;
  example: string;
  source?: string;
  /**
   * Not read inside a log segment: there the engine's own process names already tell (log-evidence-rules.ts
   * log.engine.vllm), and a logger's line format alone would keep a release the log prints over the engine a
   * thread states ("with V0 engine by default" above vLLM 0.8.4's log, gpustack/gpustack#1800, corpus c495).
   */
  outsideLogsOnly?: true;
}

export const ENGINE_PRINTOUTS: readonly EnginePrintout[] = [
  {
    // TurboMind's logger tags every line "[TM][LEVEL]" (lmdeploy/src/turbomind/utils/logger.h), at a line's
    // start in a log or after "RuntimeError: " where its C++ error reaches Python.
    id: 'printout.lmdeploy-logger',
    engine: 'lmdeploy',
    pattern: /(\[tm\]\s?\[(?:error|warning|info|fatal|debug|trace)\])/,
    example: 'RuntimeError: [TM][ERROR] CUDA runtime error: out of memory /lmdeploy/src/turbomind/utils/memory_utils.cu:32',
    source: 'OpenGVLab/InternVL#728 (corpus c2502)',
  },
  {
    // LMDeploy's own sources: its C++ tree (lmdeploy/src/turbomind/…) and its Python package's engines.
    id: 'printout.lmdeploy-source',
    engine: 'lmdeploy',
    pattern: /(?<![\w-])(lmdeploy\/(?:src\/turbomind|turbomind|pytorch|serve|vl|lite|cli)\/|_turbomind\b)/,
    example: 'File "/usr/local/lib/python3.10/dist-packages/lmdeploy/turbomind/turbomind.py", line 231, in __init__',
  },
  {
    // SGLang's runtime is the package sglang.srt (python/sglang/srt/…): its tracebacks and its loggers' names.
    id: 'printout.sglang-source',
    engine: 'sglang',
    pattern: /(?<![\w-])(sglang\/srt\/)/,
    example: 'File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 2315, in run_scheduler_process',
  },
  {
    // SGLang's launcher logs its whole configuration as the dataclass's repr, "server_args=ServerArgs(model_path=…"
    // (sgl-project/sglang#1463, corpus c176): the class name is SGLang's own.
    id: 'printout.sglang-server-args',
    engine: 'sglang',
    pattern: /\b((?:server_args\s*=\s*)?serverargs\()/,
    example: "server_args=ServerArgs(model_path='Qwen/Qwen2.5-7B-Instruct', tokenizer_path='Qwen/Qwen2.5-7B-Instruct', dp_size=1)",
    source: 'sgl-project/sglang#1463',
  },
  {
    // SGLang's log prefix carries the rank of its process: "[2025-05-01 10:11:12 TP0] Scheduler hit an exception"
    // (sglang/srt/utils.py configure_logger, prefix " DP0 TP0 EP0").
    id: 'printout.sglang-rank-prefix',
    engine: 'sglang',
    pattern: /(\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?: (?:dp|tp|pp|ep)\d+)+\])/,
    example: '[2025-05-01 10:11:12 TP0] Scheduler hit an exception: Traceback (most recent call last):',
  },
  {
    // vLLM's package in a traceback or a logger's name: site-packages/vllm/worker/…, vllm/v1/engine/core.py, vllm.engine.…
    id: 'printout.vllm-source',
    engine: 'vllm',
    pattern: /(?<![\w-])((?:(?:site|dist)-packages\/vllm\/|vllm\/(?:v1|worker|engine|entrypoints|model_executor|executor|core|distributed|attention|platforms)\/)[\w./]*)/,
    example: 'File "/usr/local/lib/python3.10/site-packages/vllm/worker/model_runner.py", line 1123, in profile_run',
  },
  {
    // vLLM's logger format, "%(levelname)s %(asctime)s [%(filename)s:%(lineno)d] %(message)s" with the date as
    // "%m-%d %H:%M:%S" (vllm/logger.py): "INFO 07-24 17:34:57 [cli_args.py:325] non-default args: …" (zai-org/GLM-V#89,
    // corpus c2445); before 0.8 without the opening bracket, "INFO 02-12 13:31:04 api_server.py:840]".
    id: 'printout.vllm-logger',
    engine: 'vllm',
    outsideLogsOnly: true,
    pattern: /(?:^|[\s>)])((?:debug|info|warning|error|critical) \d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \[?[a-z_][\w.]*\.py:\d+\])/,
    example: 'INFO 07-24 17:34:57 [gpu_model_runner.py:1595] Model loading took 13.5 GiB and 4.2 seconds',
    source: 'zai-org/GLM-V#89 (corpus c2445)',
  },
  {
    // TensorRT-LLM's package (tensorrt_llm/…, tensorrt_llm._torch.…) in a traceback or a logger's name.
    id: 'printout.tensorrt-llm-source',
    engine: 'tensorrt-llm',
    pattern: /(?<![\w-])(tensorrt_llm\/(?:_torch|llmapi|bench|runtime|builder|models|executor|commands|serve)\/)/,
    example: 'File "/usr/local/lib/python3.12/dist-packages/tensorrt_llm/_torch/pyexecutor/py_executor.py", line 1021',
  },
  {
    // TGI's Python server (server/text_generation_server/…) in a traceback.
    id: 'printout.tgi-source',
    engine: 'tgi',
    pattern: /(?<![\w-])(text_generation_server\/(?:models|utils|layers|server|cli)\/)/,
    example: 'File "/opt/conda/lib/python3.11/site-packages/text_generation_server/models/flash_causal_lm.py", line 1129',
  },
  {
    // llama.cpp's loader and context lines, quoted in a sentence as well as pasted: "load_tensors: offloaded 29/29 layers
    // to GPU", "llama_kv_cache_unified: CUDA0 KV buffer size", ggml's CUDA source file in its error.
    id: 'printout.llamacpp-logger',
    engine: 'llamacpp',
    pattern: /(?<![\w-])((?:llama_model_loader|load_tensors|llama_kv_cache_unified|llama_kv_cache|llama_new_context_with_model|llama_init_from_model|llama_context|llm_load_tensors|llm_load_print_meta|ggml_cuda_init|ggml_backend_cuda_buffer_type_alloc_buffer)\s*:|ggml-cuda\.cu\b|ggml\/src\/ggml-cuda\/)/,
    example: 'load_tensors: offloaded 29/29 layers to GPU',
  },
];

/** Any engine's printout: reconcile/engine-evidence.ts ranks an engine read from these words as a printout's. */
export const ANY_ENGINE_PRINTOUT = new RegExp(ENGINE_PRINTOUTS.map((p) => p.pattern.source).join('|'), 'i');
