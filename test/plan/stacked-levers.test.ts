import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * Where no lever fits alone, the reply offers the fewest that fit together (plan/levers.ts `stacked`):
 * a stranger's Chinese LoRA question on two 4090s got three levers, each ✗, and no way out.
 */
const estimateOf = (text: string, previous: Parameters<typeof respond>[1] = null) => respond(text, previous);

describe('levers that fit only together', () => {
  const text = '请问用两张4090微调Qwen2.5-14B，lora，序列长度2048，batch size 4，会不会爆显存？';

  it('are offered first, and the stack sent as a follow-up fits as it says', () => {
    const turn = estimateOf(text);
    const reply = turn.reply as EstimateReply;
    expect(reply.estimate.fits).toBe(false);
    const first = reply.levers[0]!;
    expect(first.fits).toBe(true);
    expect(first.change.split(' ').length).toBeGreaterThan(1);
    expect(first.change).not.toMatch(/\bseq\b/); // the user's data is not shortened
    const followed = estimateOf(first.change, turn.state).reply as EstimateReply;
    expect(followed.estimate.fits).toBe(true);
    expect(followed.estimate.deviceBytes).toBe(first.deviceBytes);
  });

  it('are not offered where one lever fits alone', () => {
    // qlora alone fits at micro-batch 1 (20.3 of 23.6 GiB): no stack beside it.
    const reply = estimateOf('qwen2.5-14b lora mbs 1 ga 4 seq 2048 on 2x rtx-4090').reply as EstimateReply;
    expect(reply.levers[0]!.change).toBe('qlora');
    expect(reply.levers[0]!.fits).toBe(true);
    expect(reply.levers.filter((l) => l.change.startsWith('qlora '))).toEqual([]);
  });
});
