import type { Item } from '../items.js';

/**
 * In llama.cpp and the apps built on it, "batch" and "micro-batch" are the prompt-processing batch (n_batch,
 * `-b`, default 2048) and its physical step (n_ubatch, `-ub`, default 512): tokens of one prompt processed per
 * step, not sequences held at once (llama.cpp common/arg.cpp; LM Studio's "Evaluation Batch Size"). "batch
 * 8192, microbatch 128, context 32768 … one slot" (an LM Studio report, c2239) had been read as 8192
 * sequences, then as 128 sequences accumulated 64 times. Said in prose beside such a runtime, they are set
 * aside with a note; one sequence at a time (the default) stands unless the message says slots or parallel
 * requests. The keys (`-b`, `--batch-size`, `n_batch`) are read by their own tables.
 */
export const PROMPT_BATCHES = {
  id: 'reconcile.prompt-processing-batch',
  runtime: /\bllama[.\s_-]?cpp\b|\bllamacpp\b|\blm\s?studio\b|\bkobold\.?cpp\b|\bllama-(?:server|cli)\b/i,
  example: 'LM Studio: batch 8192, microbatch 128, context 32768, one slot',
  source: 'corpus c2239 (an LM Studio report)',
} as const;

export function promptProcessingBatches(items: Item[], text: string, notes: string[]): Item[] {
  if (!text || !PROMPT_BATCHES.runtime.test(text)) return items;
  // A training run (llama.cpp's finetune example, a LoRA trained elsewhere and served here) keeps its batch.
  if (items.some((i) => i.kind === 'mode' && i.value !== 'inference' && i.value !== 'run')) return items;
  return items.filter((i) => {
    if (i.kind !== 'batch' || i.field !== 'mbs' || /[_=]|--|(?:^|\s)-u?b\b/.test(i.text)) return true;
    // Worded as the keys' own note (config-keys/serving.ts promptBatch), with the user's words.
    notes.push(`"${i.text.trim()}" is llama.cpp's prompt tokens processed per step (n_batch / n_ubatch), not a batch of requests: one sequence assumed`);
    return false;
  });
}
