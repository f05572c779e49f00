import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22: a count said after the card with a counter word the counter rule did not read was lost,
 * and one card read with no word. Real lines: "p40 显卡三张" (zai-org/GLM-4#173, c1118: three P40,
 * the count in words after the card and its noun) and "Nvidia A5000 24GB 4 sheets" (h2oai/h2o-llmstudio#330,
 * c1100: 장, the Korean counter, put into English as "sheets").
 */

const gpus = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r.scenario.hardware?.count;
};

describe('a count after the card', () => {
  it.each([
    ['运行openai_api_server.py 显示内存不足\n\nCuda 12.3\npython 3.11.5\ncentos 7\np40 显卡三张\n\nglm-4-9b vllm', 3],
    ['glm-4-9b vllm 推理 A100显卡两张 显存不足', 2],
    ['lora qwen-7b, 4090 gpu 两块, oom', 2],
    ["I'm trying to train Polyglot 12.8B model, but I'm getting an OOM error. The GPU I am using is Nvidia A5000 24GB 4 sheets", 4],
    ['full finetune llama-2-7b on 2 sheets of RTX A5000, OOM', 2],
  ])('%j reads %i cards', (text, n) => {
    expect(gpus(text)).toBe(n);
  });
});
