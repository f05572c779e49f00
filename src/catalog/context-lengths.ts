/**
 * Each catalog model's own context length: what a server takes as its max-model-len when none is
 * given. vLLM derives it from config.json (vllm/config.py `_get_and_verify_max_len`: the smallest of
 * max_position_embeddings, n_positions, max_seq_len, seq_length, model_max_length …, times a
 * rope_scaling factor where the config sets a linear one, which `servedContextLengthOf` applies
 * below); the table holds max_position_embeddings (seq_length for Baichuan, Bloom and Falcon's
 * configs). Values are the config.json of the instruct / chat release the catalog entry aliases
 * (Qwen2.5-7B-Instruct 32768, not the base's 131072). Models with learned positions carry the
 * bound in their architecture (maxPositions), which takes precedence.
 */
const CONTEXT_LENGTH: Readonly<Record<string, number>> = {
  'baichuan-7b': 4096, 'baichuan-13b': 4096, 'baichuan2-7b': 4096, 'baichuan2-13b': 4096,
  'glm-4.5': 131072, 'glm-4.5-air': 131072,
  'gemma-2b': 8192, 'gemma-7b': 8192, 'gemma-2-2b': 8192, 'gemma-2-9b': 8192, 'gemma-2-27b': 8192,
  'gemma-3-1b': 32768, 'gemma-3-4b': 131072, 'gemma-3-12b': 131072, 'gemma-3-27b': 131072,
  'gpt-oss-20b': 131072, 'gpt-oss-120b': 131072,
  'bloomz-7b1': 2048, 'stablelm-base-alpha-3b': 4096, 'gpt-j-6b': 2048, 'falcon-7b': 2048, 'falcon-40b': 2048,
  'llama-4-scout': 10485760, 'llama-4-maverick': 1048576,
  'deepseek-v2-lite': 163840, 'deepseek-v2': 163840, 'deepseek-v3': 163840, 'deepseek-r1': 163840,
  'deepseek-coder-1.3b': 16384, 'deepseek-coder-6.7b': 16384, 'deepseek-coder-33b': 16384,
  'kimi-k2': 131072,
  // Kimi Linear's config.json has no max_position_embeddings (KimiLinearConfig; model_max_length 1,048,576, the window a
  // public serving campaign of the checkpoint ran at: 'max model length = 1,048,576').
  'kimi-linear-48b-a3b': 1048576,
  // The thirteenth session's models (rcat), max_position_embeddings (seq_length, max_seq_len) of the
  // config.json each entry's source names: InternVL's from its llm_config (InternLM2/2.5 32768, the
  // Llama-3-70B language model 8192, Qwen2.5 32768); Qwen-VL-Chat's seq_length 2048; GLM-4V's seq_length
  // 8192; DBRX's max_seq_len 32768; Hunyuan-A13B's 32768 (its longer window is dynamic NTK scaling, which
  // vLLM does not multiply in); EXAONE 3.5 2.4B 32768, EXAONE 4.0 32B 131072; OpenLLaMA and OLMo-1B 2048.
  'qwen3-coder-480b-a35b': 262144, 'qwen-vl-9.6b': 2048, 'qwen2.5-vl-32b': 128000, 'glm-4v-9b': 8192,
  'internvl2-8b': 32768, 'internvl2.5-8b': 32768, 'internvl2-26b': 32768, 'internvl2-llama3-76b': 8192,
  'internvl3-8b': 32768, 'internvl3-78b': 32768, 'dbrx-132b-a36b': 32768, 'hunyuan-80b-a13b': 32768,
  'exaone-3.5-2.4b': 32768, 'exaone-4.0-32b': 131072, 'open-llama-3b-v2': 2048, 'open-llama-7b': 2048, 'olmo-1b': 2048,
  // The fourteenth session's models (rcat2): CodeGen's and MOSS's n_positions 2048; InternLM-7B's
  // max_position_embeddings 2048; Mistral-Small-Instruct-2409 32768, Mistral-Large-Instruct-2407 131072.
  'codegen-2b': 2048, 'codegen-16b': 2048, 'moss-moon-003-16b': 2048, 'internlm-7b': 2048,
  'mistral-small-22b': 32768, 'mistral-large-123b': 131072,
  // Phi-3-vision-128k-instruct: max_position_embeddings 131072 (LongRoPE over an original 4096).
  'phi-3-vision-4.2b': 131072,
  // The fifteenth session's models (rcat3): InternVL2.5-38B's llm_config (Qwen2.5-32B-Instruct) 32768;
  // LLaVA-Video-72B's Qwen2-72B-Instruct 32768; GLM-130B's --max-sequence-length 2048; LLaDA-8B's
  // max_sequence_length 4096; CogVLM-17B's max_position_embeddings 2048.
  'internvl2.5-38b': 32768, 'llava-video-72b': 32768, 'glm-130b': 2048, 'llada-8b': 4096, 'cogvlm-17b': 2048,
  'llama-1-7b': 2048, 'llama-1-13b': 2048, 'llama-1-33b': 2048, 'llama-1-65b': 2048,
  'llama-2-7b': 4096, 'llama-2-13b': 4096, 'llama-2-70b': 4096,
  'codellama-7b': 16384, 'codellama-13b': 16384, 'codellama-34b': 16384,
  'llama-3-8b': 8192, 'llama-3-70b': 8192,
  'llama-3.1-8b': 131072, 'llama-3.1-70b': 131072, 'llama-3.1-405b': 131072,
  'llama-3.2-1b': 131072, 'llama-3.2-3b': 131072, 'llama-3.2-11b-vision': 131072, 'llama-3.2-90b-vision': 131072,
  'tinyllama-1.1b': 2048,
  'qwen1.5-0.5b': 32768, 'qwen1.5-1.8b': 32768, 'qwen1.5-4b': 32768, 'qwen1.5-7b': 32768,
  'qwen1.5-14b': 32768, 'qwen1.5-32b': 32768, 'qwen1.5-72b': 32768, 'qwen1.5-110b': 32768,
  'qwen2-0.5b': 32768, 'qwen2-1.5b': 32768, 'qwen2-7b': 32768, 'qwen2-72b': 32768,
  'qwen2.5-0.5b': 32768, 'qwen2.5-1.5b': 32768, 'qwen2.5-3b': 32768, 'qwen2.5-7b': 32768,
  'qwen2.5-14b': 32768, 'qwen2.5-32b': 32768, 'qwen2.5-72b': 32768,
  'qwen3-0.6b': 40960, 'qwen3-1.7b': 40960, 'qwen3-4b': 40960, 'qwen3-8b': 40960, 'qwen3-14b': 40960,
  'qwen3-32b': 40960, 'qwen3-30b-a3b': 40960, 'qwen3-235b-a22b': 40960,
  'qwen3-next-80b-a3b': 262144, // config.json max_position_embeddings
  'qwen3.5-27b': 262144, 'qwen3.6-27b': 262144, 'qwen3.6-35b-a3b': 262144, 'qwen3.5-35b-a3b': 262144, 'qwen3.5-397b-a17b': 262144, // text_config max_position_embeddings
  // text_config max_position_embeddings: 0.8B and 4B as an MLLM-team Qwen3.5 checkpoint validator's contract has it, 122B-A10B as
  // alibaba/InferSim hf_configs/qwen3.5-122B-A10B_config.json, 9B as xorbitsai/inference's qwen3.5 family page ("Context Length:
  // 262144"), Qwen3.8-27B as xorbitsai/inference#5337 (context_length 262144 from max_position_embeddings).
  'qwen3.5-9b': 262144, 'qwen3.5-4b': 262144, 'qwen3.5-0.8b': 262144, 'qwen3.5-122b-a10b': 262144, 'qwen3.8-27b': 262144,
  'falcon-180b': 2048, // config max_position_embeddings as NVIDIA/TensorRT-LLM's benchmark docs transcribe it
  'qwen2-57b-a14b': 131072, // config.json max_position_embeddings as NVIDIA/TensorRT-LLM test_modeling_qwen_moe.py copies it
  'qwen2-vl-2b': 32768, 'qwen2-vl-7b': 32768, 'qwen2-vl-72b': 32768, 'qwen2.5-vl-3b': 128000, 'qwen2.5-vl-7b': 128000, 'qwen2.5-vl-72b': 128000,
  'qwen3-vl-2b': 262144, 'qwen3-vl-4b': 262144, 'qwen3-vl-8b': 262144, 'qwen3-vl-32b': 262144,
  'qwen3-vl-30b-a3b': 262144, 'qwen3-vl-235b-a22b': 262144,
  'llava-1.5-7b': 4096, 'llava-1.5-13b': 4096, 'llava-1.6-7b': 4096, 'llava-1.6-34b': 4096,
  'smollm2-1.7b': 8192,
  'yi-6b': 4096, 'yi-1.5-9b': 4096, 'yi-34b': 4096,
  'mistral-7b': 32768, 'mistral-7b-v0.3': 32768, 'mixtral-8x7b': 32768, 'mixtral-8x22b': 65536,
  'mistral-nemo-12b': 1024000, 'mistral-small-3': 32768, 'mistral-small-3.1-24b': 131072,
  'phi-1.5': 2048, 'phi-2': 2048, 'phi-3-mini': 4096, 'phi-3-medium': 4096, 'phi-4': 16384,
  'starcoder2-3b': 16384, 'starcoder2-7b': 16384, 'starcoder2-15b': 16384,
  // Qwen 1: vLLM takes the smaller of max_position_embeddings (8192) and seq_length, which
  // Qwen-14B's config sets to 2048; Qwen-72B's are both 32768.
  'qwen-1.8b': 8192, 'qwen-7b': 8192, 'qwen-14b': 2048, 'qwen-72b': 32768,
  // ChatGLM: max_sequence_length (ChatGLM-6B) or seq_length (ChatGLM2/3, GLM-4-9B-Chat).
  'chatglm-6b': 2048, 'chatglm2-6b': 32768, 'chatglm3-6b': 8192, 'glm-4-9b': 131072,
  'gpt-neox-20b': 2048, 'pythia-1b': 2048, 'pythia-1.4b': 2048, 'pythia-2.8b': 2048, 'pythia-6.9b': 2048, 'pythia-12b': 2048,
  'polyglot-ko-1.3b': 2048, 'polyglot-ko-3.8b': 2048, 'polyglot-ko-5.8b': 2048, 'polyglot-ko-12.8b': 2048,
  'internlm-20b': 4096, 'internlm2-7b': 32768, 'internlm2-20b': 32768,
  // MPT: max_seq_len (ALiBi lets a user raise it; the configs' own values).
  'mpt-7b': 2048, 'mpt-30b': 8192,
  'bloom-3b': 2048, 'command-r-35b': 8192,
  // MiniCPM-2B: vLLM 0.4.2's engine log for MiniCPM-2B-sft-bf16 says max_seq_len=4096 (OpenBMB/MiniCPM#193).
  'minicpm-2b': 4096,
  // Cohere's configs give max_position_embeddings 8192 beside a model_max_length of 131072; vLLM
  // serves the 8192 unless a longer --max-model-len is asked (vllm#3676, fixed by #3727).
  'command-r-plus': 8192,
  // Phi-3.5-MoE-instruct: max_position_embeddings 131072 (LongRoPE over an original 4096; the
  // model card's "128K"). MiniCPM-V 2.6 keeps its Qwen2-7B text model's 32768, MiniCPM-Llama3-V 2.5
  // its Llama-3-8B's 8192 (their config.json).
  'phi-3.5-moe-42b-a6.6b': 131072, 'minicpm-v-2.6-8b': 32768, 'minicpm-llama3-v2.5-8b': 8192,
};

