import { promptBatch } from '../serving.js';
import { IGNORE, numberOf, say, type Handler } from '../values.js';
import { none, noneEach, reads, shared, unmodelled, unmodelledWhen, type Engine, optionsOnce } from './types.js';

/**
 * num_gpu: the layers Ollama offloads to the GPU (llama.cpp's -ngl), never a GPU count; -1 is its
 * "all that fit". 0 runs every layer on the CPU: no GPU run to size ("Ollama runs DeepSeek fine
 * with num_gpu set to 0", ollama/ollama#9295, corpus c325): said, not read.
 */
const layersOnGpu: Handler = (v) => {
  const n = numberOf(v);
  if (n === 0) return { ignore: true, note: 'num_gpu 0 runs every layer on the CPU: the estimate is of a run with layers on the GPU (say ngl N for yours)' };
  return n > 0 ? say(`ngl ${n}`) : IGNORE;
};

/**
 * A Modelfile's `ADAPTER ./my-lora.gguf` line (Ollama's docs/modelfile.md: instruction, then its
 * argument; no colon): the adapter file as a pair, `adapter=./my-lora.gguf`, read in Ollama's
 * namespace, never a LoRA fine-tune from the file's name. The same length, so places are kept.
 */
export const MODELFILE_ADAPTER = /^([ \t]*)adapter[ \t](?=[ \t]*\S*[./])/gm;

/**
 * Ollama's options: the server's environment variables (envconfig/config.go) and the model options
 * a Modelfile's PARAMETER lines or an API request's `options` set (api/types.go `Options`,
 * `Runner`), read at ollama/ollama v0.33.0-rc2. Ollama runs llama.cpp's engine: the KV cache is
 * num_ctx tokens for each of OLLAMA_NUM_PARALLEL sequences ("Required RAM will scale by
 * OLLAMA_NUM_PARALLEL * OLLAMA_CONTEXT_LENGTH", its FAQ).
 */
export const OLLAMA: Engine = {
  id: 'ollama',
  name: 'Ollama',
  named: /ollama|modelfile/i,
  source: 'ollama/ollama v0.33.0-rc2 envconfig/config.go, api/types.go Options and Runner',
  says: 'ollama',
  get options() {
    return optionsOnce(this, () => [
      shared('OLLAMA_CONTEXT_LENGTH'),
      shared('OLLAMA_NUM_PARALLEL'),
      shared('OLLAMA_FLASH_ATTENTION'),
      shared('OLLAMA_KV_CACHE_TYPE'),
      shared('num_ctx'),
      reads(layersOnGpu, 'num_gpu'),
      reads(promptBatch, 'num_batch'),
      // OLLAMA_GPU_OVERHEAD: bytes kept free on each GPU; OLLAMA_SCHED_SPREAD: a model spread over every GPU.
      unmodelled('memory kept free on each GPU', 'peak', 'OLLAMA_GPU_OVERHEAD'),
      unmodelled('the model spread over all GPUs, not packed on the fewest', 'parallelism', 'OLLAMA_SCHED_SPREAD'),
      // A Modelfile's ADAPTER line: a LoRA adapter applied to the base model.
      unmodelledWhen((v) => /[./]/.test(v), "a LoRA adapter's weights beside the model", 'weights', 'ADAPTER'),
      // OLLAMA_MAX_LOADED_MODELS: other models resident at once, each sized on its own.
      none('OLLAMA_MAX_LOADED_MODELS'),
      ...noneEach(`OLLAMA_HOST OLLAMA_MODELS OLLAMA_KEEP_ALIVE OLLAMA_MAX_QUEUE OLLAMA_DEBUG OLLAMA_ORIGINS OLLAMA_LOAD_TIMEOUT
        OLLAMA_LLM_LIBRARY OLLAMA_NOPRUNE OLLAMA_NOHISTORY OLLAMA_AUTH OLLAMA_DEBUG_LOG_REQUESTS OLLAMA_EDITOR
        OLLAMA_GO_TEMPLATE OLLAMA_IGPU_ENABLE OLLAMA_MAX_TRANSFER_STREAMS OLLAMA_NO_CLOUD OLLAMA_REMOTES OLLAMA_VULKAN
        num_keep seed num_predict top_k top_p min_p typical_p repeat_last_n temperature repeat_penalty presence_penalty
        frequency_penalty stop main_gpu use_mmap num_thread keep_alive`),
    ]);
  },
};
