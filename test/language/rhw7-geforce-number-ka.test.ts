import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Session 41, rhw7: a GeForce card named by its number alone with 卡 ("card") glued after it, counted in
 * Chinese: "我用了5张3090卡lora微调Qwen-14b-chat" (QwenLM/Qwen#525, c3211, b96: read as no card at all; the same
 * phrasing in c271, c1066 b31, c1280 b38 was read only where the message named the card again). The variations
 * were written from the phenomenon before the fix (figures in the commit message).
 */

function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) return r.ok ? 'help' : `refused: ${r.error.message}`;
  // The hardware alone: a reported OOM's tail (" oom") is another field's.
  return / (on [^ ]+ [^ ]+|how many .*|which gpu.*|\d+ nodes of .*)(?: oom)?$/.exec(canonicalText(r.scenario))?.[1] ?? '(no hardware)';
}

describe('"N张3090卡": N GeForce cards, the 卡 after the number the word "card"', () => {
  const variations: [string, string][] = [
    ['用4块3090卡训练qwen-7b lora', 'on 4x rtx-3090'],
    ['我用了5张3090卡lora微调Qwen-14b-chat模型包显存溢出', 'on 5x rtx-3090'],
    ['8张3090显卡全参微调chatglm2-6b，显存不够', 'on 8x rtx-3090'],
    ['单机4张4090卡部署qwen2.5-32b，vllm tp 4', 'on 4x rtx-4090'],
    ['服务器是2块3080卡，跑chatglm-6b推理', 'on 2x rtx-3080'],
    ['4x 3090卡 训练qwen-7b lora', 'on 4x rtx-3090'],
    ['我有3张4090 卡，想用 qlora 微调 qwen-14b', 'on 3x rtx-4090'],
    ['用4块rtx3090卡训练qwen-7b lora', 'on 4x rtx-3090'],
    ['两台机器每台8张3090卡，微调baichuan2-13b lora', 'on 16x rtx-3090'],
  ];
  for (const [text, hardware] of variations) {
    it(`"${text}": ${hardware}`, () => {
      expect(read(text)).toBe(hardware);
    });
  }
});

describe('a GeForce number with 卡 and no count, or a count of cards alone, is read as before', () => {
  it('"3090显卡 24GB显存" is one 3090, not 3090 cards', () => {
    expect(read('qwen-7b lora 微调，3090显卡 24GB显存')).toBe('on 1x rtx-3090');
  });
  it('"8卡A100" is eight A100', () => {
    expect(read('8卡A100全参微调llama-2-7b')).toBe('on 8x a100-80g');
  });
});
