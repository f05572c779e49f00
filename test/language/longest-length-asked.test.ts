import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/** Issue 22: the longest length asked, read by its structure (question-length.ts), in several phrasings and languages. */
const asked = (text: string) => {
  const r = respond(text, null).reply as EstimateReply;
  return (r.trace ?? []).some((f) => f.fact === 'question' && /maxSeq|max seq/i.test(String(f.value)));
};

describe('the longest length asked is the question "max seq"', () => {
  it.each([
    'full fine-tune gemma 3 12b on 1x A100, what is the maximum token length per sample?',
    "llama 3 8b lora on a 4090: what's the longest sequence I can train with?",
    'How long can my context be for qwen2.5 7b on a 3090 with vllm?',
    'qwen2.5-7b lora on 24GB, how many tokens per sample can I fit?',
    'mistral-7b qlora on a T4 — what is the largest context window I could use?',
    'serving llama-3-8b on one L4, how much context can each request have?',
    '最大能支持多长的上下文？qwen2.5-7b vllm 4090',
    'qwen2.5-7b 用 vllm 跑在 4090 上，最长上下文可以设多少？',
    'RTX 4090에서 llama-3-8b를 돌릴 때 최대 컨텍스트 길이는 얼마인가요?',
    'RTX 4090でllama-3-8bを動かすと最大コンテキスト長はどのくらいですか？',
  ])('%s', (text) => expect(asked(text)).toBe(true));
});

describe('lengths that are not asked stay settings or are left alone', () => {
  it.each([
    // a value makes it a setting
    'llama 3 8b lora on a 4090 with max context length of 8192',
    'llama 3 8b lora on a 4090, maximum sequence length = 4096?',
    // the model's own window, not the user's run
    'what is the maximum context length the model supports? llama-3-8b on a 4090',
    // the extent as a setting ("with max context")
    'Can I serve llama-3-8b on a 4090 with max context length?',
    // a statement asks nothing
    'I trained llama-3-8b with lora on a 4090 at the longest sequence.',
    // 多少 alone is no extent: a speed, a published test's length
    'llama-3-8b 在 4090 上每秒大概能生成多少tokens',
  ])('%s', (text) => expect(asked(text)).toBe(false));
});
