import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { namesOneFsdp } from '../../src/language/fsdp-strategy.js';
import type { EstimateReply } from '../../src/reply/types.js';

/** FSDP with its sharding strategy named is one run (issue 22): neither refused as a contradiction nor set aside as tried. */
const sharding = (text: string) => {
  const r = respond(text, null).reply;
  return r.kind === 'estimate' ? (r as EstimateReply).canonical.match(/\b(fsdp shard_grad_op|hsdp|fsdp|zero\d|ddp)\b/)?.[1] ?? null : `not estimated: ${r.kind}`;
};

describe('FSDP and its strategy name one run', () => {
  it.each([
    ['llama-3-8b full on 8x h100 with FSDP (shard grad op)', 'fsdp shard_grad_op'],
    ['llama-3-8b full on 8x h100 fsdp hybrid_shard', 'hsdp'],
    ['llama-3-8b full on 8x h100 hybrid shard, fsdp', 'hsdp'],
    ['llama-3-8b full on 8x h100, FSDP with SHARD_GRAD_OP', 'fsdp shard_grad_op'],
    ['llama-3-8b full fsdp full shard on 8x h100', 'fsdp'],
  ])('%s → %s', (text, expected) => expect(sharding(text)).toBe(expected));

  it('two real alternatives are still two: fsdp and zero3 contradict, "zero2, zero3" were tried', () => {
    expect(sharding('llama-3-8b full on 8x h100 fsdp zero3')).toBe('not estimated: error');
    expect(namesOneFsdp('fsdp', 'zero3')).toBe(false);
    expect(namesOneFsdp('fsdp-grad-op', 'hsdp')).toBe(false);
    expect(namesOneFsdp('hsdp', 'fsdp')).toBe(true);
  });
});
