import type { Scenario } from '../scenario/schema.js';

/**
 * Aphrodite Engine (PygmalionAI/aphrodite-engine, renamed dphnAI/sonar), a fork of vLLM: the same
 * gpu_memory_utilization budget and paged KV cache, but not vLLM's start-up refusal. From v0.6.0
 * (the release candidate f1d0b77c, 2024-09-03) its aphrodite/task_handler/worker.py
 * `raise_if_cache_size_invalid` keeps vLLM's ValueError commented out and, when the model's max seq
 * len is larger than the tokens the KV cache holds, logs an error and goes on: "Forcing
 * max_model_len to {max_seq_len}". A pool of no blocks still stops it ("No available memory for the
 * cache blocks"). v0.5.3 (9d81716b) still raised vLLM's error; the language names no Aphrodite
 * release, so the current behaviour is read.
 */
export function aphroditeShortensToPool(s: Scenario): boolean {
  return s.mode === 'inference' && s.inference.engine === 'vllm' && s.inference.fork === 'aphrodite';
}

/** Aphrodite's own words when the pool is short of one max-model-len sequence. */
export function aphroditeClampWords(seq: number, poolTokens: number): string {
  return `Aphrodite (v0.6.0 on) does not refuse a pool shorter than max-model-len: "The model's max seq len (${seq}) is larger than the maximum number of tokens that can be stored in KV cache (${poolTokens}) … Forcing max_model_len to ${poolTokens}" (task_handler/worker.py raise_if_cache_size_invalid), so a longer request is refused, not the server`;
}