/** The model's own context length (learned positions first, then its config's), or undefined when unknown. */
/**
 * A release the catalog reads as another entry's shape but whose own config.json sets another
 * window: the table's key for the model as the user wrote it. QwQ-32B (Qwen/QwQ-32B, 2025-03) is
 * Qwen2.5-32B's shape with max_position_embeddings 40960 (QwenLM/QwQ#26, "why max_position_embeddings
 * in config.json is changed from 128k to 40k?"), which vLLM, SGLang and ExLlamaV2 take as their
 * default context; QwQ-32B-Preview (2024-11) keeps Qwen2.5-32B-Instruct's 32768.
 */
export function contextKeyOf(model: { id: string | null; asWritten?: string }): string | null {
  const written = model.asWritten ?? '';
  if (model.id === 'qwen2.5-32b' && /qwq/i.test(written) && !/preview/i.test(written)) return 'qwq-32b';
  return model.id;
}

/** Windows of releases read as another catalog entry's shape (contextKeyOf), apart from the catalog's own ids. */
const RELEASE_CONTEXT_LENGTH: Readonly<Record<string, number>> = { 'qwq-32b': 40960 };

export function contextLengthOf(id: string | null, maxPositions?: number): number | undefined {
  if (maxPositions !== undefined) return maxPositions;
  return id === null ? undefined : (CONTEXT_LENGTH[id] ?? RELEASE_CONTEXT_LENGTH[id]);
}

