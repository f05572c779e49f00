import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * A node count with no GPUs per node, against a dp the command sets: the dp's count is read and
 * the node reading asked beside it (scenario/hardware.ts), never refused. Real line: vllm-project/vllm
 * (corpus c814), "In my H20 8 nodes … vllm serve … -dp=8".
 */
const ok = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { hw: r.scenario.hardware, said: [...r.assumptions, ...r.notices].join(' | ') };
};

describe('dp against a node count whose GPUs per node were a default', () => {
  it('reads the dp of c814 and asks about the nodes', () => {
    const { hw, said } = ok('In my H20 8 nodes, I am unable to run llama-2-7b: vllm serve meta-llama/Llama-2-7b-hf -dp=8');
    expect(hw).toMatchObject({ gpuId: 'h20', count: 8 });
    expect(said).toMatch(/"8 nodes" at 8 GPUs each would be 64 — which did you mean\?/);
  });

  it.each([
    ['llama-2-7b vllm serve --data-parallel-size 4 on 2 nodes of h100', 4],
    ['llama-2-7b vllm serve tp 2 dp 2 on 4 nodes of a100', 4],
  ])('%s', (text, count) => {
    expect(ok(text).hw?.count).toBe(count);
  });

  // Both said, and they disagree: pasted as a command (a tolerant reading), the dp is set aside (the nodes' cards are stated
  // in full) and the reply says so with both (scenario/check-set-aside.ts: asked, never refused); typed as items it is still refused.
  it('sets the dp aside, said with both, when the GPUs per node were said in a pasted command', () => {
    const { hw, said } = ok('llama-2-7b vllm serve -dp=8 on 8 nodes of 8x h20');
    expect(hw?.count).toBe(64);
    expect(said).toMatch(/"-dp=8" set aside as your setup's dp: dp 8 × 1 GPUs per model replica \(tp·pp·cp\) is 8, not the 64 GPUs asked/);
  });

  it('agrees silently when dp matches the default layout', () => {
    const { hw, said } = ok('llama-2-7b vllm serve -dp=16 on 2 nodes of h100');
    expect(hw?.count).toBe(16);
    expect(said).not.toMatch(/which did you mean/);
  });
});
