import type { LogEvidence } from './log-evidence-rules.js';

/**
 * What a serving wrapper's log echoes of the command it started: GPUStack's model-instance line, "2026-03-20
 * 17:38:40.875642+08:00 - gpustack.worker.backends.vllm - INFO - With image: gpustack/runner:rocm7.1-vllm0.17.1,
 * command: [], arguments: [vllm serve /var/lib/gpustack/cache/huggingface/Qwen/Qwen3.5-0.8B --reasoning-parser=qwen3
 * --max-model-len=32768" (gpustack/gpustack#4963, corpus c2448: the log was blanked, and the model's 262,144-token
 * window read in place of the user's --max-model-len). The arguments are the engine's command line as the user set
 * it in the wrapper's form (its "backend parameters"): kept as written, so the command's engine and flags are read
 * as a pasted command's are (config-keys: the same key table for every dump shape). An echo, as the engine-args
 * lines: where the message gives its own flags or keys, those are the run's, and the echo is left blanked.
 */
export const WRAPPER_ECHO_RULES: readonly LogEvidence[] = [
  {
    id: 'log.wrapper-arguments',
    settings: true,
    // The list may be cut where the post was ("…--max-model-len=32768" with no closing bracket).
    pattern: /\barguments:\s*\[\s*((?:vllm|sglang|lmdeploy|python3?|llama-server|text-generation-launcher|trtllm-serve)\s[^\]\n]*)/,
    example: '2026-03-20 17:38:40.875642+08:00 - gpustack.worker.backends.vllm - INFO - With image: gpustack/runner:rocm7.1-vllm0.17.1, command: [], arguments: [vllm serve /var/lib/gpustack/cache/huggingface/Qwen/Qwen3.5-0.8B --reasoning-parser=qwen3 --max-model-len=32768',
    source: 'gpustack/gpustack#4963 (corpus c2448)',
  },
];
