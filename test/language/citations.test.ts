import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * A GitHub thread a message cites is no setting: "see NVIDIA/TensorRT-LLM#2123" was refused for
 * "2123" as a number with no unit, and the cited repository read as the model. Each line must read
 * as the same setup without the citation.
 */
const base = 'qwen2-72b on 4x a30';
const bytes = (text: string) => {
  const reply = respond(text, null).reply as EstimateReply;
  expect(reply.kind, text).toBe('estimate');
  return reply.estimate.deviceBytes;
};

describe('a cited thread is no setting', () => {
  it.each([
    `${base}, same OOM as NVIDIA/TensorRT-LLM#2123`,
    `${base} (see vllm-project/vllm#10964)`,
    `${base} — related to #2123`,
    `${base}; same issue as #45 and #1234.`,
    `see NVIDIA/TensorRT-LLM#2123: ${base}`,
    `${base}\n\nduplicate of hiyouga/LlamaFactory#4642`,
  ])('%s', (text) => {
    expect(bytes(text)).toBe(bytes(base));
  });

});
