import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * "GPU memory utilization" said of what a monitor showed is no setting (prose.observed-memory-util): a range
 * ("is 0-20%"), a word only an observation takes ("stays around", "remains constant at", "of only", "never goes
 * above"), or a verb of looking before the keyword ("nvidia-smi shows …"). The vocabulary's util keyword took the
 * first number: an Ollama user's "GPU memory utilization is 0-20%" refused the whole message as a utilization of 0.
 * Invented variations; before the rule 5 of 12 read right (one refused, four took the monitor's number).
 */

const read = (text: string): Scenario => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return r.scenario;
};

describe("a monitor's memory utilization is not the engine's share", () => {
  it.each([
    ['GPU memory utilization is 0-20%, with Ollama running llama3:70b on CPU, RTX 4070 12GB', 0],
    ['GPU memory utilization is 30-50%, with Ollama running llama3:70b, RTX 4090', 0.3],
    ['llama3:70b with ollama on a 4090, nvidia-smi shows memory utilization of only 30%', 0.3],
    ['qwen2.5-7b in ollama on RTX 3060 12GB, GPU memory utilization stays around 40-50% while the CPU is at 100%', 0.4],
    ['vllm serve qwen2.5-7b on a 4090, the GPU memory utilization remains constant at 86% and 87% under load', 0.86],
    ['serving mistral-7b with vllm on a T4, memory utilization never goes above 60%', 0.6],
    ['vllm on 2x L4 for qwen2.5-14b, I see gpu memory utilization at 35% in nvtop', 0.35],
    // The observation words the card's load rule (prose.observed-gpu-load) shares with this one.
    ['vllm serve qwen2.5-7b on a 4090, gpu memory utilization fluctuates between 40% and 60%', 0.4],
    ['vllm serve qwen2.5-7b on a 4090, gpu memory utilization still 45% after the warm-up', 0.45],
    ['vllm serve qwen2.5-7b on a 4090, the GPU utilization climbs to 95% under load', 0.95],
    ['vllm serve qwen2.5-7b on a 4090, GPU utilization shows 70% in nvtop', 0.7],
  ])('%s', (text, measured) => {
    expect(read(text).inference.gpuMemoryUtilization).not.toBe(measured);
  });

  it.each([
    ['vllm serve qwen2.5-7b --gpu-memory-utilization 0.8 on a 4090', 0.8],
    ['serve qwen2.5-7b with vllm on a 4090 at gpu memory utilization 85%', 0.85],
    ['vllm qwen2.5-7b on L4, gpu memory utilization is 0.85', 0.85],
    ['vllm qwen2.5-7b on L4 with gpu memory utilization 90%', 0.9],
    ['vllm on 2x L4 for qwen2.5-14b: gpu memory utilization 0.95, nvtop shows gpu utilization between 10 and 20%', 0.95],
  ])('the setting itself is still read: %s', (text, util) => {
    expect(read(text).inference.gpuMemoryUtilization).toBe(util);
  });
});
