import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { Estimate } from '../../src/memory/types.js';

function estimateOf(text: string): Estimate {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${reply.kind === 'error' ? reply.message : reply.kind}`);
  return reply.estimate;
}

const part = (e: Estimate, key: string) => e.components.find((c) => c.key === key)?.bytes ?? 0;

/** Llama 3.2 Vision's cross-attention layers read K and V from the image, never from the text. */
describe('cross-attention layers of Llama 3.2 Vision', () => {
  it('cache no text tokens: the 11B KV cache is the 32 self-attention layers of Llama 3.1 8B', () => {
    const vision = estimateOf('llama 3.2 11b vision inference on h100 seq 8192');
    const text = estimateOf('llama 3.1 8b inference on h100 seq 8192');
    expect(part(vision, 'kv')).toBe(part(text, 'kv'));
    expect(part(vision, 'kv')).toBe(2 * 32 * 8 * 128 * 2 * 8192);
    expect(vision.components.find((c) => c.key === 'kv')?.formula).toMatch(/8 cross-attention layers/);
  });

  it('leave vLLM a KV cost per token of the 80 self-attention layers of 100', () => {
    const e = estimateOf('llama-3.2-90b-vision serve on 8x h100 tp 8');
    expect(e.serving!.kvBytesPerToken).toBe(2 * 80 * 1 * 128 * 2);
  });

  it('are trained in a full fine-tune, the vision encoder frozen', () => {
    const e = estimateOf('llama-3.2-11b-vision full fine-tune on 8xh100 zero3');
    const base = estimateOf('llama-3.1-8b full fine-tune on 8xh100 zero3');
    expect(part(e, 'optimizer') / part(base, 'optimizer')).toBeGreaterThan(1.2);
    expect(part(e, 'vision')).toBeCloseTo((895_028_755 * 2) / 8, 0);
  });
});
