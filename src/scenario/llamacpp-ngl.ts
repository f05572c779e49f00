/**
 * The largest -ngl llama.cpp takes: it keeps n_gpu_layers as an int32_t (common/common.h, the
 * params' `n_gpu_layers`) and offloads min(ngl, layers) (llama-model.cpp, load_tensors), so any
 * count past the model's layers means every layer. People write 999, 9999 or 15000 for that
 * (corpus c3171): the bound is int32's, not a guess at the deepest model.
 *
 * Its own module, like cpu-moe-all.ts, so the ranges and the schema share it without importing each other.
 */
export const LLAMA_CPP_NGL_MAX = 2_147_483_647;
