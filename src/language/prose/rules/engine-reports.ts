import type { ProseRule } from '../types.js';

/**
 * An engine's own start-up or timing report quoted inside a sentence is a log line, not the user's
 * setting (issue 22, §1: numbers inside a log never set the setup). A whole pasted log is blanked by
 * the segments (segments/rules.ts); these are the same messages quoted inline — in backticks, in
 * quotes or after "the log says" — where a line rule never sees them. Each rule is one engine's
 * message template, taken from the engine's source, and blanks the whole message, so none of its
 * numbers reaches a slot: vLLM's KV-cache pool size read as the length ("GPU KV cache size: 152,304
 * tokens" → seq 152304), its concurrency factor's request length read as a batch ("Maximum
 * concurrency for 32768 tokens" → micro-batch 32768), SGLang's KV pool read as a card ("K size: 20.5
 * GB"), Ollama's prompt count read as the length (c692's "prompt eval count: 7 token(s)"). The
 * length the run serves is its own key's (`--max-model-len`) or the model's default, said as such.
 * The trace lists each message under "set aside by prose.report-…".
 */

/** A count as engines print it: "152,304", "8192", "1.56". */
const N = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;

export const ENGINE_REPORT_RULES: readonly ProseRule[] = [
  {
    // vllm/v1/core/kv_cache_utils.py (v0.8–v0.11): logger.info("Maximum concurrency for %s tokens per
    // request: %.2fx", max_model_len, max_concurrency); V0's executor_base.py prints the same line.
    id: 'prose.report-vllm-concurrency',
    pattern: new RegExp(String.raw`\bmaximum concurrency for\s+${N}\s+tokens per request(?:\s+changes from\s+${N}\s*x\s+to)?\s*:?\s*${N}\s*x\b`, 'g'),
    when: (t) => t.includes('concurrency for'),
    write: (m) => ' '.repeat(m[0].length),
    example: "is it the same of the logged following line? `Maximum concurrency for 8192 tokens per request: 4.61x` that's mean the model can handle 4.6 of 8k requests?",
    source: 'vllm-project/vllm#8031',
  },
  {
    // vllm/v1/core/kv_cache_utils.py: logger.info("GPU KV cache size: %s tokens", f"{num_tokens:,}");
    // V0's "# GPU blocks: %d, # CPU blocks: %d" (vllm/executor/executor_base.py) is the same pool in blocks.
    id: 'prose.report-vllm-kv-pool',
    pattern: new RegExp(String.raw`\b(?:gpu|cpu|xpu|tpu)\s+kv cache size\s*:?\s*${N}\s*tokens?\b|#\s*gpu blocks\s*:?\s*${N}(?:\s*,\s*#\s*cpu blocks\s*:?\s*${N})?`, 'g'),
    when: (t) => t.includes('kv cache size') || t.includes('gpu blocks'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'serving qwen2.5-14b with vllm on an l40s, startup prints gpu kv cache size: 152,304 tokens, is that normal?',
    // vllm-project/vllm#21348 quotes "GPU KV cache size: 178,880 tokens"; #10517 "# GPU blocks: 1952, # CPU blocks: 2048".
    source: 'vllm-project/vllm#21348',
  },
  {
    // sglang/srt/mem_cache/memory_pool.py: logger.info(f"KV Cache is allocated. #tokens: {size}, K size:
    // {k_size / GB:.2f} GB, V size: {v_size / GB:.2f} GB") (later "KV size: … GB"); and the scheduler's
    // "max_total_num_tokens=…, chunked_prefill_size=…, max_running_requests=…, context_len=…".
    id: 'prose.report-sglang-kv-pool',
    pattern: new RegExp(String.raw`\bkv cache is allocated\.?\s*#\s*tokens\s*:?\s*${N}(?:\s*,\s*(?:k|v|kv) size\s*:?\s*${N}\s*gb)*`, 'g'),
    when: (t) => t.includes('kv cache is allocated'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'sglang says kv cache is allocated. #tokens: 350257, k size: 20.5 gb, v size: 20.5 gb, serving llama-3-8b on 1 h100',
    // vllm-project/vllm#21348 quotes SGLang's "KV Cache is allocated. #tokens: 367404, K size: 8.23 GB, V size: 8.23 GB".
    source: 'vllm-project/vllm#21348',
  },
  {
    // ollama's --verbose summary (cmd/cmd.go, llama.cpp's timings): "prompt eval count:    7 token(s)",
    // "eval count: 77 token(s)": how many tokens one answer read and wrote, not the run's length (c692).
    id: 'prose.report-ollama-eval-count',
    pattern: new RegExp(String.raw`\b(?:prompt\s+)?eval count\s*:?\s*${N}\s*token(?:\(s\)|s)?`, 'g'),
    when: (t) => t.includes('eval count'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'ollama run llama3:8b on my 3060 12gb; --verbose says prompt eval count: 26 token(s), eval count: 300 token(s)',
    // c692 (kvcache-ai/ktransformers#462) pastes the same summary in a log fence.
    source: 'c692',
  },
  {
    // llama.cpp's loader (src/llama-model.cpp load_tensors: LLAMA_LOG_INFO("%s: offloaded %d/%d layers to GPU\n"),
    // before it "offloading %d repeating layers to GPU"; llm_load_tensors in older releases), which Ollama's
    // server.log carries: the split the runner chose, not the -ngl the user set (the corpus reads the setting,
    // c1230's "offloaded 87/94" beside -ngl 93, c509's "0/33" beside -ngl 90). Quoted in a sentence ("From
    // server.log I can see "offloaded 42/81 layers to GPU"", ollama/ollama#6008, c521) it had read as ngl 42.
    id: 'prose.report-llamacpp-offloaded',
    pattern: new RegExp(String.raw`\boffload(?:ed|ing)\s+${N}\s*/\s*${N}\s+layers\s+to\s+(?:the\s+)?gpu\b|\boffloading\s+${N}\s+repeating\s+layers\s+to\s+(?:the\s+)?gpu\b`, 'g'),
    when: (t) => t.includes('offload'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'from "server.log" i can see "offloaded 42/81 layers to gpu", and when i\'m chatting with llama3.1 the response is very slow',
    source: 'ollama/ollama#6008',
  },
];
