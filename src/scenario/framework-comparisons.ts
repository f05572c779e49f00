import type { MentionRow } from './framework-mentions.js';

/**
 * A framework named as the yardstick of a comparison is not the run's program: "I am not sure if
 * multi-gpu config allows for CPU offload like deepspeed" (huggingface/trl#1268, c888: the run is
 * accelerate's multi-GPU DDP), "unlike vLLM it OOMs at 8k", "compared to DeepSpeed, my FSDP run uses
 * more", "uses more memory than llama.cpp", "instead of DeepSpeed", 相比deepspeed / 比起vllm / 不像vllm.
 * The name must follow the comparing word directly (an article or "the" between): "would like to use
 * DeepSpeed" and "I'd like DeepSpeed ZeRO-3" want the tool and stay the run's, and "vs" is left to a
 * comparison question (language/reconcile/compares.ts), which weighs both sides. An equality ("as fast as
 * ExLlamaV2", "on par with vLLM", "和 ExLlamaV2 一样快") measures the run against the tool the same way.
 */

/**
 * An equality comparison: "as fast as ExLlamaV2 kernels" (casper-hansen/AutoAWQ#365, c2036: AutoAWQ's kernel
 * benchmark measured against ExLlamaV2's), "almost as memory efficient as Unsloth". One or two words between
 * the two "as"; "as well as" joins two tools the user runs, and "as long as", "as soon as", "as far as" are conditions
 * and times, no comparison.
 */
const AS_ADJECTIVE_AS = String.raw`as\s+(?!(?:well|soon|long|far)\s+as\b)(?:[a-z-]+\s+){1,2}?as`;
/** The same comparison said after the name in Chinese: "和 ExLlamaV2 一样快", "跟 vllm 差不多". */
const AS_ZH_AFTER = /^\s*(?:内核|kernels?)?\s*(?:一样|相同|相当|差不多|相近|保持一致|一致|对齐)/i;
const AS_ZH_BEFORE = /(?:和|与|跟|同)\s*$/;
const COMPARING = new RegExp(
  String.raw`(?:(?<!\b(?:would|'d|i|we|you|they|to)\s+)\b(?:like|unlike|than|compared\s+(?:to|with)|in\s+line\s+with|(?:consistent|aligned)\s+with|identical\s+to|in\s+comparison\s+(?:to|with)|as\s+opposed\s+to|instead\s+of|rather\s+than|similar\s+to|on\s+par\s+with|${AS_ADJECTIVE_AS})\s+(?:the\s+|an?\s+)?|(?:相比(?:于)?|比起|不像|不同于|而不是)\s*)$`,
  'i',
);

export const COMPARISON_ROW: MentionRow = {
  id: 'mention.comparison-yardstick',
  kind: 'contrast',
  words: (text, at, end) => {
    const before = COMPARING.exec(text.slice(Math.max(0, at - 40), at));
    if (before) return `${before[0]}${text.slice(at, end)}`.trim();
    const zhBefore = AS_ZH_BEFORE.exec(text.slice(Math.max(0, at - 4), at));
    const zhAfter = zhBefore ? AS_ZH_AFTER.exec(text.slice(end, end + 12)) : null;
    return zhBefore && zhAfter ? `${zhBefore[0]}${text.slice(at, end)}${zhAfter[0]}`.trim() : null;
  },
  example: 'I am not sure if multi-gpu config allows for CPU offload like deepspeed.',
  source: 'huggingface/trl#1268 (c888); casper-hansen/AutoAWQ#365 (c2036, "as fast as ExLlamaV2 kernels")',
};
