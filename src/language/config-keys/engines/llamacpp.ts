import { deviceList, numeric } from '../readers.js';
import { promptBatch } from '../serving.js';
import { cpuMoeLayers, cpuMoeSwitch, overrideTensors } from './cpu-moe.js';
import { tensorSplit } from './tensor-split.js';
import { none, noneEach, reads, shared, unmodelled, unmodelledSwitch, unmodelledWhen, type Engine, optionsOnce } from './types.js';

/**
 * llama.cpp's options: the `common_arg` definitions of common/arg.cpp (ggml-org/llama.cpp,
 * commit 0017d6f, 2026), which llama-server and llama-cli share, with their short flags and
 * `LLAMA_ARG_*` environment variables; and llama-cpp-python's `Llama(...)` keyword arguments for
 * the same settings (n_ctx, n_gpu_layers, n_batch, n_ubatch, offload_kqv). The KV cache is
 * allocated for -c tokens in all, whatever -np splits it into (memory/llamacpp.ts).
 */
export const LLAMA_CPP: Engine = {
  id: 'llama.cpp',
  name: 'llama.cpp',
  named: /llama[._ -]?cpp|llama-(?:server|cli|bench)|(?<![\w/.])\.\/(?:server|main)[ \t]+-m(?![\w])/i,
  source: 'ggml-org/llama.cpp common/arg.cpp (commit 0017d6f); abetlen/llama-cpp-python llama_cpp/llama.py Llama.__init__',
  says: 'llamacpp',
  get options() {
    return optionsOnce(this, () => [
      shared('--ctx-size', '-c', 'LLAMA_ARG_CTX_SIZE', 'n_ctx'),
      shared('--n-gpu-layers', '-ngl', '--gpu-layers', 'LLAMA_ARG_N_GPU_LAYERS'),
      // --device CUDA2,CUDA1: the GPUs the model is spread over, which may be fewer than the machine's (c862).
      reads(deviceList, '--device', 'LLAMA_ARG_DEVICE'),
      // -b: the logical batch, prompt tokens submitted per llama_decode, not a batch of requests.
      reads(promptBatch, '--batch-size', '-b', 'LLAMA_ARG_BATCH', 'n_batch'),
      shared('--cache-type-k', '-ctk', 'LLAMA_ARG_CACHE_TYPE_K'),
      shared('--cache-type-v', '-ctv', 'LLAMA_ARG_CACHE_TYPE_V'),
      // -fa on|off|auto (a switch before 2025): flash attention decides the compute buffer's attention scores.
      shared('--flash-attn', '-fa', 'LLAMA_ARG_FLASH_ATTN'),
      // -m and -n inside a llama.cpp command are read by commands.ts (the model file; the tokens generated).
      shared('--model', 'LLAMA_ARG_MODEL'),
      // -ub: the physical batch the compute buffer is reserved for; memory/llamacpp.ts takes its default 512.
      unmodelledWhen((v) => v !== '512', 'the micro-batch the compute buffer is reserved for (512 assumed)', 'activations', '--ubatch-size', '-ub', 'LLAMA_ARG_UBATCH', 'n_ubatch'),
      unmodelledSwitch('the KV cache kept in CPU memory', 'kv cache', '--no-kv-offload', '-nkvo', 'LLAMA_ARG_NO_KV_OFFLOAD'),
      unmodelledWhen((v) => v === 'false', 'the KV cache kept in CPU memory', 'kv cache', 'offload_kqv'),
      unmodelledWhen((v) => v === 'row', 'rows of each matrix split over the GPUs', 'parallelism', '--split-mode', '-sm', 'LLAMA_ARG_SPLIT_MODE', 'split_mode'),
      // -ts 3,1: the devices given a share are the GPUs the layers are spread over (tensor-split.ts).
      reads(tensorSplit('llamacpp'), '--tensor-split', '-ts', 'LLAMA_ARG_TENSOR_SPLIT', 'tensor_split'),
      // The routed experts kept in host RAM (cpu-moe.ts): read as "cpu moe [N]" (memory/gguf.ts).
      reads(overrideTensors('llamacpp'), '--override-tensor', '-ot'),
      reads(cpuMoeSwitch, '--cpu-moe', '-cmoe'),
      reads(cpuMoeLayers, '--n-cpu-moe', '-ncmoe'),
      unmodelled("a draft model's weights and KV cache beside the target's", 'weights', '--model-draft', '-md'),
      unmodelled("the draft model's layers on the GPU", 'weights', '--gpu-layers-draft', '-ngld'),
      unmodelled("the draft model's context", 'kv cache', '--ctx-size-draft', '-cd'),
      unmodelled("a LoRA adapter's weights beside the model", 'weights', '--lora'),
      unmodelled("a LoRA adapter's weights beside the model", 'weights', '--lora-scaled'),
      // -mm / -mmu, its short flags (common/arg.cpp {"-mm", "--mmproj"}), are blanked with their file inside a llama.cpp
      // command (commands.ts OTHER_FILE_FLAGS): the file's dtype ("-mm mmproj-BF16.gguf", ggml-org/llama.cpp#27264, corpus
      // c2006) is the projector's, never the run's. Outside a command the config keys do not read a two-letter short flag.
      unmodelled("the multimodal projector's weights beside the model", 'weights', '--mmproj', '--mmproj-url', 'LLAMA_ARG_MMPROJ'),
      unmodelledSwitch('a full-size KV cache for sliding-window layers', 'kv cache', '--swa-full'),
      // -np: server slots share the -c tokens of one KV cache (kv_unified), so the cache stays -c tokens.
      none('--parallel', '-np', 'LLAMA_ARG_N_PARALLEL'),
      reads(numeric('gen'), '--n-predict', '--predict', 'LLAMA_ARG_N_PREDICT', 'n_predict'),
      ...noneEach(`--threads --threads-batch --main-gpu --mlock --no-mmap --hf-repo --hf-file --host --port --alias
        --cont-batching --no-cont-batching --rope-scaling --rope-freq-base --rope-freq-scale --yarn-orig-ctx --draft-max
        --draft-min --keep --no-warmup --cache-reuse --numa --jinja --chat-template --chat-template-file --temp --top-k
        --top-p --min-p --repeat-penalty --seed --slots --metrics --api-key --embedding --embeddings --pooling
        --defrag-thold --kv-unified --no-op-offload --log-file --verbose --ctx-checkpoints --cache-ram --prompt
        --file --interactive --conversation --no-display-prompt --timeout --threads-http --reasoning-format
        LLAMA_ARG_THREADS LLAMA_ARG_HOST LLAMA_ARG_PORT LLAMA_ARG_CONT_BATCHING LLAMA_ARG_ENDPOINT_METRICS
        n_threads use_mmap use_mlock`),
    ]);
  },
};
