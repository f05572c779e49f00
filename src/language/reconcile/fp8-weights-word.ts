import type { Item } from '../items.js';

/**
 * "单卡无法运行DeepSeek Qwen 14B fp8精度" (one card cannot run the 14B at fp8 precision) over a vLLM command
 * with `--quantization fp8 --dtype=float16` (intel/llm-scaler, corpus c1125): vLLM's fp8 is a weight format
 * (online FP8 quantisation, vllm/model_executor/layers/quantization/fp8.py), computed in the model dtype,
 * so "fp8" said beside fp8 weights names those weights, not a compute dtype that contradicts `--dtype`.
 * The fp8 precision word is dropped when the weights are fp8 and a 16-bit dtype is said too.
 */
export const FP8_WEIGHTS_WORD_RULE = {
  id: 'reconcile.fp8-weights-word',
  example: '单卡无法运行DeepSeek Qwen 14B fp8精度 … --dtype=float16 … --quantization fp8',
  source: 'intel/llm-scaler (corpus c1125); vllm quantization/fp8.py',
} as const;

const SIXTEEN_BIT = /(?:^|\+)(?:bf16|fp16)$/;

export function fp8WeightsWord(items: Item[], notes: string[]): Item[] {
  const fp8Weights = items.some((i) => i.kind === 'weights' && i.value === 'fp8');
  if (!fp8Weights) return items;
  const sixteen = items.some((i) => i.kind === 'precision' && SIXTEEN_BIT.test(i.value));
  if (!sixteen) return items;
  const words = items.filter((i) => i.kind === 'precision' && i.value === 'fp8');
  if (words.length === 0) return items;
  notes.push(`"${words[0]!.text.trim()}" read as the fp8 weights, computed in the 16-bit dtype the command sets`);
  return items.filter((i) => !words.includes(i));
}
