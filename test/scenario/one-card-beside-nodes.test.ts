import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * One card stated apart from a node count (scenario/hardware.ts): "Our cluster has 40 nodes but I get one
 * A100 80GB" was read as 40 nodes × the default 8 GPUs, 320 A100s, without a word — a GPU count from
 * elsewhere in the message, as c719's 40 cards for a one-card server (xorbitsai/inference#2368). The
 * one card is read, and the nodes' product asked beside it; a count said per node stays per node.
 */

function hardware(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario?.hardware) throw new Error(`not read: ${text}`);
  return { count: r.scenario.hardware.count, said: r.assumptions.join(' | ') };
}

describe('one card beside a node count', () => {
  it.each([
    'Our cluster has 40 nodes but I get one A100 80GB; full fine-tune of qwen2-1.5b',
    'The university HPC has 100 nodes; I am allocated a single H100. lora llama-3-8b',
    'we have 16 nodes in the lab, but my job gets 1 A100 40GB: qlora llama-2-13b',
  ])('%j is one card, the nodes asked', (text) => {
    const h = hardware(text);
    expect(h.count).toBe(1);
    expect(h.said).toMatch(/1 GPU in all — from the one card the message states; "\d+ nodes" at 8 GPUs each would be \d+ GPUs in all — which did you mean\?/);
  });

  it.each([
    ['2 nodes with one A100 40GB each, lora llama-3-8b', 2],
    ['lora llama-3-8b on 4 nodes, 1 A100 40GB per node', 4],
    ['lora llama-3-8b on 2 nodes of 8x A100 80GB', 16],
  ])('a count said per node stays per node: %j', (text, count) => {
    expect(hardware(text).count).toBe(count);
  });

  it('c589: "Cluster size: 32 nodes … GPU per node: 8x A100 80GB" stays 256 cards', () => {
    const line = loadCorpus().find((l) => l.id === 'c589')!;
    expect(hardware(line.text).count).toBe(256);
  });
});