/**
 * config.json rope_scaling factors of type "linear" (or "dynamic"), which servers multiply into the
 * length they serve: vLLM's `_get_and_verify_max_len` (vllm/config.py, every release: rope types
 * other than su / longrope / llama3, and yarn's from original_max_position_embeddings) and SGLang's
 * `get_context_length` (python/sglang/srt/hf_transformers_utils.py) both return
 * max_position_embeddings × factor. DeepSeek-Coder 1.3B / 6.7B / 33B ship "rope_scaling":
 * {"type": "linear", "factor": 4.0} beside max_position_embeddings 16384 (the DeepSeek-Coder
 * paper, §3.4: linear scaling raised from 1 to 4 for its 16K window), so both servers derive
 * 65,536. Llama 3.1 / 3.2 (llama3) and Qwen (no rope_scaling in the instruct configs) are not
 * multiplied.
 */
const SERVED_ROPE_FACTOR: Readonly<Record<string, number>> = {
  'deepseek-coder-1.3b': 4, 'deepseek-coder-6.7b': 4, 'deepseek-coder-33b': 4,
};

/** The length vLLM and SGLang serve without --max-model-len / --context-length: the model's own, times a linear RoPE factor. */
export function servedContextLengthOf(id: string | null, maxPositions?: number): number | undefined {
  const own = contextLengthOf(id, maxPositions);
  if (own === undefined) return undefined;
  return own * (id !== null && maxPositions === undefined ? (SERVED_ROPE_FACTOR[id] ?? 1) : 1);
}

/** The factor a server multiplies in (1 when none), for the reply's wording. */
export function servedRopeFactorOf(id: string | null): number {
  return id === null ? 1 : (SERVED_ROPE_FACTOR[id] ?? 1);
}

/** Ids in the table, for the test that every catalog model has one. */
export const CONTEXT_LENGTH_IDS: readonly string[] = Object.keys(CONTEXT_LENGTH);
