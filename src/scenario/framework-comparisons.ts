import type { MentionRow } from './framework-mentions.js';

/**
 * A framework named as the yardstick of a comparison is not the run's program: "I am not sure if
 * multi-gpu config allows for CPU offload like deepspeed" (huggingface/trl#1268, c888: the run is
 * accelerate's multi-GPU DDP), "unlike vLLM it OOMs at 8k", "compared to DeepSpeed, my FSDP run uses
 * more", "uses more memory than llama.cpp", "instead of DeepSpeed", 相比deepspeed / 比起vllm / 不像vllm.
 * The name must follow the comparing word directly (an article or "the" between): "would like to use
 * DeepSpeed" and "I'd like DeepSpeed ZeRO-3" want the tool and stay the run's, and "vs" is left to a
 * comparison question (language/reconcile/compares.ts), which weighs both sides.
 */
const COMPARING = /(?:(?<!\b(?:would|'d|i|we|you|they|to)\s+)\b(?:like|unlike|than|compared\s+(?:to|with)|in\s+comparison\s+(?:to|with)|as\s+opposed\s+to|instead\s+of|rather\s+than|similar\s+to)\s+(?:the\s+|an?\s+)?|(?:相比(?:于)?|比起|不像|不同于|而不是)\s*)$/i;

export const COMPARISON_ROW: MentionRow = {
  id: 'mention.comparison-yardstick',
  kind: 'contrast',
  words: (text, at, end) => {
    const before = COMPARING.exec(text.slice(Math.max(0, at - 32), at));
    return before ? `${before[0]}${text.slice(at, end)}`.trim() : null;
  },
  example: 'I am not sure if multi-gpu config allows for CPU offload like deepspeed.',
  source: 'huggingface/trl#1268 (c888)',
};
