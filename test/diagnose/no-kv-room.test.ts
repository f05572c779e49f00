import { describe, expect, it } from 'vitest';
import { ConsoleSession } from '../../src/adapters/console/session.js';
import { fixture } from './fixtures.js';

/** vLLM's "no cache blocks" held against the thread's setup: the utilization lever only where it can make room. */
async function diagnosisAfter(request: string): Promise<string> {
  const session = new ConsoleSession(undefined, null);
  await session.handle(request);
  return session.handle(fixture('vllm-no-cache-blocks').text);
}

describe('vLLM found no room for a KV block', () => {
  it('weights that alone pass 0.95 of the card: no utilization is offered, splitting is', async () => {
    const reply = await diagnosisAfter('serve llama-3-70b bf16 vllm on 1x a100-80g');
    expect(reply).toMatch(/Utilization cannot give it: the weights alone/);
    expect(reply).not.toMatch(/Raise --gpu-memory-utilization/);
    expect(reply).toMatch(/--tensor-parallel-size 2/);
  });

  it('weights well under the card: raising the utilization stays the first lever', async () => {
    const reply = await diagnosisAfter('serve llama-3-8b bf16 vllm on 1x a100-80g');
    expect(reply).toMatch(/Raise --gpu-memory-utilization \(up to about 0\.95\)/);
    expect(reply).not.toMatch(/Utilization cannot give it/);
  });
});
